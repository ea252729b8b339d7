import {
  type ChequeCaracter,
  type ChequeConcepto,
  type ChequeTipo,
  centsToDecimal,
  type EcheqStatus,
  type RegistryCheque,
  toCents,
  type ValidationStatus,
} from '@echeq/contract';
import type { Scope } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { keyText } from '../../platform/db/keyset';
import { SqlParams } from '../../platform/db/sql';

export type EcheqRow = {
  id: string;
  tenant_id: string;
  company_id: string;
  number: string;
  amount: string;
  currency: string;
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string | null;
  beneficiary: string;
  beneficiary_cuit: string | null;
  status: EcheqStatus;
  validation_status: ValidationStatus;
  validation_message: string | null;
  validated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  company_name: string | null;
  /** Status of the cheque's latest custody record, if it ever was in custody. */
  custody_status: string | null;
  /** When a discount on it was approved: from then on the cheque is the bank's (migration 0014). */
  discounted_at: Date | string | null;
  /** created_at as exact UTC text (the keyset cursor). */
  key_at: string;
  /** MANUAL (the specification's form) or REGISTRY (a bank's copy of a registry cheque, migration 0020). */
  origin?: 'MANUAL' | 'REGISTRY';
  /** A registry copy's lifecycle columns (null on a manual cheque). */
  cheque_id?: string | null;
  state?: string | null;
  syncing?: boolean;
  sync_error?: string | null;
  registry?: RegistryCheque | null;
  tipo?: ChequeTipo | null;
  caracter?: ChequeCaracter | null;
  concepto?: ChequeConcepto | null;
  payment_date?: string | null;
  holder_cuit?: string | null;
  endorsements?: number | null;
  company_cuit?: string;
};

/** An EcheqRow's columns, over `e` (a cheque) joined to `co` (its company). */
const ECHEQ_COLUMNS = `
  e.id, e.tenant_id, e.company_id, e.number, e.amount, e.currency, e.issue_date, e.due_date,
  e.issuer, e.issuer_cuit, e.beneficiary, e.beneficiary_cuit, e.status, e.validation_status,
  e.validation_message, e.validated_at, e.created_at, e.updated_at, e.version, co.name as company_name,
  e.custody_status, e.discounted_at, e.origin, e.cheque_id, e.state, e.syncing, e.sync_error, e.registry, e.tipo,
  e.caracter, e.concepto, e.payment_date, btrim(e.holder_cuit) as holder_cuit, e.endorsements,
  btrim(co.cuit) as company_cuit,
  ${keyText('e.created_at')} as key_at`;

const ECHEQ_SELECT = `select ${ECHEQ_COLUMNS} from echeqs e join companies co on co.id = e.company_id`;

/**
 * How a read locks the cheque's row until the caller commits: `update` to change it, `no key update` to change it
 * without touching its key (a discount's approval marking it), `share` to keep it as it is (amount, due date). The
 * order of the locks is the cheque's lock protocol (echeqs.holders.ts).
 */
export type EcheqLock = 'update' | 'no key update' | 'share';

/** A live (not deleted) cheque inside the scope, or null; `lock` locks its row (never its company's). */
export async function findEcheq(
  db: Queryable,
  id: string,
  scope: Scope,
  opts: { lock?: EcheqLock } = {},
): Promise<EcheqRow | null> {
  const p = new SqlParams();
  const sql = `${ECHEQ_SELECT}
    where e.id = ${p.add(id)} and e.deleted_at is null and ${p.scope(scope, { tenant: 'e.tenant_id', company: 'e.company_id' })}
    ${opts.lock ? `for ${opts.lock} of e` : ''}`;
  const r = await db.query<EcheqRow>(sql, p.values);
  return r.rows[0] ?? null;
}

export type NewEcheq = {
  tenantId: string;
  companyId: string;
  addedBy: string | null;
  number: string;
  amount: number;
  currency: string;
  issueDate: string;
  dueDate: string;
  issuer: string;
  issuerCuit: string | null;
  beneficiary: string;
  beneficiaryCuit: string | null;
  status: EcheqStatus;
  /** The custody status it is born with: a cheque deposited in custody with its creation is inserted already IN_CUSTODY. */
  custodyStatus?: 'IN_CUSTODY';
  at: Date;
};

