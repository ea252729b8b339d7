import {
  type AccountClient,
  CHEQUEBOOK_REQUEST_THRESHOLD,
  type CurrentAccount,
  type listAccountsQuerySchema,
  type openAccountBodySchema,
} from '@echeq/contract';
import type { z } from 'zod';
import { type Ctx, type Scope, scopeOf } from '../../platform/auth/actor';
import { isDbError, type Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { addChequebook, createAccount, duplicateCbu } from './accounts.book';
import { mayRequestChequebook, toAccountDto } from './accounts.mapper';
import {
  type AccountRow,
  chequebooksOf,
  findAccountRow,
  findChequebook,
  findClient,
  listAccountRows,
  listClients,
} from './accounts.queries';

type AccountsDeps = Pick<Deps, 'db' | 'clock'>;
/** What chequebooks ask of clearing, which comes after this module in the order (app.ts passes it). */
export type AccountsClearing = { onSandbox: (q: Queryable, tenantId: string) => Promise<boolean> };
type ListInput = z.output<typeof listAccountsQuerySchema>;
type OpenInput = z.output<typeof openAccountBodySchema>;

const accountNotFound = () => notFound('Cuenta no encontrada');

/** The SQL condition and parameters of what the scope sees, on `a` (accounts) or `c` (companies). */
function scopeWhere(scope: Scope, tenantCol: string, companyCol: string): { sql: string; params: unknown[] } {
  if (scope.kind === 'all') return { sql: 'true', params: [] };
  if (scope.kind === 'tenant') return { sql: `${tenantCol} = $1`, params: [scope.tenantId] };
  return { sql: `${tenantCol} = $1 and ${companyCol} = $2`, params: [scope.tenantId, scope.companyId] };
}

async function withChequebooks(q: Queryable, rows: AccountRow[]): Promise<CurrentAccount[]> {
  const books = await chequebooksOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toAccountDto(
      r,
      books.filter((b) => b.account_id === r.id),
    ),
  );
}

/** The accounts the caller sees: its company's, or its bank's clients' (optionally one client's), or all. */
export async function listAccounts(opts: { deps: AccountsDeps; ctx: Ctx; query: ListInput }) {
  const scope = scopeOf(opts.ctx.actor);
  const where = scopeWhere(scope, 'a.tenant_id', 'a.company_id');
  let sql = where.sql;
  const params = [...where.params];
  if (opts.query.company_id) {
    params.push(opts.query.company_id);
    sql += ` and a.company_id = $${params.length}`;
  }
  return withChequebooks(opts.deps.db, await listAccountRows(opts.deps.db, sql, params));
}

/** The client companies in the caller's scope, with how many accounts each has. */
export async function listAccountClients(opts: { deps: AccountsDeps; ctx: Ctx }): Promise<AccountClient[]> {
  const where = scopeWhere(scopeOf(opts.ctx.actor), 'c.tenant_id', 'c.id');
  return listClients(opts.deps.db, where.sql, where.params);
}

/** An account in the caller's scope (404 otherwise: another tenant's or company's account is never revealed). */
async function accountInScope(q: Queryable, ctx: Ctx, id: string, forUpdate = false): Promise<AccountRow> {
  const row = await findAccountRow(q, id, { forUpdate });
  const scope = scopeOf(ctx.actor);
  if (!row) throw accountNotFound();
  if (scope.kind !== 'all' && row.tenant_id !== scope.tenantId) throw accountNotFound();
  if (scope.kind === 'company' && row.company_id !== scope.companyId) throw accountNotFound();
  return row;
}

async function accountDto(q: Queryable, id: string): Promise<CurrentAccount> {
  const row = await findAccountRow(q, id);
  if (!row) throw accountNotFound();
  return (await withChequebooks(q, [row]))[0]!;
}

/**
 * A bank administrator opens a current account for one of its client companies, with its first chequebook
 * active. Without a CBU the platform gives one (the bank's code, branch 0001, its next account number, both check
 * digits); a given CBU (valid, by the contract's schema) must carry the bank's code. Audited.
 */
