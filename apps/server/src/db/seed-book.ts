import { makeCuit } from '@echeq/contract';
import { addDays, buenosAiresDate } from '../platform/clock';
import type { SeedCustody, SeedStep } from './seed-step';

type ChequeStatus = 'ACTIVE' | 'CANCELLED' | 'PAID' | 'EXPIRED';
type Validation = 'VALIDATED' | 'PENDING' | 'REJECTED';
type CustodyStatus = 'IN_CUSTODY' | 'RELEASED' | 'EXPIRED' | 'CANCELLED';

/** One demo cheque: dates are days relative to the seeding day, so the book always looks current. */
type Spec = {
  company: 'empresa' | 'beneficiario' | 'avalista' | 'sur';
  amount: string;
  currency?: 'ARS' | 'USD';
  /** Due date, in days from today (negative: already due). */
  due: number;
  /** Days between issue and due date. */
  term: number;
  status: ChequeStatus;
  validation: Validation;
  /** Received (the company is the beneficiary) or issued by the company. */
  received: boolean;
  counterpart: number;
  custody?: CustodyStatus;
  notes?: string;
};

const COUNTERPARTS = [
  ['Agropecuaria Los Álamos S.A.', '30', '61234501'],
  ['Distribuidora del Litoral S.R.L.', '30', '62345602'],
  ['Metalúrgica San Martín S.A.', '30', '63456703'],
  ['Transportes Patagónicos S.A.', '30', '64567804'],
  ['Construcciones del Plata S.A.', '30', '65678905'],
  ['Alimentos La Pampa S.A.', '30', '66789006'],
  ['Textil Río Cuarto S.R.L.', '30', '67890107'],
  ['Laboratorios Andinos S.A.', '30', '68901208'],
  ['Ferretería Industrial Norte S.R.L.', '33', '69012309'],
  ['Bodegas de Cuyo S.A.', '30', '70123410'],
  ['Logística Mediterránea S.A.', '30', '71234511'],
  ['Papelera Quilmes S.R.L.', '30', '72345612'],
  ['Frigorífico Santa Rosa S.A.', '30', '73456713'],
  ['Cooperativa Agrícola Pergamino Ltda.', '30', '74567814'],
  ['Química del Sur S.A.', '30', '75678915'],
  ['Molinos Tandil S.A.', '30', '76789016'],
].map(([name, prefix, body]) => ({ name: name as string, cuit: makeCuit(prefix as string, body as string) }));

const COMPANY_NAMES: Record<Spec['company'], string> = {
  empresa: 'Empresa Demo S.A.',
  beneficiario: 'Beneficiario Demo S.R.L.',
  avalista: 'Avalista Demo S.A.',
  sur: 'Comercial Sur S.A.',
};
const COMPANY_CUITS: Record<Spec['company'], string> = {
  empresa: makeCuit('30', '71234567'),
  beneficiario: makeCuit('30', '72345678'),
  avalista: makeCuit('30', '73456789'),
  sur: makeCuit('30', '74567890'),
};

const RELEASE_REASONS = [
  'Cobro al vencimiento',
  'Solicitud del cliente para endoso a proveedor',
  'Retiro para depósito en otra entidad',
];
const REJECTION = 'El CUIT del emisor no coincide con el padrón de COELSA';

