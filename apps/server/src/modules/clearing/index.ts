/**
 * The clearing house (COELSA) as the rest of the server sees it. Other modules use only what this file exports.
 * PROVISIONAL: the sandbox simulator, the HTTP adapter and the outbox delivery job are being built behind these
 * same signatures.
 */
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';

export type ClearingOperation =
  | 'ECHEQ_REGISTER'
  | 'ECHEQ_UPDATE'
  | 'ECHEQ_DELETE'
  | 'CUSTODY_DEPOSIT'
  | 'CUSTODY_RELEASE'
  | 'CUSTODY_EXPIRE'
  | 'DISCOUNT_REQUEST'
  | 'DISCOUNT_UPDATE'
  | 'DISCOUNT_APPROVE'
  | 'DISCOUNT_REJECT'
  | 'DISCOUNT_CANCEL'
  | 'DISCOUNT_COMPLETE';

/** Throws 503 COELSA_NOT_CONFIGURED / SANDBOX_NOT_CONFIGURED / COELSA_NOT_AVAILABLE when the bank cannot use it. */
export async function requireClearing(deps: Pick<Deps, 'db'>, tenantId: string): Promise<void> {
  const r = await deps.db.query<{ environment: string; base_url: string | null }>(
    'select environment, base_url from coelsa_configs where tenant_id = $1',
    [tenantId],
  );
  const cfg = r.rows[0];
  if (!cfg) throw new AppError('COELSA_NOT_CONFIGURED');
  if (cfg.environment !== 'sandbox' && !cfg.base_url) throw new AppError('COELSA_NOT_CONFIGURED');
}

/** Records an operation for the clearing house in the caller's transaction (the outbox); a job delivers it. */
export async function enqueueClearing(
  tx: Queryable,
  op: { tenantId: string; operation: ClearingOperation; entity: string; entityId: string; payload: unknown },
): Promise<void> {
  await tx.query(
    'insert into clearing_outbox (tenant_id, operation, entity, entity_id, payload) values ($1, $2, $3, $4, $5)',
    [op.tenantId, op.operation, op.entity, op.entityId, JSON.stringify(op.payload)],
  );
}

export type EcheqForValidation = {
  id: string;
  number: string;
  amount: string;
  currency: string;
  issue_date: string;
  due_date: string;
  issuer: string;
  issuer_cuit: string | null;
  beneficiary: string;
  beneficiary_cuit: string | null;
};

/** Asks the bank's clearing house to validate a cheque (synchronous call); 503 codes when unusable. */
export async function validateWithClearing(
  deps: Pick<Deps, 'db'>,
  tenantId: string,
  _echeq: EcheqForValidation,
): Promise<{ status: 'VALIDATED' | 'REJECTED'; message: string | null }> {
  await requireClearing(deps, tenantId);
  return { status: 'VALIDATED', message: null };
}
