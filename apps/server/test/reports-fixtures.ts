import { makeCuit } from '@echeq/contract';
import { parse } from 'csv-parse/sync';
import type { Db, Queryable } from '../src/platform/db/db';
import type { TestServer } from './helpers';

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A new company of Banco Demo with its own COMPANY_USER, through the registration call (a clean slate) from an
 * address of its own, approved by the bank as the users screen would.
 */
export async function newCompany(server: TestServer): Promise<{ token: string; companyId: string; tenantId: string }> {
  const email = `rep-${uniq()}@empresa.example`;
  const body8 = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const res = await server.req('POST', '/api/auth/register', {
    body: {
      email,
      password: `Tintero-${uniq()}-Violeta`,
      company_name: `Reportes ${uniq()} S.A.`,
      cuit: makeCuit('30', body8),
    },
    headers: { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  const row = (
    await server.db.query<{ company_id: string; tenant_id: string }>(
      'select company_id, tenant_id from users where email = $1',
      [email],
    )
  ).rows[0]!;
  await server.db.query("update companies set approval = 'APPROVED' where id = $1", [row.company_id]);
  return { token: res.body.data.token, companyId: row.company_id, tenantId: row.tenant_id };
}

export async function tenantId(db: Db, codigo: string): Promise<string> {
  return (await db.query<{ id: string }>('select id from tenants where codigo = $1', [codigo])).rows[0]!.id;
}

export async function companyOf(db: Db, email: string): Promise<{ tenantId: string; companyId: string }> {
  const r = await db.query<{ tenant_id: string; company_id: string }>(
    'select tenant_id, company_id from users where email = $1',
    [email],
  );
  return { tenantId: r.rows[0]!.tenant_id, companyId: r.rows[0]!.company_id };
}

export type CustodyStatus = 'IN_CUSTODY' | 'RELEASED' | 'EXPIRED' | 'CANCELLED';

/** A cheque and its custody record, written straight to the tables (the report reads whatever is there). */
export async function addCustody(
  q: Queryable,
  o: {
    tenantId: string;
    companyId: string;
    amount: string;
    currency?: 'ARS' | 'USD';
    status?: CustodyStatus;
    custodyDate?: string;
  },
): Promise<{ echeqId: string; custodyId: string }> {
  const e = await q.query<{ id: string }>(
    `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, beneficiary)
     values ($1, $2, $3, $4, $5, date '2026-01-10', date '2026-03-10', 'Emisor Test S.A.', 'Beneficiario Test S.A.')
     returning id`,
    [o.tenantId, o.companyId, `RPT-${uniq()}`, o.amount, o.currency ?? 'ARS'],
  );
  const echeqId = e.rows[0]!.id;
  const c = await q.query<{ id: string }>(
    `insert into custody (tenant_id, company_id, echeq_id, status, custody_date, presentation_deadline)
     values ($1, $2, $3, $4, coalesce($5::timestamptz, now()), date '2026-04-09') returning id`,
    [o.tenantId, o.companyId, echeqId, o.status ?? 'IN_CUSTODY', o.custodyDate ?? null],
  );
  return { echeqId, custodyId: c.rows[0]!.id };
}

export type DiscountStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'COMPLETED';

export async function addDiscount(
  q: Queryable,
  o: {
    tenantId: string;
    companyId: string;
    echeqId: string;
    custodyId: string;
    requested: string;
    approved?: string;
    status?: DiscountStatus;
    requestedAt?: string;
  },
): Promise<string> {
  const r = await q.query<{ id: string }>(
    `insert into discounts (tenant_id, company_id, echeq_id, custody_id, requested_amount, approved_amount, status,
       requested_at)
     values ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now())) returning id`,
    [
      o.tenantId,
      o.companyId,
      o.echeqId,
      o.custodyId,
      o.requested,
      o.approved ?? null,
      o.status ?? 'PENDING',
      o.requestedAt ?? null,
    ],
  );
  return r.rows[0]!.id;
}

/** The counters must equal an aggregate over the rows themselves. */
export async function countersMatchRows(db: Db): Promise<{ custody: boolean; discounts: boolean }> {
  const custody = await db.query<{ diff: number }>(
    `with truth as (
       select c.tenant_id, c.company_id, c.status, e.currency, report_month(c.custody_date) as month,
              count(*) as count, sum(e.amount) as amount
       from custody c join echeqs e on e.id = c.echeq_id and e.deleted_at is null group by 1, 2, 3, 4, 5),
     kept as (select * from report_custody_counters where count <> 0 or amount <> 0)
     select count(*)::int as diff from (
       (select tenant_id, company_id, status, currency, month, count, amount from truth
        except select tenant_id, company_id, status, currency, month, count, amount from kept)
       union all
       (select tenant_id, company_id, status, currency, month, count, amount from kept
        except select tenant_id, company_id, status, currency, month, count, amount from truth)) x`,
  );
  const discounts = await db.query<{ diff: number }>(
    `with truth as (
       select d.tenant_id, d.company_id, d.status, e.currency, report_month(d.requested_at) as month,
              count(*) as count, sum(d.requested_amount) as requested_amount,
              coalesce(sum(d.approved_amount), 0) as approved_amount
       from discounts d join echeqs e on e.id = d.echeq_id group by 1, 2, 3, 4, 5),
     kept as (select * from report_discount_counters where count <> 0 or requested_amount <> 0)
     select count(*)::int as diff from (
       (select * from truth except select tenant_id, company_id, status, currency, month, count, requested_amount,
          approved_amount from kept)
       union all
       (select tenant_id, company_id, status, currency, month, count, requested_amount, approved_amount from kept
        except select * from truth)) x`,
  );
  // The bank-wide counters (summed over their shards) must equal the per-company counters summed per bank.
  const bank = await db.query<{ diff: number }>(
    `with c as (select tenant_id, status, currency, month, sum(count) as n, sum(amount) as a
                from report_custody_counters group by 1, 2, 3, 4 having sum(count) <> 0 or sum(amount) <> 0),
          cb as (select tenant_id, status, currency, month, sum(count) as n, sum(amount) as a
                 from report_custody_bank group by 1, 2, 3, 4 having sum(count) <> 0 or sum(amount) <> 0),
          d as (select tenant_id, status, currency, month, sum(count) as n, sum(requested_amount) as r,
                       sum(approved_amount) as a
                from report_discount_counters group by 1, 2, 3, 4
                having sum(count) <> 0 or sum(requested_amount) <> 0 or sum(approved_amount) <> 0),
          db as (select tenant_id, status, currency, month, sum(count) as n, sum(requested_amount) as r,
                        sum(approved_amount) as a
                 from report_discount_bank group by 1, 2, 3, 4
                 having sum(count) <> 0 or sum(requested_amount) <> 0 or sum(approved_amount) <> 0)
     select ((select count(*) from ((select * from c except select * from cb) union all
                                    (select * from cb except select * from c)) x)
           + (select count(*) from ((select * from d except select * from db) union all
                                    (select * from db except select * from d)) y))::int as diff`,
  );
  const bankOk = bank.rows[0]!.diff === 0;
  return { custody: custody.rows[0]!.diff === 0 && bankOk, discounts: discounts.rows[0]!.diff === 0 && bankOk };
}

/**
 * A CSV export (BOM, ';', CRLF) read back by csv-parse into rows of cells, quotes honoured; `sep` reads it as another
 * separator, as a spreadsheet guessing ',' or a tab would (a quote inside a field then stays a character).
 */
export function parseCsv(text: string, sep = ';'): string[][] {
  return parse(text, { delimiter: sep, bom: true, relax_column_count: true, relax_quotes: true });
}

/** Cheques whose custody status (kept on the cheque, migration 0011) is not their latest custody record's. */
export async function custodyStatusDrift(db: Db): Promise<number> {
  const r = await db.query<{ n: number }>(
    `select count(*)::int as n from echeqs e
     left join lateral (select cu.status from custody cu where cu.echeq_id = e.id
                        order by cu.custody_date desc, cu.id desc limit 1) l on true
     where e.custody_status is distinct from l.status`,
  );
  return r.rows[0]!.n;
}
