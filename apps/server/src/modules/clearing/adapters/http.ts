import type { ClearingReason } from '@echeq/contract';
import { ClearingRejectedError, ClearingUnavailableError, type UnavailableReason } from '../clearing.errors';
import type { ClearingAck, ClearingEcheqState, ClearingPort, ClearingValidation } from '../port';
import type { Breaker } from './breaker';
import { type EgressPolicy, EgressRefusedError, egressRequest } from './egress';
import { type HttpCall, httpRegistry } from './http-registry';
import { echeqToWire, HEADER, ROUTES, signRequest } from './protocol';

export type HttpAdapterOptions = {
  baseUrl: string;
  /** Where calls may go (egress.ts): public addresses only unless the host is allowed; https when required. */
  egress: EgressPolicy;
  apiKey: string;
  apiSecret: string;
  timeoutMs: number;
  maxRetries: number;
  breaker: Breaker;
  /** Exponential backoff with jitter between attempts: base · 2^attempt, at most cap. */
  backoff?: { baseMs: number; capMs: number };
  now?: () => number;
  random?: () => number;
  /** Told about every failed attempt (never given credentials). */
  onAttemptFailed?: (info: { reason: UnavailableReason; attempt: number; detail: string }) => void;
};

const BACKOFF_DEFAULTS = { baseMs: 100, capMs: 2_000 } as const;

type Transient = { reason: UnavailableReason; detail: string };

function classify(err: unknown): Transient {
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return { reason: 'TIMEOUT', detail: 'sin respuesta' };
  const code = e?.code ?? e?.cause?.code ?? '';
  const detail =
    code === 'ECONNREFUSED'
      ? 'conexión rechazada'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'dirección desconocida'
        : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
          ? 'conexión cortada'
          : 'error de red';
  return { reason: 'CONNECTION', detail };
}

function toReasons(v: unknown): ClearingReason[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((r): r is { field?: unknown; message?: unknown } => !!r && typeof r === 'object')
    .map((r) => ({ field: String(r.field ?? ''), message: String(r.message ?? '') }));
}

