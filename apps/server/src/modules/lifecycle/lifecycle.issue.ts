import {
  buenosAiresDateOf,
  type ChequeDraft,
  checkIssue,
  cmc7ForAccount,
  type IssueInput,
  parseCmc7,
} from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { type Queryable, withRetry } from '../../platform/db/db';
import { insertsFrom } from '../../platform/db/insert-rows';
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

/** The number the outbox and audit records are written with before the statement puts the one it took in its place. */
const NUMBER_TO_TAKE = '00000000';

/**
 * Takes the account's next number and writes the issue's outbox record (the registry's request with its key) and
 * audit record in one statement (accounts' `takeNextChequeNumber`): atomic without a transaction, and the account is
 * locked only while it runs. The records are made with a stand-in number, which the statement replaces with the one
 * it took (`taken.number`): in the request's number and CMC7 line (bank, branch, postal code, number, account: the
 * number is its fourth part) and in the audit record.
 */
async function takeNumberAndSend(
  q: Queryable,
  ctx: Ctx,
  issue: {
    tenantId: string;
    accountId: string;
    key: string;
    caller: RegistryIssueRequest['caller'];
    account: RegistryIssueRequest['account'];
  },
  draft: (number: string) => Omit<ChequeDraft, 'cheque_id'>,
): Promise<RegistryIssueRequest> {
  const { tenantId, accountId, key, caller, account } = issue;
  const stand = draft(NUMBER_TO_TAKE);
  const line = parseCmc7(stand.cmc7);
  // Alone, the statement is retried as a transaction would be (a deadlock or serialization failure: nothing written).
  const { number } = await withRetry(() =>
    takeNextChequeNumber(q, accountId, (values) => {
      const before = `$${values.push(line.bankCode + line.branch + line.postalCode)}`;
      const after = `$${values.push(line.account)}`;
      const outbox = outboxRow({
        tenantId,
        operation: 'REGISTRY_ISSUE',
        entity: 'account',
        entityId: accountId,
        payload: { request: { key, caller, account, cheque: stand } },
      });
      const audit = auditRow(ctx, {
        action: 'echeq.issue',
        entity: 'account',
        entityId: accountId,
        tenantId,
        after: {
          key,
          number: NUMBER_TO_TAKE,
          beneficiary_cuit: stand.beneficiary.cuit,
          amount: stand.amount,
          tipo: stand.tipo,
        },
      });
      return insertsFrom(
        [
          {
            ...outbox,
            expressions: {
              payload: (p) =>
                `jsonb_set(jsonb_set(${p}::jsonb, '{request,cheque,number}', to_jsonb(taken.number)),
                         '{request,cheque,cmc7}', to_jsonb(${before} || taken.number || ${after}))`,
            },
          },
          { ...audit, expressions: { after: (p) => `jsonb_set(${p}::jsonb, '{number}', to_jsonb(taken.number))` } },
        ],
        'taken',
        values,
      );
    }),
  );
  return { key, caller, account, cheque: draft(number) };
}

/**
 * `POST /api/echeqs/issue` (LIFECYCLE §8): checked by the state machine's issue guards, then in one statement the
 * account's next chequebook number (never given twice), the outbox record with its key and the audit record
 * (`takeNumberAndSend`); then delivered at once. 201 with the issuer's copy, or 202 while the registry has not answered.
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
  // The account and its company are read first: only the number is taken under the account's lock, in one statement.
  const issuer = await issuerOf(deps.db, companyId, body.account_id);
  const account = { cbu: issuer.cbu, currency: issuer.currency, active: issuer.status === 'ACTIVE' };
  const caller = { cuit: issuer.cuit };
  // The guards first, on a stand-in number and id: a refused issue takes no number.
  const probe = draftOf(body, issuer, '00000000', today);
  const refusal = checkIssue({ ...probe, cmc7: probe.cmc7, cheque_id: 'A'.repeat(15) }, account, caller, today);
  if (refusal && refusal.field !== 'cmc7') throw refusalError({ ...refusal, replayed: false });
  const request = await takeNumberAndSend(
    deps.db,
    ctx,
    { tenantId, accountId: body.account_id, key, caller, account },
    (n) => draftOf(body, issuer, n, today),
  );
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
