import { ClearingUnavailableError } from '../clearing.errors';
import type { CallOptions } from '../port';
import type { RegistryEvent, RegistryOutcome } from '../registry';
import { ROUTES } from './protocol';
import type { RegistryCalls } from './registry-calls';

/** One call of the HTTP adapter (http.ts): its retries, breaker and errors; `refusalAnswers` returns refusals. */
export type HttpCall = (
  method: 'GET' | 'POST',
  path: string,
  payload: unknown,
  opts?: CallOptions,
  refusalAnswers?: boolean,
) => Promise<{ status: number; body: Record<string, unknown>; latencyMs: number }>;

const badResponse = (detail: string) => new ClearingUnavailableError('BAD_RESPONSE', detail, 1);

/** The registry's answer as it came over the wire, checked for the fields a bank reads. */
function toOutcome(body: Record<string, unknown>): RegistryOutcome {
  if (body.ok === true) {
    const c = body.cheque as Record<string, unknown> | null;
    if (!c || typeof c !== 'object' || typeof c.cheque_id !== 'string' || typeof c.state !== 'string') {
      throw badResponse('ECHEQ del registro inválido');
    }
    if (!Array.isArray(body.events)) throw badResponse('eventos del registro inválidos');
  } else if (body.ok !== false || typeof body.code !== 'string' || typeof body.message !== 'string') {
    throw badResponse('respuesta del registro inválida');
  }
  return { ...body, replayed: body.replayed === true } as RegistryOutcome;
}

/** The registry's calls of the port over the clearing house's protocol (protocol.ts). */
export function httpRegistry(call: HttpCall): RegistryCalls {
  const keyed = (key: string, opts?: CallOptions): CallOptions => ({ ...opts, idempotencyKey: key });
  return {
    async registryIssue(req, opts) {
      return toOutcome((await call('POST', ROUTES.registryIssue, req, keyed(req.key, opts), true)).body);
    },
    async registryOperate(req, opts) {
      return toOutcome((await call('POST', ROUTES.registryOperations, req, keyed(req.key, opts), true)).body);
    },
    async registryEvents(req, opts) {
      const query = new URLSearchParams({ cursor: req.cursor, bank_code: req.bankCode, limit: String(req.limit) });
      const b = (await call('GET', `${ROUTES.registryEvents}?${query}`, undefined, opts)).body;
      if (!Array.isArray(b.events) || typeof b.cursor !== 'string' || !/^\d{1,19}$/.test(b.cursor)) {
        throw badResponse('página de eventos inválida');
      }
      return { events: b.events as RegistryEvent[], cursor: b.cursor };
    },
    async registryAdhere(req, opts) {
      const b = (await call('POST', ROUTES.registryAdherents, { bank_code: req.bankCode, cuits: req.cuits }, opts))
        .body;
      if (!Number.isInteger(b.adhered)) throw badResponse('respuesta de adhesión inválida');
      return { adhered: b.adhered as number };
    },
  };
}
