import { CHEQUEBOOK_SIZE, type Currency, formatChequeNumber, makeCbu } from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';
import { AppError, conflict, notFound, validationError } from '../../platform/http/app-error';
import {
  freeBankCode,
  insertAccountBank,
  insertChequebook,
  lockAccountBank,
  nextAccountNumber,
  reserveChequeRange,
} from './accounts.queries';

/** The branch of every CBU the platform gives (the bank's one branch on the platform). */
const PLATFORM_BRANCH = '0001';

export const duplicateCbu = () =>
  new AppError('DUPLICATE', 'Ya existe una cuenta con ese CBU', {
    errors: [{ path: 'cbu', message: 'CBU ya utilizado' }],
  });

/**
 * The bank's code for its CBUs, with the bank's numbering row locked for the rest of the transaction (new accounts
 * and chequebooks of one bank wait for each other). A bank without one takes `code` (the seed's), the code of the
 * first CBU it gives, or the lowest free code from 900 to 999.
 */
export async function bankCodeFor(tx: Queryable, tenantId: string, proposed?: string): Promise<string> {
  const held = await lockAccountBank(tx, tenantId);
  if (held) return held.bank_code;
  const code = proposed ?? (await freeBankCode(tx));
  if (!code) throw conflict('No quedan códigos de banco libres para generar el CBU: indique el CBU de la cuenta');
  if (!(await insertAccountBank(tx, tenantId, code))) {
    throw validationError('El CBU no es de este banco', [{ path: 'cbu', message: 'Código de banco de otra entidad' }]);
  }
  return (await lockAccountBank(tx, tenantId))!.bank_code;
}

/**
 * Adds a chequebook of CHEQUEBOOK_SIZE numbers after every range the bank gave, from the bank's numbering row
 * (locked by the update), so two chequebooks of one bank never share a number.
 */
export async function addChequebook(
  tx: Queryable,
  input: { accountId: string; tenantId: string; active: boolean; at: Date; userId: string | null },
) {
  const first = await reserveChequeRange(tx, input.tenantId, CHEQUEBOOK_SIZE);
  if (first === null) throw conflict('El banco no tiene más números de cheque para nuevas chequeras');
  const last = first + CHEQUEBOOK_SIZE - 1;
  const id = await insertChequebook(tx, { ...input, first, last });
  return { id, first, last };
}

/**
 * A new current account of a client company with its first chequebook active, inside the caller's transaction
 * (the caller audits). Without `cbu` the platform gives one: the bank's code, branch 0001, the bank's next account
 * number and both check digits. A given CBU (already validated by the contract's schema) must be the bank's.
 */