/* biome-ignore format: one cheque per line reads as a table */
const BOOK: Spec[] = [
  // Empresa Demo S.A.: 30 cheques, every cheque, validation and custody status.
  { company: 'empresa', amount: '1250000.00', due: 45, term: 90, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 0, custody: 'IN_CUSTODY', notes: 'Cobro de cosecha gruesa' },
  { company: 'empresa', amount: '845320.50', due: 30, term: 60, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 1, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '3400000.00', due: 75, term: 120, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 2, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '127899.99', due: 12, term: 30, status: 'ACTIVE', validation: 'PENDING', received: true, counterpart: 3, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '2150000.00', due: 100, term: 150, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 4, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '15000.00', currency: 'USD', due: 60, term: 90, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 5, custody: 'IN_CUSTODY', notes: 'Exportación de maquinaria' },
  { company: 'empresa', amount: '560000.00', due: 20, term: 45, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 6, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '982450.75', due: 130, term: 180, status: 'ACTIVE', validation: 'PENDING', received: true, counterpart: 7, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '4750000.00', due: 160, term: 200, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 8, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '310500.00', due: -6, term: 60, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 9, custody: 'IN_CUSTODY', notes: 'Vencido, en plazo de presentación' },
  { company: 'empresa', amount: '1890000.00', due: 90, term: 120, status: 'ACTIVE', validation: 'REJECTED', received: true, counterpart: 10, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '675000.00', due: 52, term: 80, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 11, custody: 'IN_CUSTODY' },
  { company: 'empresa', amount: '1120000.00', due: 15, term: 60, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 12, custody: 'RELEASED' },
  { company: 'empresa', amount: '248000.00', due: -20, term: 60, status: 'PAID', validation: 'VALIDATED', received: true, counterpart: 13, custody: 'RELEASED' },
  { company: 'empresa', amount: '3900000.00', due: -45, term: 90, status: 'PAID', validation: 'VALIDATED', received: true, counterpart: 14, custody: 'RELEASED' },
  { company: 'empresa', amount: '8200.00', currency: 'USD', due: 40, term: 90, status: 'ACTIVE', validation: 'PENDING', received: true, counterpart: 15, custody: 'RELEASED' },
  { company: 'empresa', amount: '715000.00', due: -50, term: 90, status: 'EXPIRED', validation: 'VALIDATED', received: true, counterpart: 0, custody: 'EXPIRED' },
  { company: 'empresa', amount: '1345000.00', due: -75, term: 120, status: 'EXPIRED', validation: 'VALIDATED', received: true, counterpart: 3, custody: 'EXPIRED' },
  { company: 'empresa', amount: '98000.00', due: -40, term: 30, status: 'EXPIRED', validation: 'PENDING', received: true, counterpart: 5, custody: 'EXPIRED' },
  { company: 'empresa', amount: '430000.00', due: 35, term: 60, status: 'CANCELLED', validation: 'REJECTED', received: true, counterpart: 7, custody: 'CANCELLED' },
  { company: 'empresa', amount: '2600000.00', due: 70, term: 120, status: 'CANCELLED', validation: 'VALIDATED', received: true, counterpart: 9, custody: 'CANCELLED' },
  { company: 'empresa', amount: '540000.00', due: 25, term: 60, status: 'ACTIVE', validation: 'VALIDATED', received: false, counterpart: 1 },
  { company: 'empresa', amount: '1780000.00', due: 110, term: 150, status: 'ACTIVE', validation: 'PENDING', received: false, counterpart: 2 },
  { company: 'empresa', amount: '205000.00', due: 8, term: 30, status: 'ACTIVE', validation: 'VALIDATED', received: false, counterpart: 4 },
  { company: 'empresa', amount: '12500.00', currency: 'USD', due: 80, term: 120, status: 'ACTIVE', validation: 'REJECTED', received: false, counterpart: 6 },
  { company: 'empresa', amount: '890000.00', due: -15, term: 60, status: 'PAID', validation: 'VALIDATED', received: false, counterpart: 8 },
  { company: 'empresa', amount: '3150000.00', due: -60, term: 120, status: 'PAID', validation: 'VALIDATED', received: false, counterpart: 10 },
  { company: 'empresa', amount: '415750.25', due: 50, term: 90, status: 'CANCELLED', validation: 'PENDING', received: false, counterpart: 11 },
  { company: 'empresa', amount: '660000.00', due: -35, term: 60, status: 'EXPIRED', validation: 'VALIDATED', received: false, counterpart: 12 },
  { company: 'empresa', amount: '1025000.00', due: -90, term: 150, status: 'EXPIRED', validation: 'REJECTED', received: false, counterpart: 13 },
  // Beneficiario Demo S.R.L. and Avalista Demo S.A.
  { company: 'beneficiario', amount: '780000.00', due: 40, term: 90, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 14, custody: 'IN_CUSTODY' },
  { company: 'beneficiario', amount: '1540000.00', due: 95, term: 120, status: 'ACTIVE', validation: 'PENDING', received: true, counterpart: 15, custody: 'IN_CUSTODY' },
  { company: 'beneficiario', amount: '325000.00', due: -10, term: 60, status: 'PAID', validation: 'VALIDATED', received: true, counterpart: 0, custody: 'RELEASED' },
  { company: 'beneficiario', amount: '96500.00', due: 22, term: 45, status: 'ACTIVE', validation: 'VALIDATED', received: false, counterpart: 1 },
  { company: 'avalista', amount: '2250000.00', due: 65, term: 120, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 2, custody: 'IN_CUSTODY' },
  { company: 'avalista', amount: '410000.00', due: -25, term: 60, status: 'PAID', validation: 'VALIDATED', received: true, counterpart: 3 },
  { company: 'avalista', amount: '1180000.00', due: 85, term: 120, status: 'ACTIVE', validation: 'PENDING', received: false, counterpart: 4 },
  // Comercial Sur S.A. (Banco Sur): its own book, invisible to Banco Demo.
  { company: 'sur', amount: '1475000.00', due: 55, term: 90, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 5, custody: 'IN_CUSTODY' },
  { company: 'sur', amount: '620000.00', due: 28, term: 60, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 6, custody: 'IN_CUSTODY' },
  { company: 'sur', amount: '2890000.00', due: 120, term: 180, status: 'ACTIVE', validation: 'PENDING', received: true, counterpart: 7, custody: 'IN_CUSTODY' },
  { company: 'sur', amount: '9800.00', currency: 'USD', due: 75, term: 90, status: 'ACTIVE', validation: 'VALIDATED', received: true, counterpart: 8, custody: 'IN_CUSTODY' },
  { company: 'sur', amount: '385000.00', due: -30, term: 60, status: 'PAID', validation: 'VALIDATED', received: true, counterpart: 9, custody: 'RELEASED' },
  { company: 'sur', amount: '1060000.00', due: -55, term: 90, status: 'EXPIRED', validation: 'VALIDATED', received: true, counterpart: 10, custody: 'EXPIRED' },
  { company: 'sur', amount: '745000.00', due: 33, term: 60, status: 'ACTIVE', validation: 'REJECTED', received: false, counterpart: 11 },
  { company: 'sur', amount: '215500.00', due: -18, term: 45, status: 'PAID', validation: 'VALIDATED', received: false, counterpart: 12 },
];

