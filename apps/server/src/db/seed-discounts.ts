import { centsToDecimal, type DiscountStatus, toCents } from '@echeq/contract';
import { priceDiscount } from '../modules/discounts';
import { buenosAiresDate } from '../platform/clock';
import type { Queryable } from '../platform/db/db';
import type { SeedIds, SeedStep } from './seed-step';

type Cheque = {
  echeq_id: string;
  custody_id: string;
  tenant_id: string;
  company_id: string;
  amount: string;
  due_date: string;
};

type Plan = {
  status: DiscountStatus;
  /** Share of the cheque's amount requested, in percent. */
  percent: bigint;
  /** Days before today the request was made (and, for later steps, approved / closed). */
  requestedDaysAgo: number;
  decidedDaysAgo?: number;
  closedDaysAgo?: number;
  notes?: string;
  rejectionReason?: string;
};

const DAY = 86_400_000;

/**
 * Per cheque (soonest due first), the discounts it gets, oldest first; a cheque keeps at most one open one.
 * Four cheques show all five statuses; every other cheque in custody stays free for a new request.
 */
const DEMO_PLAN: Plan[][] = [
  [
    { status: 'CANCELLED', percent: 100n, requestedDaysAgo: 9, closedDaysAgo: 8, notes: 'Monto a revisar' },
    { status: 'PENDING', percent: 80n, requestedDaysAgo: 1, notes: 'Necesidad de capital de trabajo' },
  ],
  [
    {
      status: 'REJECTED',
      percent: 100n,
      requestedDaysAgo: 12,
      decidedDaysAgo: 11,
      rejectionReason: 'Rechazado por el administrador',
    },
    { status: 'APPROVED', percent: 90n, requestedDaysAgo: 4, decidedDaysAgo: 3, notes: 'Pago a proveedores' },
  ],
  [{ status: 'COMPLETED', percent: 100n, requestedDaysAgo: 15, decidedDaysAgo: 14, closedDaysAgo: 13 }],
  [{ status: 'PENDING', percent: 50n, requestedDaysAgo: 0, notes: 'Adelanto parcial' }],
];

const SUR_PLAN: Plan[][] = [
  [{ status: 'APPROVED', percent: 100n, requestedDaysAgo: 3, decidedDaysAgo: 2 }],
  [{ status: 'PENDING', percent: 70n, requestedDaysAgo: 1, notes: 'Solicitud Banco Sur' }],
];

/** How many of a company's cheques in custody the seed leaves without any discount, at least. */
const KEEP_FREE = 3;

async function chequesInCustody(tx: Queryable, companyId: string, today: string): Promise<Cheque[]> {
  // Cheques due far enough ahead that a request made up to 15 days ago was valid and approval still is, validated by
  // the clearing house as they are (a discount needs it).
  const r = await tx.query<Cheque>(
    `select e.id as echeq_id, c.id as custody_id, c.tenant_id, c.company_id, e.amount, e.due_date
     from custody c join echeqs e on e.id = c.echeq_id
     where c.company_id = $1 and c.status = 'IN_CUSTODY' and e.deleted_at is null and e.status = 'ACTIVE'
       and e.validation_status = 'VALIDATED' and e.due_date > $2::date + 7
       and not exists (select 1 from discounts d where d.echeq_id = e.id)
     order by e.due_date, e.number`,
    [companyId, today],
  );
  return r.rows;
}

async function seedCompany(
  tx: Queryable,
  companyId: string | undefined,
  userId: string | undefined,
  adminId: string | undefined,
  plan: Plan[][],
): Promise<void> {
  if (!companyId) return;
  const now = Date.now();
  const today = buenosAiresDate(new Date(now));
  const cheques = await chequesInCustody(tx, companyId, today);
  // Keep KEEP_FREE cheques free when there are enough; with few cheques, still show at least two discounts.
  const usable = Math.min(plan.length, Math.max(cheques.length - KEEP_FREE, Math.min(cheques.length, 2)));
  for (let i = 0; i < usable; i++) {
    const cheque = cheques[i]!;
    const rate = await tx.query<{ discount_rate: string }>('select discount_rate from tenants where id = $1', [
      cheque.tenant_id,
    ]);
    for (const step of plan[i]!) {
      await insertPlanned(tx, cheque, step, rate.rows[0]?.discount_rate ?? '0.45', { now, userId, adminId });
    }
  }
}