/** The real clearing house over HTTP: signed requests, timeout, retries with backoff and jitter, circuit breaker. */
export function httpAdapter(o: HttpAdapterOptions): ClearingPort {
  const backoff = o.backoff ?? BACKOFF_DEFAULTS;
  const now = o.now ?? Date.now;
  const random = o.random ?? Math.random;
  const base = new URL(o.baseUrl.endsWith('/') ? o.baseUrl : `${o.baseUrl}/`);

  async function attempt(method: string, path: string, body: string, key: string | undefined, timeoutMs: number) {
    const url = new URL(path.replace(/^\//, ''), base);
    const signedPath = url.pathname + url.search;
    const timestamp = String(now());
    const headers: Record<string, string> = {
      accept: 'application/json',
      [HEADER.key]: o.apiKey,
      [HEADER.timestamp]: timestamp,
      [HEADER.signature]: signRequest(o.apiSecret, { method, path: signedPath, timestamp, body }),
    };
    if (body) headers['content-type'] = 'application/json';
    if (key) headers[HEADER.idempotency] = key;
    return egressRequest(o.egress, url, {
      method,
      headers,
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  /** One call with its retries. With `refusalAnswers`, a 4xx whose body is a registry refusal is returned, not thrown. */
  const call: HttpCall = async (method, path, payload, opts = {}, refusalAnswers = false) => {
    const timeoutMs = opts.timeoutMs ?? o.timeoutMs;
    const maxRetries = opts.maxRetries ?? o.maxRetries;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    if (!o.breaker.allow() && !opts.force) throw new ClearingUnavailableError('CIRCUIT_OPEN', null, 0);
    for (let n = 0; ; n++) {
      const started = now();
      let failure: Transient;
      try {
        const res = await attempt(method, path, body, opts.idempotencyKey, timeoutMs);
        if (res.status < 500) {
          // The clearing house answered: it is alive, whatever it said.
          o.breaker.success();
          let parsed: Record<string, unknown> | null = null;
          try {
            const v = res.text ? JSON.parse(res.text) : {};
            parsed = v && typeof v === 'object' && !Array.isArray(v) ? v : null;
          } catch {}
          if (res.status >= 400 && refusalAnswers && parsed?.ok === false && typeof parsed.message === 'string') {
            return { status: res.status, body: parsed, latencyMs: now() - started };
          }
          if (res.status >= 400) {
            throw new ClearingRejectedError(
              res.status,
              typeof parsed?.code === 'string' ? parsed.code : `HTTP_${res.status}`,
              typeof parsed?.message === 'string' ? parsed.message : `COELSA rechazó la solicitud (${res.status})`,
              toReasons(parsed?.reasons),
            );
          }
          if (!parsed || res.status < 200 || res.status >= 300) {
            throw new ClearingUnavailableError('BAD_RESPONSE', `HTTP ${res.status}`, n + 1);
          }
          return { status: res.status, body: parsed, latencyMs: now() - started };
        }
        failure = { reason: 'SERVER_ERROR', detail: `HTTP ${res.status}` };
      } catch (err) {
        if (err instanceof ClearingRejectedError || err instanceof ClearingUnavailableError) throw err;
        // A destination the server may not call: a configuration problem, neither retried nor held against the link.
        if (err instanceof EgressRefusedError) throw new ClearingUnavailableError('DESTINATION', err.message, n + 1);
        failure = classify(err);
      }
      o.breaker.failure();
      o.onAttemptFailed?.({ reason: failure.reason, attempt: n + 1, detail: failure.detail });
      if (n >= maxRetries || !o.breaker.allow()) {
        throw new ClearingUnavailableError(failure.reason, failure.detail, n + 1);
      }
      const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** n);
      await new Promise((r) => setTimeout(r, ceiling / 2 + random() * (ceiling / 2)));
    }
  };

  const ack = (r: { body: Record<string, unknown> }): ClearingAck => ({
    reference: typeof r.body.reference === 'string' ? r.body.reference : '',
    at: typeof r.body.at === 'string' ? r.body.at : new Date(now()).toISOString(),
    replayed: r.body.replayed === true,
    body: r.body,
  });

  return {
    kind: 'http',
    ...httpRegistry(call),
    async health(opts) {
      const r = await call('GET', ROUTES.health, undefined, opts);
      return { latencyMs: r.latencyMs };
    },
    async validateEcheq(echeq, opts): Promise<ClearingValidation> {
      const r = await call('POST', ROUTES.validate, echeqToWire(echeq), opts);
      const status = r.body.status;
      if (status !== 'VALIDATED' && status !== 'REJECTED') {
        throw new ClearingUnavailableError('BAD_RESPONSE', 'estado de validación desconocido', 1);
      }
      return { status, reasons: toReasons(r.body.reasons) };
    },
    async registerEcheq(echeq, opts) {
      return ack(await call('POST', ROUTES.echeqs, echeqToWire(echeq), opts));
    },
    async queryEcheq(echeqId, opts): Promise<ClearingEcheqState> {
      const b = (await call('GET', ROUTES.echeq(echeqId), undefined, opts)).body;
      const v = b.validation_status;
      return {
        echeq_id: String(b.echeq_id ?? echeqId),
        state: String(b.state ?? ''),
        reference: String(b.reference ?? ''),
        registered_at: String(b.registered_at ?? ''),
        validation_status: v === 'VALIDATED' || v === 'REJECTED' ? v : null,
      };
    },
    async registerCustodyDeposit(d, opts) {
      const body = { custody_id: d.custodyId, ...(d.echeq ? { echeq: echeqToWire(d.echeq) } : {}) };
      return ack(await call('POST', ROUTES.deposit(d.echeqId), body, opts));
    },
    async registerCustodyRelease(r, opts) {
      return ack(
        await call('POST', ROUTES.release(r.echeqId), { custody_id: r.custodyId, reason: r.reason ?? null }, opts),
      );
    },
    async operation(op, opts) {
      const body = { type: op.type, entity: op.entity, entity_id: op.entityId, payload: op.payload ?? null };
      return ack(await call('POST', ROUTES.operations, body, opts));
    },
  };
}
