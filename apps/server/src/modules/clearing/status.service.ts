import type { CoelsaConfigCheck, CoelsaConnectionStatus, CoelsaStatus } from '@echeq/contract';
import { COELSA_ENVIRONMENT_LABELS } from '@echeq/contract';
import { type Ctx, scopeOf } from '../../platform/auth/actor';
import { notFound } from '../../platform/http/app-error';
import { toIso } from '../../platform/timestamps';
import { requireTenant } from '../tenants';
import { breakerFor } from './adapters/breaker';
import { type CoelsaConfigRow, selectActiveBanks, selectConfig } from './clearing.queries';
import { assess, type ClearingDeps, describeFailure, portFor } from './connect';

/** How long a probe of an HTTP clearing house is trusted (the dashboard asks often). */
const STATUS_CACHE_MS = 5_000;
/** A status probe never waits longer than this, whatever the configured timeout. */
const PROBE_TIMEOUT_MS = 3_000;

export type Probe = { ok: boolean; error: string | null; latencyMs: number | null; at: number };

type CacheEntry = { fingerprint: string; probe: Probe | null; pending: Promise<Probe> | null };
const PROBES = new Map<string, CacheEntry>();
/** Probes waiting for their answer: a stopping process awaits them, so no call to the clearing house is cut off. */
const IN_FLIGHT = new Set<Promise<Probe>>();

/** Resolves once every probe in flight has its answer (or its failure). */
export async function probesSettled(): Promise<void> {
  await Promise.allSettled([...IN_FLIGHT]);
}

const fingerprintOf = (row: CoelsaConfigRow) => `${toIso(row.updated_at)}|${row.environment}|${row.base_url}`;

/** Forgets what is known of a bank's link (its configuration changed). */
export function forgetProbe(tenantId: string): void {
  PROBES.delete(tenantId);
}

export function rememberProbe(row: CoelsaConfigRow, probe: Probe): void {
  PROBES.set(row.tenant_id, { fingerprint: fingerprintOf(row), probe, pending: null });
}

/** The last probe of the bank's HTTP link if it is recent and for the current configuration. */
export function recentProbe(row: CoelsaConfigRow, now: number): Probe | null {
  const entry = PROBES.get(row.tenant_id);
  if (!entry || entry.fingerprint !== fingerprintOf(row) || !entry.probe) return null;
  return now - entry.probe.at <= STATUS_CACHE_MS ? entry.probe : null;
}

/** Is the bank's HTTP clearing house answering? Cached for STATUS_CACHE_MS; an open breaker answers at once. */
async function probeHttp(deps: ClearingDeps, row: CoelsaConfigRow): Promise<Probe> {
  const now = Date.now();
  const cached = recentProbe(row, now);
  if (cached) return cached;
  const entry = PROBES.get(row.tenant_id);
  if (entry?.pending && entry.fingerprint === fingerprintOf(row)) return entry.pending;
  if (breakerFor(row.tenant_id).state() === 'OPEN') {
    return { ok: false, error: describeFailureOpen(), latencyMs: null, at: now };
  }
  const pending = (async (): Promise<Probe> => {
    try {
      const port = portFor(deps, row);
      const { latencyMs } = await port.health({
        maxRetries: 0,
        timeoutMs: Math.min(row.timeout_ms, PROBE_TIMEOUT_MS),
      });
      deps.metrics?.recordProbe('coelsa', Date.now() - now, true, row.tenant_id);
      return { ok: true, error: null, latencyMs, at: Date.now() };
    } catch (err) {
      deps.metrics?.recordProbe('coelsa', Date.now() - now, false, row.tenant_id);
      return { ok: false, error: describeFailure(err), latencyMs: null, at: Date.now() };
    }
  })();
  PROBES.set(row.tenant_id, { fingerprint: fingerprintOf(row), probe: entry?.probe ?? null, pending });
  IN_FLIGHT.add(pending);
  void pending.finally(() => IN_FLIGHT.delete(pending));
  const probe = await pending;
  const latest = PROBES.get(row.tenant_id);
  if (latest?.pending === pending) PROBES.set(row.tenant_id, { fingerprint: fingerprintOf(row), probe, pending: null });
  return probe;
}

function describeFailureOpen(): string {
  return 'COELSA no está disponible: demasiadas fallas recientes; se reintentará en unos segundos';
}

type Link = { status: CoelsaConnectionStatus; connected: boolean; error: string | null };

/** The state of one bank's link, from its configuration (sandbox: in-process; HTTP: probe, cached). */
async function linkOf(deps: ClearingDeps, row: CoelsaConfigRow | null): Promise<Link> {
  const problem = assess(row);
  if (!row || (problem && row.environment !== 'sandbox')) {
    return { status: 'NOT_CONFIGURED', connected: false, error: problem?.detail ?? null };
  }
  if (problem) return { status: 'DISCONNECTED', connected: false, error: problem.detail };
  if (row.environment === 'sandbox') return { status: 'SANDBOX', connected: true, error: null };
  const probe = await probeHttp(deps, row);
  return probe.ok
    ? { status: 'CONNECTED', connected: true, error: null }
    : { status: 'DISCONNECTED', connected: false, error: probe.error };
}

/** `GET /integration/coelsa/status` for one bank. */
async function tenantStatus(deps: ClearingDeps, tenantId: string): Promise<CoelsaStatus> {
  const link = await linkOf(deps, await selectConfig(deps.db, tenantId));
  return { connected: link.connected, status: link.status, timestamp: deps.clock.now().toISOString() };
}