async function insertPlanned(
  tx: Queryable,
  cheque: Cheque,
  p: Plan,
  rate: string,
  who: { now: number; userId: string | undefined; adminId: string | undefined },
): Promise<void> {
  const at = (daysAgo: number | undefined) => (daysAgo === undefined ? null : new Date(who.now - daysAgo * DAY));
  const requested = centsToDecimal((toCents(cheque.amount) * p.percent) / 100n);
  const requestedAt = at(p.requestedDaysAgo)!;
  const decidedAt = at(p.decidedDaysAgo);
  const closedAt = at(p.closedDaysAgo);
  let approvedAmount: string | null = null;
  let appliedRate: string | null = null;
  let days: number | null = null;
  if ((p.status === 'APPROVED' || p.status === 'COMPLETED') && decidedAt) {
    const priced = priceDiscount({
      requestedAmount: requested,
      annualRate: rate,
      approvalDate: buenosAiresDate(decidedAt),
      dueDate: cheque.due_date,
    });
    if (!priced.ok) return;
    approvedAmount = priced.price.approvedAmount;
    appliedRate = priced.price.rate;
    days = priced.price.days;
  }
  const approved = p.status === 'APPROVED' || p.status === 'COMPLETED';
  await tx.query(
    `insert into discounts (tenant_id, company_id, echeq_id, custody_id, requested_amount, approved_amount, rate, days,
       status, notes, rejection_reason, requested_by, requested_at,
       approved_by, approved_at, rejected_by, rejected_at, cancelled_by, cancelled_at, completed_by, completed_at,
       updated_at, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)`,
    [
      cheque.tenant_id,
      cheque.company_id,
      cheque.echeq_id,
      cheque.custody_id,
      requested,
      approvedAmount,
      appliedRate,
      days,
      p.status,
      p.notes ?? null,
      p.status === 'REJECTED' ? (p.rejectionReason ?? 'Rechazado por el administrador') : null,
      who.userId ?? null,
      requestedAt,
      approved ? (who.adminId ?? null) : null,
      approved ? decidedAt : null,
      p.status === 'REJECTED' ? (who.adminId ?? null) : null,
      p.status === 'REJECTED' ? decidedAt : null,
      p.status === 'CANCELLED' ? (who.userId ?? null) : null,
      p.status === 'CANCELLED' ? closedAt : null,
      p.status === 'COMPLETED' ? (who.adminId ?? null) : null,
      p.status === 'COMPLETED' ? closedAt : null,
      closedAt ?? decidedAt ?? requestedAt,
      p.status === 'PENDING' ? 1 : p.status === 'COMPLETED' ? 3 : 2,
    ],
  );
  // The approval made the cheque the bank's (as approveDiscount does).
  if (approved) {
    await tx.query('update echeqs set discounted_at = $2 where id = $1 and discounted_at is null', [
      cheque.echeq_id,
      decidedAt,
    ]);
  }
}

/**
 * Demo discounts in every status for Empresa Demo's cheques in custody (and a couple for Banco Sur's company),
 * priced with each bank's rate as of their approval date. Reads the cheques in custody the book seed created, so
 * it does not depend on how that step hands over its ids; with no cheques in custody it seeds nothing.
 */
export const seedDiscounts: SeedStep = async (tx, ids: SeedIds) => {
  await seedCompany(
    tx,
    ids.companies.empresa,
    ids.users['emisor@empresa.example'],
    ids.users['admin@banco.example'],
    DEMO_PLAN,
  );
  await seedCompany(
    tx,
    ids.companies.sur,
    ids.users['empresa@sur.example'],
    ids.users['admin@bancosur.example'],
    SUR_PLAN,
  );
};
