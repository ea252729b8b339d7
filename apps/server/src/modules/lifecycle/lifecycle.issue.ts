import { buenosAiresDateOf, type ChequeDraft, checkIssue, cmc7ForAccount, type IssueInput } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { insertRows } from '../../platform/db/insert-rows';
import { forbidden, notFound } from '../../platform/http/app-error';
import { type IssuingAccount, issuingAccount, takeNextChequeNumber } from '../accounts';
import { auditRow } from '../audit';
import { outboxRow, type RegistryIssueRequest, registryDelivered, requireClearing } from '../clearing';
import { runInboxes } from './lifecycle.inbox';
import {
  adhereBeforeOperating,
  type LifecycleDeps,
  type OperationAnswer,
  refusalError,
  registryKey,
} from './lifecycle.operate';
import { callerOn, findCompanyCopy, toCopyDto } from './lifecycle.view';

/** The platform's postal code on every CMC7 line it composes (the branch's). */
const POSTAL_CODE = '1000';

/** The caller's company and the account it issues from (404 when the account is not its company's). */
async function issuerOf(q: Queryable, companyId: string, accountId: string): Promise<IssuingAccount> {
  const issuer = await issuingAccount(q, accountId, companyId);
  if (!issuer) throw notFound('Cuenta no encontrada');
  return issuer;
}

function draftOf(
  body: IssueInput,
  issuer: IssuingAccount,
  number: string,
  today: string,
): Omit<ChequeDraft, 'cheque_id'> {
  return {
    number,
    cmc7: cmc7ForAccount({ cbu: issuer.cbu, postalCode: POSTAL_CODE, number }),
    tipo: body.tipo,
    caracter: body.caracter,
    concepto: body.concepto,
    motivo: body.motivo ?? null,
    amount: body.amount,
    currency: issuer.currency,
    issue_date: today,
    payment_date: body.payment_date ?? today,
    issuer: { cuit: issuer.cuit, name: issuer.name, bank_code: issuer.cbu.slice(0, 3), cbu: issuer.cbu },
    beneficiary: { cuit: body.beneficiary_cuit, name: body.beneficiary_name ?? null },
  };
}

/**
 * `POST /api/echeqs/issue` (LIFECYCLE §8): checked by the state machine's issue guards, then in one transaction the
 * account's next chequebook number (never given twice) and, in one statement, the outbox record with its key and
 * the audit record; then delivered at once. 201 with the issuer's copy, or 202 while the registry has not answered.
 */
export async function issueCheque(opts: {
  deps: LifecycleDeps;
  ctx: Ctx;
  body: IssueInput;
  idempotencyKey?: string | undefined;
}): Promise<OperationAnswer<201 | 202> | { status: 202; cheque: null }> {
  const { deps, ctx, body } = opts;
  const { tenantId, companyId } = ctx.actor;
  if (!tenantId || !companyId) throw forbidden('Solo una empresa emite ECHEQs');
  const now = deps.clock.now();
  const today = buenosAiresDateOf(now);
  const key = registryKey(tenantId, opts.idempotencyKey);
  await requireClearing(deps, tenantId);
  // The account and its company are read before the transaction: only the number is taken under the account's lock.
  const issuer = await issuerOf(deps.db, companyId, body.account_id);
  const account = { cbu: issuer.cbu, currency: issuer.currency, active: issuer.status === 'ACTIVE' };
  const caller = { cuit: issuer.cuit };
  // The guards first, on a stand-in number and id: a refused issue takes no number.
  const probe = draftOf(body, issuer, '00000000', today);
  const refusal = checkIssue({ ...probe, cmc7: probe.cmc7, cheque_id: 'A'.repeat(15) }, account, caller, today);
  if (refusal && refusal.field !== 'cmc7') throw refusalError({ ...refusal, replayed: false });
  const request = await deps.db.transaction(async (tx) => {
    const { number } = await takeNextChequeNumber(tx, body.account_id);
    const req: RegistryIssueRequest = { key, caller, account, cheque: draftOf(body, issuer, number, today) };
    await insertRows(tx, [
      outboxRow({
        tenantId,
        operation: 'REGISTRY_ISSUE',
        entity: 'account',
        entityId: body.account_id,
        payload: { request: req },
      }),
      auditRow(ctx, {
        action: 'echeq.issue',
        entity: 'account',
        entityId: body.account_id,
        tenantId,
        after: { key, number, beneficiary_cuit: body.beneficiary_cuit, amount: body.amount, tipo: body.tipo },
      }),
    ]);
    return req;
  });
  await adhereBeforeOperating(deps, tenantId);
  const outcome = await deps.link.issue(tenantId, request);
  if (outcome) await registryDelivered(deps.db, tenantId, request.key, outcome, deps.clock.now());
  if (!outcome) return { status: 202, cheque: null };
  if (!outcome.ok) throw refusalError(outcome);
  await runInboxes(deps, deps.link, tenantId, outcome.cheque);
  const row = await findCompanyCopy(deps.db, companyId, outcome.cheque.cheque_id);
  if (!row) return { status: 202, cheque: null };
  return { status: 201 as const, cheque: toCopyDto(row, await callerOn(deps.db, ctx, row), now) };
}