export async function createAccount(
  tx: Queryable,
  input: {
    tenantId: string;
    companyId: string;
    currency: 'ARS' | 'USD';
    cbu?: string | undefined;
    at: Date;
    userId: string | null;
  },
): Promise<{ accountId: string; cbu: string; book: { id: string; first: number; last: number } }> {
  const bankCode = await bankCodeFor(tx, input.tenantId, input.cbu?.slice(0, 3));
  if (input.cbu && !input.cbu.startsWith(bankCode)) {
    throw validationError('El CBU no es de este banco', [
      { path: 'cbu', message: `El CBU debe empezar con el código del banco (${bankCode})` },
    ]);
  }
  const cbu =
    input.cbu ??
    makeCbu({
      bankCode,
      branch: PLATFORM_BRANCH,
      account: String(await nextAccountNumber(tx, input.tenantId)),
    });
  const dup = await tx.query('select 1 from current_accounts where cbu = $1', [cbu]);
  if (dup.rows.length > 0) throw duplicateCbu();
  const r = await tx.query<{ id: string }>(
    `insert into current_accounts (tenant_id, company_id, cbu, currency, created_at, created_by)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [input.tenantId, input.companyId, cbu, input.currency, input.at, input.userId],
  );
  const accountId = r.rows[0]!.id;
  const book = await addChequebook(tx, {
    accountId,
    tenantId: input.tenantId,
    active: true,
    at: input.at,
    userId: input.userId,
  });
  return { accountId, cbu, book };
}

/** Statements an issue runs at most while other issues of the account exhaust the books it chose. */
const TAKE_ATTEMPTS = 8;

/**
 * Takes the next free cheque number of the account. The account's row is locked first, so concurrent issues on one
 * account take numbers one at a time, on one server process or several; the number comes from the account's oldest
 * active chequebook with numbers left, which is marked EXHAUSTED when its last number goes. A number is never given
 * twice.
 *
 * `records` (optional) are the rows the number is taken for (the issue's outbox and audit records), written by the
 * same statement from its `taken` part (`insertsFrom(…, 'taken', values)`: `taken.number` is the number, 8 digits):
 * the number and its records are then one statement, atomic without a transaction, and the account is locked only
 * while that statement runs, not over round trips of the caller. A number is taken with its records or not at all.
 *
 * The lock and the number are one statement: the account's lock is taken before the chequebook is touched (a
 * condition on the locked row alone, checked before the update reads anything), but the chequebook was chosen on
 * the statement's snapshot, taken before the lock was waited for: an issue that held it may have exhausted that
 * book meanwhile. The update's own condition (the book still active) is checked again on the row as that issue left
 * it, so a stale choice takes nothing (nor writes its records), and the statement runs again on a newer snapshot, as
 * long as that snapshot saw an active book (each stale choice means another issue took that book's last number: the
 * account is moving on). 409 when a snapshot sees none left.
 */
export async function takeNextChequeNumber(
  q: Queryable,
  accountId: string,
  records?: (values: unknown[]) => string[],
): Promise<{ number: string; chequebookId: string }> {
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    const values: unknown[] = [accountId];
    const writes = records?.(values) ?? [];
    const r = await q.query<{ status: string; id: string | null; number: string | null; book: boolean }>(
      `with account as materialized (
         select status from current_accounts where id = $1 for no key update
       ), chosen as materialized (
         select id from chequebooks where account_id = $1 and status = 'ACTIVE' order by first_number limit 1
       ), taken as (
         update chequebooks b
         set next_number = b.next_number + 1,
             status = case when b.next_number + 1 > b.last_number then 'EXHAUSTED' else 'ACTIVE' end
         where (select status from account) = 'ACTIVE'
           and b.id = (select id from chosen)
           and b.status = 'ACTIVE'
         returning b.id, lpad((b.next_number - 1)::text, 8, '0') as number
       )${writes.map((sql, i) => `, w${i} as (${sql})`).join('')}
       select a.status, t.id, t.number, exists (select 1 from chosen) as book
       from account a left join taken t on true`,
      values,
    );
    const row = r.rows[0];
    if (!row) throw notFound('Cuenta no encontrada');
    if (row.status !== 'ACTIVE') throw conflict('La cuenta no está activa: no puede emitir cheques');
    if (row.id !== null && row.number !== null) {
      return { number: formatChequeNumber(Number(row.number)), chequebookId: row.id };
    }
    if (!row.book) break;
  }
  throw conflict('La cuenta no tiene números de cheque disponibles: solicite una chequera nueva');
}

/** The account a company issues from, with the company as the cheque names its issuer. */
export type IssuingAccount = { cuit: string; name: string; cbu: string; currency: Currency; status: string };

/** The company's account and the company (CUIT, name) in one statement; null when the account is not its own. */
export async function issuingAccount(
  q: Queryable,
  accountId: string,
  companyId: string,
): Promise<IssuingAccount | null> {
  const r = await q.query<IssuingAccount>(
    `select btrim(co.cuit) as cuit, co.name, a.cbu, btrim(a.currency) as currency, a.status
     from current_accounts a join companies co on co.id = a.company_id where a.id = $1 and a.company_id = $2`,
    [accountId, companyId],
  );
  return r.rows[0] ?? null;
}

/**
 * Bank codes already read, by tenant id. A bank is given its code once, with its first account, and never loses or
 * changes it (account_banks is never deleted from nor its code updated), so a code read committed is good for the
 * life of the process. Read on every operation and inbox pass of the lifecycle (2.5 statements per operation).
 */
const knownBankCodes = new Map<string, string>();
const KNOWN_BANK_CODES_MAX = 10_000;

/** The bank's code for its CBUs, or null while it has opened no account (read only: nothing is locked). */
export async function bankCodeOf(q: Queryable, tenantId: string): Promise<string | null> {
  const known = knownBankCodes.get(tenantId);
  if (known) return known;
  const r = await q.query<{ bank_code: string }>('select bank_code from account_banks where tenant_id = $1', [
    tenantId,
  ]);
  const code = r.rows[0]?.bank_code ?? null;
  // Only what a handle outside any transaction read is known committed: inside one, the code may be this
  // transaction's own, not yet committed (the first account), and gone if it rolls back.
  if (code && 'transaction' in q && knownBankCodes.size < KNOWN_BANK_CODES_MAX) knownBankCodes.set(tenantId, code);
  return code;
}

/** Banks already read by code, the other way round (same reasons: a code once given is its bank's for good). */
const knownBanksByCode = new Map<string, string>();

/**
 * The bank (tenant) whose CBUs carry this code, or null for a bank off the platform (not remembered: it may open
 * its first account later). Read after every lifecycle operation (the bank a cheque is drawn on).
 */
export async function tenantOfBankCode(q: Queryable, bankCode: string): Promise<string | null> {
  const known = knownBanksByCode.get(bankCode);
  if (known) return known;
  const r = await q.query<{ tenant_id: string }>('select tenant_id from account_banks where bank_code = $1', [
    bankCode,
  ]);
  const tenantId = r.rows[0]?.tenant_id ?? null;
  if (tenantId && 'transaction' in q && knownBanksByCode.size < KNOWN_BANK_CODES_MAX) {
    knownBanksByCode.set(bankCode, tenantId);
  }
  return tenantId;
}