function checkOf(row: CoelsaConfigRow | null, link: Link): CoelsaConfigCheck {
  const problem = assess(row);
  const isSandbox = row?.environment === 'sandbox';
  const config = {
    isConfigured: !problem,
    isSandbox,
    baseUrl: row?.base_url ?? null,
    hasUrl: !!row?.base_url,
    hasApiKey: !!row?.api_key_enc,
  };
  const connection = { connected: link.connected, status: link.status, error: link.error };
  let message: string;
  if (!row) {
    message = 'COELSA no está configurado para esta entidad. Contacte al administrador del sistema para configurarlo.';
  } else if (problem) {
    message = `${problem.detail}. Contacte al administrador del sistema.`;
  } else if (isSandbox) {
    message = 'Modo simulación activo: las operaciones se registran en el sandbox de COELSA.';
  } else if (link.connected) {
    message = `Configuración completa. Conectado a COELSA (${COELSA_ENVIRONMENT_LABELS[row.environment]}).`;
  } else {
    message = `COELSA no responde. Las operaciones quedan en cola y se enviarán cuando se restablezca la conexión.`;
  }
  return { config, connection, recommendations: { needsConfig: !!problem, message } };
}

/** `GET /system/coelsa-config` for one bank. */
async function tenantConfigCheck(deps: ClearingDeps, tenantId: string): Promise<CoelsaConfigCheck> {
  const row = await selectConfig(deps.db, tenantId);
  return checkOf(row, await linkOf(deps, row));
}

/**
 * The platform as a whole (the system administrator, who belongs to no bank): configured when every active bank
 * is, connected when every configured bank is.
 */
async function platformView(deps: ClearingDeps): Promise<{ check: CoelsaConfigCheck; status: CoelsaStatus }> {
  const banks = await selectActiveBanks(deps.db);
  const links = await Promise.all(banks.map(async (b) => ({ bank: b, link: await linkOf(deps, b.config) })));
  const configured = links.filter((l) => !assess(l.bank.config));
  const unconfigured = links.filter((l) => assess(l.bank.config));
  const down = configured.filter((l) => !l.link.connected);
  const allSandbox = configured.length > 0 && configured.every((l) => l.bank.config?.environment === 'sandbox');
  const status: CoelsaConnectionStatus =
    configured.length === 0
      ? 'NOT_CONFIGURED'
      : down.length > 0
        ? 'DISCONNECTED'
        : allSandbox
          ? 'SANDBOX'
          : 'CONNECTED';
  const connected = configured.length > 0 && down.length === 0;
  const names = (ls: typeof links) => ls.map((l) => l.bank.nombre).join(', ');
  const message =
    banks.length === 0
      ? 'No hay entidades activas.'
      : unconfigured.length === banks.length
        ? 'Ninguna entidad tiene COELSA configurado. Configúrelo desde Administración.'
        : unconfigured.length > 0
          ? `Entidades sin COELSA configurado: ${names(unconfigured)}. Configúrelas desde Administración.`
          : allSandbox
            ? 'Todas las entidades operan en modo simulación (sandbox).'
            : 'Todas las entidades activas tienen COELSA configurado.';
  const check: CoelsaConfigCheck = {
    config: {
      isConfigured: banks.length > 0 && unconfigured.length === 0,
      isSandbox: allSandbox,
      baseUrl: null,
      hasUrl: links.some((l) => !!l.bank.config?.base_url),
      hasApiKey: links.some((l) => !!l.bank.config?.api_key_enc),
    },
    connection: {
      connected,
      status,
      error:
        down.length > 0 ? `Sin conexión: ${down.map((l) => `${l.bank.nombre} (${l.link.error})`).join('; ')}` : null,
    },
    recommendations: { needsConfig: unconfigured.length > 0, message },
  };
  return { check, status: { connected, status, timestamp: deps.clock.now().toISOString() } };
}

/** Which bank a status call is about: the caller's own; the system administrator's choice, or the whole platform. */
async function subjectOf(deps: ClearingDeps, ctx: Ctx, tenantId: string | undefined): Promise<string | null> {
  const scope = scopeOf(ctx.actor);
  if (scope.kind === 'all') {
    if (!tenantId) return null;
    await requireTenant(deps.db, tenantId);
    return tenantId;
  }
  if (tenantId && tenantId !== scope.tenantId) throw notFound('Entidad no encontrada');
  return scope.tenantId;
}

/** `GET /integration/coelsa/status`: 200 describing the link whatever its state. */
export async function coelsaStatusFor(opts: {
  deps: ClearingDeps;
  ctx: Ctx;
  tenantId?: string | undefined;
}): Promise<CoelsaStatus> {
  const subject = await subjectOf(opts.deps, opts.ctx, opts.tenantId);
  return subject ? tenantStatus(opts.deps, subject) : (await platformView(opts.deps)).status;
}

/** `GET /system/coelsa-config`: 200 describing the configuration whatever its state. */
export async function coelsaConfigCheckFor(opts: {
  deps: ClearingDeps;
  ctx: Ctx;
  tenantId?: string | undefined;
}): Promise<CoelsaConfigCheck> {
  const subject = await subjectOf(opts.deps, opts.ctx, opts.tenantId);
  return subject ? tenantConfigCheck(opts.deps, subject) : (await platformView(opts.deps)).check;
}

/**
 * The clearing house for the whole platform in one word, for the readiness probe: `ok` when every configured bank's
 * link works, `degraded` when one does not, `not_configured` when no bank has one. Names no bank, address or error.
 */
export async function clearingOverall(deps: ClearingDeps): Promise<'ok' | 'degraded' | 'not_configured'> {
  const { status } = (await platformView(deps)).status;
  return status === 'NOT_CONFIGURED' ? 'not_configured' : status === 'DISCONNECTED' ? 'degraded' : 'ok';
}
