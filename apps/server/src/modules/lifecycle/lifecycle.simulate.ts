import { randomUUID } from 'node:crypto';
import {
  buenosAiresDateOf,
  type Echeq,
  echeqSchema,
  envelope,
  errorBodySchema,
  makeCuit,
  type SimulateReceivedInput,
  simulateReceivedBodySchema,
} from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/http/app-error';
import type { App } from '../../platform/http/app-type';
import { AUTHED } from '../../platform/http/responses';
import { recordAudit } from '../audit';
import { onSandbox, type SimulateReceivedRequest, sandboxSimulateReceived } from '../clearing';
import { clientById } from '../users';
import { runInboxes } from './lifecycle.inbox';
import type { RegistryLink } from './lifecycle.link';
import { type LifecycleDeps, refusalError } from './lifecycle.operate';
import { callerOn, findCompanyCopy, toCopyDto } from './lifecycle.view';

/** The outside company the sandbox plays when the administrator names none, and its bank (off the platform). */
const OUTSIDE = { cuit: makeCuit('30', '71100008'), name: 'Proveedor Externo S.A.', bank_code: '072' };

/** Simulations a user may ask for in a minute (each makes a registry cheque and its copies); past it, 429. */
const SIMULATIONS_PER_MINUTE = 20;
const MINUTE = 60;

type SimulateDeps = LifecycleDeps & Pick<Deps, 'limiter'>;

/**
 * Counts the caller's simulation before anything is checked (the limiter is shared by every server process); past
 * SIMULATIONS_PER_MINUTE in its minute, 429 with `Retry-After`.
 */
async function throttle(deps: SimulateDeps, ctx: Ctx): Promise<void> {
  const hit = await deps.limiter.hit(`simulate-received:user:${ctx.actor.userId}`, MINUTE);
  if (hit.count > SIMULATIONS_PER_MINUTE) {
    const message = `Demasiadas simulaciones seguidas (hasta ${SIMULATIONS_PER_MINUTE} por minuto). Intente nuevamente más tarde.`;
    throw new AppError('RATE_LIMITED', message, { headers: { 'retry-after': String(hit.resetsInSec) } });
  }
}

/** The target company: any for the system's administrator, only its own bank's for a bank's (404 otherwise). */
async function targetOf(deps: LifecycleDeps, ctx: Ctx, companyId: string) {
  const company = await clientById(deps.db, companyId);
  const mine = company && (ctx.actor.role === 'SYSTEM_ADMIN' || company.tenant_id === ctx.actor.tenantId);
  if (!company || !mine) throw notFound('Empresa no encontrada');
  return company;
}

/**
 * "Simular ECHEQ recibido" (LIFECYCLE §6): on the sandbox only (409 when the company's bank is not on it), an outside
 * company issues a cheque to the client company through the registry; then the inboxes run so the cheque is in the
 * company's Recibidos (and its bank's book) in the answer. The `Idempotency-Key` (per bank) replays the first answer.
 * Audited once, when the registry made the cheque.
 */
async function simulateReceived(opts: {
  deps: SimulateDeps;
  ctx: Ctx;
  body: SimulateReceivedInput;
  idempotencyKey?: string | undefined;
}): Promise<Echeq> {
  const { deps, ctx, body } = opts;
  await throttle(deps, ctx);
  const company = await targetOf(deps, ctx, body.company_id);
  if (!(await onSandbox(deps.db, company.tenant_id))) {
    throw conflict('El banco de la empresa no opera con el sandbox de COELSA: la simulación solo está disponible allí');
  }
  const now = deps.clock.now();
  const req: SimulateReceivedRequest = {
    key: `sim:${company.tenant_id}:${opts.idempotencyKey ?? randomUUID()}`,
    issuer: {
      cuit: body.issuer_cuit ?? OUTSIDE.cuit,
      name: body.issuer_name ?? (body.issuer_cuit ? 'Librador externo' : OUTSIDE.name),
      bank_code: OUTSIDE.bank_code,
    },
    beneficiary: { cuit: company.cuit, name: company.name },
    amount: body.amount,
    currency: body.currency ?? 'ARS',
    tipo: body.tipo,
    caracter: body.caracter,
    concepto: body.concepto,
    payment_date: body.payment_date ?? buenosAiresDateOf(now),
    motivo: body.motivo ?? null,
  };
  const outcome = await sandboxSimulateReceived(deps.db, req, now);
  if (!outcome.ok) throw refusalError(outcome);
  await runInboxes(deps, deps.link, company.tenant_id, outcome.cheque);
  const row = await findCompanyCopy(deps.db, company.id, outcome.cheque.cheque_id);
  if (!row) throw notFound('ECHEQ no encontrado');
  if (!outcome.replayed) {
    await deps.db.transaction((tx) =>
      recordAudit(tx, ctx, {
        action: 'echeq.simulate_received',
        entity: 'echeq',
        entityId: row.id,
        tenantId: company.tenant_id,
        after: {
          cheque_id: row.cheque_id,
          key: req.key,
          issuer_cuit: req.issuer.cuit,
          beneficiary_cuit: company.cuit,
          amount: body.amount,
          tipo: body.tipo,
        },
      }),
    );
  }
  return toCopyDto(row, await callerOn(deps.db, ctx, row), now);
}

/** `POST /api/echeqs/simulate-received` (`echeqs:simulate`): 201 with the company's copy of the cheque received. */
export function simulateRoutes(app: App, deps: Pick<Deps, 'db' | 'clock' | 'limiter'>, link: RegistryLink) {
  const errors = Object.fromEntries([400, 404, 409, ...AUTHED].map((s) => [s, errorBodySchema]));
  app.post(
    '/echeqs/simulate-received',
    {
      config: { access: 'echeqs:simulate' },
      schema: {
        tags: ['echeqs'],
        summary: 'Simular ECHEQ recibido (sandbox): una empresa externa emite un ECHEQ a una empresa cliente',
        body: simulateReceivedBodySchema,
        response: { 201: envelope(echeqSchema), ...errors },
      },
    },
    async (req, reply) => {
      const header = req.headers['idempotency-key'];
      const cheque = await simulateReceived({
        deps: { db: deps.db, clock: deps.clock, limiter: deps.limiter, link },
        ctx: ctxOf(req),
        body: req.body,
        idempotencyKey: typeof header === 'string' && header ? header : undefined,
      });
      reply.code(201);
      return { success: true as const, message: 'ECHEQ recibido simulado', data: cheque };
    },
  );
}
