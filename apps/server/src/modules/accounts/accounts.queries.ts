import type { Queryable } from '../../platform/db/db';

export type AccountRow = {
  id: string;
  tenant_id: string;
  company_id: string;
  company_name: string;
  company_cuit: string;
  bank_name: string;
  cbu: string;
  currency: 'ARS' | 'USD';
  status: 'ACTIVE' | 'CLOSED';
  created_at: Date | string;
};

export type ChequebookRow = {
  id: string;
  account_id: string;
  first_number: number;
  last_number: number;
  next_number: number;
  status: 'PENDING' | 'ACTIVE' | 'EXHAUSTED';
  requested_at: Date | string;
  activated_at: Date | string | null;
};

const ACCOUNT_SELECT = `
  select a.id, a.tenant_id, a.company_id, c.name as company_name, c.cuit as company_cuit, t.nombre as bank_name,
         a.cbu, a.currency, a.status, a.created_at
  from current_accounts a
  join companies c on c.id = a.company_id
  join tenants t on t.id = a.tenant_id`;

/** Accounts matching `where` (built by the caller from the scope), oldest first. */
export async function listAccountRows(q: Queryable, where: string, params: unknown[]): Promise<AccountRow[]> {
  const r = await q.query<AccountRow>(
    `${ACCOUNT_SELECT} where ${where} order by c.name, a.created_at, a.currency, a.id`,
    params,
  );
  return r.rows;
}

/** One account, or null; `forUpdate` locks its row (every number and chequebook change of it waits). */
export async function findAccountRow(
  q: Queryable,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<AccountRow | null> {
  const r = await q.query<AccountRow>(`${ACCOUNT_SELECT} where a.id = $1${opts.forUpdate ? ' for update of a' : ''}`, [
    id,
  ]);
  return r.rows[0] ?? null;
}

const CHEQUEBOOK_COLUMNS = 'id, account_id, first_number, last_number, next_number, status, requested_at, activated_at';

export async function chequebooksOf(q: Queryable, accountIds: string[]): Promise<ChequebookRow[]> {
  if (accountIds.length === 0) return [];
  const r = await q.query<ChequebookRow>(
    `select ${CHEQUEBOOK_COLUMNS} from chequebooks where account_id = any($1::uuid[]) order by first_number`,
    [accountIds],
  );
  return r.rows;
}

export async function findChequebook(q: Queryable, id: string): Promise<ChequebookRow | null> {
  const r = await q.query<ChequebookRow>(`select ${CHEQUEBOOK_COLUMNS} from chequebooks where id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** The company, when it is a client of the bank (approved), or null. */
export async function findClient(
  q: Queryable,
  tenantId: string,
  companyId: string,
): Promise<{ id: string; name: string } | null> {
  const r = await q.query<{ id: string; name: string }>(
    `select id, name from companies where id = $1 and tenant_id = $2 and approval = 'APPROVED'`,
    [companyId, tenantId],
  );
  return r.rows[0] ?? null;
}

export async function listClients(
  q: Queryable,
  where: string,
  params: unknown[],
): Promise<{ id: string; name: string; cuit: string; accounts: number }[]> {
  const r = await q.query<{ id: string; name: string; cuit: string; accounts: number }>(
    `select c.id, c.name, c.cuit,
            (select count(*)::int from current_accounts a where a.company_id = c.id) as accounts
     from companies c where c.approval = 'APPROVED' and ${where} order by c.name, c.id`,
    params,
  );
  return r.rows;
}

/** The bank's numbering row, locked for the rest of the transaction, or null when the bank has none yet. */
export async function lockAccountBank(q: Queryable, tenantId: string): Promise<{ bank_code: string } | null> {
  const r = await q.query<{ bank_code: string }>(
    'select bank_code from account_banks where tenant_id = $1 for update',
    [tenantId],
  );
  return r.rows[0] ?? null;
}

/** The lowest code from 900 to 999 no bank holds, or null. */
export async function freeBankCode(q: Queryable): Promise<string | null> {
  const r = await q.query<{ code: string }>(
    `select lpad(n::text, 3, '0') as code from generate_series(900, 999) n
     where not exists (select 1 from account_banks b where b.bank_code = lpad(n::text, 3, '0')) order by n limit 1`,
  );
  return r.rows[0]?.code ?? null;
}

/** Gives the bank its code; false when another bank holds it (or the bank has one already). */
export async function insertAccountBank(q: Queryable, tenantId: string, code: string): Promise<boolean> {
  const r = await q.query('insert into account_banks (tenant_id, bank_code) values ($1, $2) on conflict do nothing', [
    tenantId,
    code,
  ]);
  return r.rowCount > 0;
}

/** The bank's next account number for a CBU the platform makes (the bank's row is locked). */
export async function nextAccountNumber(q: Queryable, tenantId: string): Promise<number> {
  const r = await q.query<{ n: string }>(
    'update account_banks set last_account = last_account + 1 where tenant_id = $1 returning last_account::text as n',
    [tenantId],
  );
  return Number(r.rows[0]!.n);
}

/** Reserves the bank's next `size` cheque numbers; the first of them (none left: null). */
export async function reserveChequeRange(q: Queryable, tenantId: string, size: number): Promise<number | null> {
  const r = await q.query<{ last: number }>(
    `update account_banks set last_cheque = last_cheque + $2
     where tenant_id = $1 and last_cheque + $2 <= 99999999 returning last_cheque as last`,
    [tenantId, size],
  );
  const last = r.rows[0]?.last;
  return last === undefined ? null : last - size + 1;
}

export async function insertChequebook(
  q: Queryable,
  c: {
    accountId: string;
    tenantId: string;
    first: number;
    last: number;
    active: boolean;
    at: Date;
    userId: string | null;
  },
): Promise<string> {
  const r = await q.query<{ id: string }>(
    `insert into chequebooks (account_id, tenant_id, first_number, last_number, next_number, status,
                              requested_at, requested_by, activated_at, activated_by)
     values ($1, $2, $3, $4, $3, $5, $6, $7, case when $8 then $6::timestamptz end, case when $8 then $7::uuid end)
     returning id`,
    [c.accountId, c.tenantId, c.first, c.last, c.active ? 'ACTIVE' : 'PENDING', c.at, c.userId, c.active],
  );
  return r.rows[0]!.id;
}