/**
 * Inserts a cheque (the amount goes in as exact decimal text) and returns it as the lists read it, in the same
 * statement. Any other cheque of the bank with the same number, live or deleted, fails it with a unique violation
 * (23505): a number is registered once per bank (migration 0014).
 * A cheque born with the custody status its custody record then gives it is written once: the custody trigger finds
 * nothing to change (a second version of a new row costs the write mix its index writes twice).
 */
export async function insertEcheq(tx: Queryable, e: NewEcheq): Promise<EcheqRow> {
  const r = await tx.query<EcheqRow>(
    `with e as (
       insert into echeqs (tenant_id, company_id, added_by, number, amount, currency, issue_date, due_date,
         issuer, issuer_cuit, beneficiary, beneficiary_cuit, status, created_at, updated_at, custody_status)
       values ($1, $2, $3, $4, $5::numeric, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15) returning *)
     select ${ECHEQ_COLUMNS} from e join companies co on co.id = e.company_id`,
    [
      e.tenantId,
      e.companyId,
      e.addedBy,
      e.number,
      centsToDecimal(toCents(e.amount)),
      e.currency,
      e.issueDate,
      e.dueDate,
      e.issuer,
      e.issuerCuit,
      e.beneficiary,
      e.beneficiaryCuit,
      e.status,
      e.at,
      e.custodyStatus ?? null,
    ],
  );
  return r.rows[0]!;
}

export type EcheqChanges = Partial<{
  amount: number;
  currency: string;
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string | null;
  beneficiary: string;
  beneficiary_cuit: string | null;
  status: EcheqStatus;
}>;

/**
 * Applies the changes to a locked cheque, bumping its version. `revalidate` drops the clearing house's validation: the
 * cheque goes back to PENDING until it is validated again as it is now.
 */
export async function updateEcheqRow(
  tx: Queryable,
  id: string,
  changes: EcheqChanges,
  at: Date,
  opts: { revalidate?: boolean } = {},
): Promise<void> {
  const p = new SqlParams();
  const sets = [`updated_at = ${p.add(at)}`, 'version = version + 1'];
  if (opts.revalidate) {
    sets.push(`validation_status = 'PENDING'`, 'validation_message = null', 'validated_at = null');
  }
  for (const [col, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (col === 'amount') sets.push(`amount = ${p.add(centsToDecimal(toCents(value as number)))}::numeric`);
    else sets.push(`${col} = ${p.add(value)}`);
  }
  await tx.query(`update echeqs set ${sets.join(', ')} where id = ${p.add(id)}`, p.values);
}

export async function setValidation(
  tx: Queryable,
  id: string,
  v: { status: ValidationStatus; message: string | null; at: Date },
): Promise<boolean> {
  const r = await tx.query(
    `update echeqs set validation_status = $2, validation_message = $3, validated_at = $4, updated_at = $4,
       version = version + 1
     where id = $1 and deleted_at is null`,
    [id, v.status, v.message, v.at],
  );
  return r.rowCount > 0;
}

export async function softDeleteEcheq(tx: Queryable, id: string, by: string, at: Date): Promise<void> {
  await tx.query(
    'update echeqs set deleted_at = $2, deleted_by = $3, updated_at = $2, version = version + 1 where id = $1',
    [id, at, by],
  );
}

/** Sets when a discount on the cheque was approved (see markDiscounted in echeqs.holders.ts). */
export async function setDiscountedAt(tx: Queryable, id: string, at: Date): Promise<void> {
  await tx.query('update echeqs set discounted_at = $2 where id = $1 and discounted_at is null', [id, at]);
}

/** ACTIVE → EXPIRED; false when it was not ACTIVE (see expireEcheq in echeqs.holders.ts). */
export async function setExpired(tx: Queryable, id: string, at: Date): Promise<boolean> {
  const r = await tx.query(
    `update echeqs set status = 'EXPIRED', updated_at = $2, version = version + 1
     where id = $1 and status = 'ACTIVE' returning id`,
    [id, at],
  );
  return r.rows.length > 0;
}