export async function openAccount(opts: { deps: AccountsDeps; ctx: Ctx; body: OpenInput }): Promise<CurrentAccount> {
  const { deps, ctx, body } = opts;
  const scope = scopeOf(ctx.actor);
  if (scope.kind !== 'tenant') throw new AppError('FORBIDDEN', 'Solo un banco abre cuentas de sus clientes');
  const now = deps.clock.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
      const client = await findClient(tx, scope.tenantId, body.company_id);
      if (!client) throw notFound('Empresa no encontrada entre los clientes del banco');
      const { accountId, cbu, book } = await createAccount(tx, {
        tenantId: scope.tenantId,
        companyId: body.company_id,
        currency: body.currency,
        cbu: body.cbu,
        at: now,
        userId: ctx.actor.userId,
      });
      await recordAudit(tx, ctx, {
        action: 'account.open',
        entity: 'account',
        entityId: accountId,
        tenantId: scope.tenantId,
        after: {
          company_id: body.company_id,
          company_name: client.name,
          cbu,
          currency: body.currency,
          status: 'ACTIVE',
          chequebook: { id: book.id, first: book.first, last: book.last },
        },
      });
      return accountId;
    });
    return accountDto(deps.db, id);
  } catch (err) {
    if (isDbError(err) && err.code === '23505') throw duplicateCbu();
    throw err;
  }
}

/**
 * A company asks for a new chequebook for one of its accounts: only while its active chequebooks have fewer than 5
 * numbers left and none awaits the bank. On the sandbox it is activated at once; otherwise it waits for the bank.
 */
export async function requestChequebook(opts: {
  deps: AccountsDeps;
  clearing: AccountsClearing;
  ctx: Ctx;
  accountId: string;
}): Promise<CurrentAccount> {
  const { deps, ctx, clearing } = opts;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await accountInScope(tx, ctx, opts.accountId, true);
    if (account.status !== 'ACTIVE') throw conflict('La cuenta no está activa: no puede pedir chequeras');
    const books = await chequebooksOf(tx, [account.id]);
    if (books.some((b) => b.status === 'PENDING')) {
      throw conflict('La cuenta ya tiene una chequera pendiente de activación por el banco');
    }
    if (!mayRequestChequebook(account, books)) {
      throw conflict(
        `Solo puede pedirse una chequera nueva cuando quedan menos de ${CHEQUEBOOK_REQUEST_THRESHOLD} cheques disponibles`,
      );
    }
    const active = await clearing.onSandbox(tx, account.tenant_id);
    const book = await addChequebook(tx, {
      accountId: account.id,
      tenantId: account.tenant_id,
      active,
      at: now,
      userId: ctx.actor.userId,
    });
    await recordAudit(tx, ctx, {
      action: 'chequebook.request',
      entity: 'chequebook',
      entityId: book.id,
      tenantId: account.tenant_id,
      after: {
        account_id: account.id,
        cbu: account.cbu,
        first: book.first,
        last: book.last,
        status: active ? 'ACTIVE' : 'PENDING',
      },
    });
  });
  return accountDto(deps.db, opts.accountId);
}

/** The bank activates a chequebook its client requested (a bank administrator of the account's bank). */
export async function activateChequebook(opts: {
  deps: AccountsDeps;
  ctx: Ctx;
  accountId: string;
  chequebookId: string;
}): Promise<CurrentAccount> {
  const { deps, ctx } = opts;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await accountInScope(tx, ctx, opts.accountId, true);
    const book = await findChequebook(tx, opts.chequebookId);
    if (!book || book.account_id !== account.id) throw notFound('Chequera no encontrada');
    if (book.status !== 'PENDING') throw conflict('La chequera ya está activa');
    await tx.query(`update chequebooks set status = 'ACTIVE', activated_at = $2, activated_by = $3 where id = $1`, [
      book.id,
      now,
      ctx.actor.userId,
    ]);
    await recordAudit(tx, ctx, {
      action: 'chequebook.activate',
      entity: 'chequebook',
      entityId: book.id,
      tenantId: account.tenant_id,
      before: { status: 'PENDING' },
      after: { status: 'ACTIVE', account_id: account.id, cbu: account.cbu },
    });
  });
  return accountDto(deps.db, opts.accountId);
}