const TENANT_OF: Record<Spec['company'], string> = {
  empresa: 'bdemo',
  beneficiario: 'bdemo',
  avalista: 'bdemo',
  sur: 'bsur',
};
const NUMBER_PREFIX: Record<string, string> = { bdemo: '7100', bsur: '8800' };

const DAY = 86_400_000;

/** Noon in Buenos Aires (15:00 UTC) of a date, plus some minutes so rows do not share a timestamp. */
function at(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T15:00:00.000Z`) + minutes * 60_000);
}

function before(a: Date, limit: Date): Date {
  return a.getTime() < limit.getTime() ? a : new Date(limit.getTime() - 3_600_000);
}

/**
 * Demo cheques and custody records in every status, relative to today: Empresa Demo's book (30), a few for
 * Beneficiario and Avalista, and Comercial Sur's (Banco Sur). Two multi-row inserts. Fills ids.inCustody and
 * ids.echeqsInCustody for the steps that build on the custody book (discounts).
 */
export const seedBook: SeedStep = async (tx, ids) => {
  const now = new Date();
  const today = buenosAiresDate(now);
  const seq: Record<string, number> = {};

  const rows = BOOK.map((s, i) => {
    const tenant = TENANT_OF[s.company];
    seq[tenant] = (seq[tenant] ?? 0) + 1;
    const number = `${NUMBER_PREFIX[tenant]}${String(1000 + seq[tenant] * 7).padStart(4, '0')}`;
    const due = addDays(today, s.due);
    const issue = addDays(due, -s.term);
    const created = before(at(addDays(issue, 1), i * 7), now);
    const other = COUNTERPARTS[s.counterpart]!;
    const own = { name: COMPANY_NAMES[s.company], cuit: COMPANY_CUITS[s.company] };
    const [issuer, beneficiary] = s.received ? [other, own] : [own, other];
    return { s, tenant, number, due, issue, created, issuer, beneficiary };
  });

  const echeqParams: unknown[] = [];
  const echeqValues = rows.map((r) => {
    const validatedAt = r.s.validation === 'PENDING' ? null : new Date(r.created.getTime() + 3_600_000);
    const values = [
      ids.tenants[r.tenant],
      ids.companies[r.s.company],
      r.number,
      r.s.amount,
      r.s.currency ?? 'ARS',
      r.issue,
      r.due,
      r.issuer.name,
      r.issuer.cuit,
      r.beneficiary.name,
      r.beneficiary.cuit,
      r.s.status,
      r.s.validation,
      r.s.validation === 'REJECTED' ? REJECTION : null,
      validatedAt,
      r.created,
      before(new Date(r.created.getTime() + 2 * DAY), now),
    ];
    const base = echeqParams.length;
    echeqParams.push(...values);
    return `(${values.map((_, k) => `$${base + k + 1}`).join(', ')})`;
  });
  const inserted = await tx.query<{ id: string; number: string; tenant_id: string }>(
    `insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, issuer_cuit,
       beneficiary, beneficiary_cuit, status, validation_status, validation_message, validated_at, created_at,
       updated_at)
     values ${echeqValues.join(', ')}
     returning id, number, tenant_id`,
    echeqParams,
  );
  const idOf = new Map(inserted.rows.map((r) => [`${r.tenant_id}:${r.number}`, r.id]));

  const custodyParams: unknown[] = [];
  const custodyValues: string[] = [];
  const open: Omit<SeedCustody, 'custodyId'>[] = [];
  rows.forEach((r, i) => {
    if (!r.s.custody) return;
    const echeqId = idOf.get(`${ids.tenants[r.tenant]}:${r.number}`)!;
    const deadline = addDays(r.due, 30);
    let releaseDate: Date | null = null;
    let releaseReason: string | null = null;
    let expiredAt: Date | null = null;
    if (r.s.custody === 'RELEASED') {
      const when = r.s.status === 'PAID' ? at(r.due, 60) : new Date(now.getTime() - (3 + i) * DAY);
      releaseDate = before(when.getTime() > r.created.getTime() ? when : new Date(r.created.getTime() + DAY), now);
      releaseReason = RELEASE_REASONS[i % RELEASE_REASONS.length]!;
    } else if (r.s.custody === 'EXPIRED') {
      expiredAt = before(at(addDays(deadline, 1), 5), now);
    }
    const values = [
      ids.tenants[r.tenant],
      ids.companies[r.s.company],
      echeqId,
      r.s.custody,
      r.created,
      deadline,
      releaseDate,
      releaseReason,
      expiredAt,
      r.s.notes ?? null,
      r.created,
      releaseDate ?? expiredAt ?? r.created,
    ];
    const base = custodyParams.length;
    custodyParams.push(...values);
    custodyValues.push(`(${values.map((_, k) => `$${base + k + 1}`).join(', ')})`);
    if (r.s.custody === 'IN_CUSTODY') {
      open.push({
        echeqId,
        tenantId: ids.tenants[r.tenant]!,
        companyId: ids.companies[r.s.company]!,
        company: r.s.company,
        number: r.number,
        amount: r.s.amount,
        currency: r.s.currency ?? 'ARS',
        dueDate: r.due,
      });
    }
  });
  const custody = await tx.query<{ id: string; echeq_id: string }>(
    `insert into custody (tenant_id, company_id, echeq_id, status, custody_date, presentation_deadline, release_date,
       release_reason, expired_at, notes, created_at, updated_at)
     values ${custodyValues.join(', ')}
     returning id, echeq_id`,
    custodyParams,
  );
  const custodyOf = new Map(custody.rows.map((r) => [r.echeq_id, r.id]));
  ids.inCustody = open.map((o) => ({ ...o, custodyId: custodyOf.get(o.echeqId)! }));
  ids.echeqsInCustody = ids.inCustody.map((o) => o.echeqId);
};
