import type { Queryable } from '../src/platform/db/db';

/** Demo companies by the name the seed gives them. */
export const COMPANY = {
  empresa: 'Empresa Demo S.A.',
  beneficiario: 'Beneficiario Demo S.R.L.',
  sur: 'Comercial Sur S.A.',
} as const;

let counter = 0;

/**
 * Arranges a cheque held in custody for a demo company straight in the database (the discount tests must not
 * depend on how the cheque and custody screens create them). Due dates are calendar dates.
 */
export async function chequeInCustody(
  db: Queryable,
  o: {
    company?: keyof typeof COMPANY;
    amount?: string;
    due: string;
    issue?: string;
    currency?: 'ARS' | 'USD';
    custodyStatus?: 'IN_CUSTODY' | 'RELEASED' | 'EXPIRED' | 'CANCELLED';
    /** The clearing house's validation (a discount needs VALIDATED, the default here). */
    validation?: 'VALIDATED' | 'PENDING' | 'REJECTED';
  },
): Promise<{ echeqId: string; custodyId: string; number: string; tenantId: string; companyId: string }> {
  const c = await db.query<{ id: string; tenant_id: string }>('select id, tenant_id from companies where name = $1', [
    COMPANY[o.company ?? 'empresa'],
  ]);
  const company = c.rows[0]!;
  counter += 1;
  const number = `8${process.pid % 1000}${String(Date.now()).slice(-8)}${counter}`;
  const issue = o.issue ?? addDays(o.due, -60);
  const e = await db.query<{ id: string }>(
    `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, beneficiary,
       validation_status, validated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'Librador Test S.A.', 'Empresa Tenedora', $8,
       case when $8 <> 'PENDING' then now() end) returning id`,
    [
      company.tenant_id,
      company.id,
      number,
      o.amount ?? '100000.00',
      o.currency ?? 'ARS',
      issue,
      o.due,
      o.validation ?? 'VALIDATED',
    ],
  );
  const echeqId = e.rows[0]!.id;
  const k = await db.query<{ id: string }>(
    `insert into custody (tenant_id, company_id, echeq_id, status, presentation_deadline)
     values ($1, $2, $3, $4, $5::date + 30) returning id`,
    [company.tenant_id, company.id, echeqId, o.custodyStatus ?? 'IN_CUSTODY', o.due],
  );
  return { echeqId, custodyId: k.rows[0]!.id, number, tenantId: company.tenant_id, companyId: company.id };
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function auditActions(db: Queryable, entityId: string): Promise<string[]> {
  const r = await db.query<{ action: string }>('select action from audit_log where entity_id = $1 order by id', [
    entityId,
  ]);
  return r.rows.map((x) => x.action);
}

export async function outboxOps(db: Queryable, entityId: string): Promise<string[]> {
  const r = await db.query<{ operation: string }>(
    'select operation from clearing_outbox where entity_id = $1 order by id',
    [entityId],
  );
  return r.rows.map((x) => x.operation);
}
