import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { open } from '../../platform/crypto';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { breakerFor } from './adapters/breaker';
import { httpAdapter } from './adapters/http';
import { sandboxAdapter } from './adapters/sandbox';
import { ClearingRejectedError, ClearingUnavailableError } from './clearing.errors';
import type { CoelsaConfigRow } from './clearing.queries';
import type { ClearingPort } from './port';

/**
 * What the clearing functions need, given explicitly by whoever calls them (the app's deps satisfy it): the database,
 * the clock, the secrets key that opens a bank's credentials and the hosts its link may reach; the log and the probe
 * recorder when there are ones.
 */
export type ClearingDeps = Pick<Deps, 'db' | 'clock'> & {
  config: Pick<Config, 'secretsKey' | 'clearingAllowedHosts'>;
  log?: FastifyBaseLogger;
  metrics?: ProbeRecorder;
  /**
   * Called in the outbox's transaction when the registry refused a bank's operation delivered by the job (the
   * lifecycle module clears the copies' `syncing` and keeps the reason; app.ts passes it).
   */
  onRegistryRefusal?: (
    tx: Queryable,
    refusal: { tenantId: string; key: string; chequeId: string | null; message: string },
  ) => Promise<void>;
};

/** Where clearing-house probes are counted (the platform's metrics recorder), for the platform and the bank. */
type ProbeRecorder = { recordProbe(target: string, ms: number, ok: boolean, tenantId?: string | null): void };

export type NotUsable = { code: 'COELSA_NOT_CONFIGURED' | 'SANDBOX_NOT_CONFIGURED'; detail: string };

/**
 * Can the bank use the clearing house with this configuration (without calling it)? Not configured: no row, or
 * staging/production without base URL, key or secret. Sandbox not configured: sandbox chosen but the bank has no
 * enabled participant in the built-in sandbox.
 */
export function assess(row: CoelsaConfigRow | null): NotUsable | null {
  if (!row) return { code: 'COELSA_NOT_CONFIGURED', detail: 'COELSA no está configurado para esta entidad' };
  if (row.environment === 'sandbox') {
    if (row.sandbox_enabled !== true) {
      return {
        code: 'SANDBOX_NOT_CONFIGURED',
        detail:
          row.sandbox_enabled === false
            ? 'El sandbox de COELSA está deshabilitado para esta entidad'
            : 'La entidad no está dada de alta en el sandbox de COELSA',
      };
    }
    return null;
  }
  const missing = [
    !row.base_url && 'URL base',
    !row.api_key_enc && 'API key',
    !row.api_secret_enc && 'API secret',
  ].filter(Boolean);
  if (missing.length > 0) {
    return { code: 'COELSA_NOT_CONFIGURED', detail: `Configuración incompleta: falta ${missing.join(', ')}` };
  }
  return null;
}

export type PortOptions = {
  /** Connection or transaction the sandbox records in (default: the database). */
  q?: Queryable;
};

/** The adapter of a usable configuration (sandbox or HTTP). Throws the 503 AppError when it is not usable. */
export function portFor(deps: ClearingDeps, row: CoelsaConfigRow | null, opts: PortOptions = {}): ClearingPort {
  const problem = assess(row);
  if (problem) throw new AppError(problem.code);
  const cfg = row!;
  if (cfg.environment === 'sandbox') {
    return sandboxAdapter({ q: opts.q ?? deps.db, db: deps.db, tenantId: cfg.tenant_id, now: () => deps.clock.now() });
  }
  const key = deps.config.secretsKey;
  let apiKey: string;
  let apiSecret: string;
  try {
    apiKey = open(key, cfg.api_key_enc!);
    apiSecret = open(key, cfg.api_secret_enc!);
  } catch {
    throw new AppError(
      'COELSA_NOT_CONFIGURED',
      'Las credenciales de COELSA guardadas no se pueden leer. Vuelva a cargar la API key y el API secret.',
    );
  }
  const tenantId = cfg.tenant_id;
  return httpAdapter({
    baseUrl: cfg.base_url!,
    egress: { allowedHosts: deps.config.clearingAllowedHosts, requireHttps: cfg.environment === 'production' },
    apiKey,
    apiSecret,
    timeoutMs: cfg.timeout_ms,
    maxRetries: cfg.max_retries,
    breaker: breakerFor(tenantId),
    onAttemptFailed: ({ reason, attempt, detail }) =>
      deps.log?.warn({ tenantId, reason, attempt, detail }, 'COELSA: intento fallido'),
  });
}

/** Turns a failure of the clearing house into the API's answer. */
export function toAppError(err: unknown): unknown {
  if (err instanceof ClearingUnavailableError) return new AppError('COELSA_NOT_AVAILABLE');
  if (err instanceof ClearingRejectedError) {
    if (err.isAuthFailure) {
      return new AppError(
        'COELSA_NOT_AVAILABLE',
        'COELSA rechazó las credenciales de la entidad. Revise la configuración de COELSA.',
      );
    }
    return new AppError('CONFLICT', `COELSA rechazó la operación: ${err.message}`);
  }
  return err;
}

/**
 * A short Spanish description of a failed call, for status screens, the connection test and the outbox. Our own
 * words and the HTTP status only: what the remote end wrote is never repeated (decision 021).
 */
export function describeFailure(err: unknown): string {
  if (err instanceof ClearingUnavailableError) return `COELSA no está disponible: ${err.message}`;
  if (err instanceof ClearingRejectedError) {
    if (err.isAuthFailure) return `COELSA rechazó las credenciales (HTTP ${err.status})`;
    return `COELSA respondió con un error (HTTP ${err.status})`;
  }
  if (err instanceof AppError) return err.message;
  return 'Error inesperado al contactar a COELSA';
}
