import { COELSA_ENVIRONMENT_LABELS, type CoelsaConfigInput, type CoelsaTestResult } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { seal } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { requireTenant } from '../tenants';
import { resetBreaker } from './adapters/breaker';
import type { ClearingBook } from './book';
import { type CoelsaConfigDto, toAuditConfig, toConfigDto } from './clearing.mapper';
import {
  deleteConfig,
  ensureSandboxParticipant,
  hurryBankOutbox,
  insertSandboxBook,
  recordTest,
  selectConfig,
  upsertConfig,
} from './clearing.queries';
import { assess, type ClearingDeps, describeFailure, portFor } from './connect';
import { forgetProbe, rememberProbe } from './status.service';

/** The connection test never waits longer than this (the admin's screen gives up after 10 s). */
const TEST_TIMEOUT_MS = 8_000;

/** The bank's configuration (without key or secret); null when it has none. */
export async function getCoelsaConfig(opts: { deps: ClearingDeps; tenantId: string }): Promise<CoelsaConfigDto | null> {
  const { deps, tenantId } = opts;
  await requireTenant(deps.db, tenantId);
  const row = await selectConfig(deps.db, tenantId);
  return row ? toConfigDto(row) : null;
}

/**
 * Creates or replaces the bank's clearing-house configuration. Key and secret are sealed with SECRETS_KEY; omitted,
 * the stored ones are kept. A change of environment, URL or credentials clears the last test result. Choosing the
 * sandbox makes the bank a participant of the built-in sandbox (with its current book). Audited without secrets.
 */
export async function setCoelsaConfig(opts: {
  deps: ClearingDeps;
  book: Pick<ClearingBook, 'sandboxBook'>;
  ctx: Ctx;
  tenantId: string;
  input: CoelsaConfigInput;
}): Promise<CoelsaConfigDto> {
  const { deps, book, ctx, tenantId, input } = opts;
  const key = deps.config.secretsKey;
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await requireTenant(tx, tenantId, { lock: true });
    const before = await selectConfig(tx, tenantId, { forUpdate: true });
    const apiKeyEnc = input.api_key ? seal(key, input.api_key) : (before?.api_key_enc ?? null);
    const apiSecretEnc = input.api_secret ? seal(key, input.api_secret) : (before?.api_secret_enc ?? null);
    const linkChanged =
      !before ||
      before.environment !== input.environment ||
      before.base_url !== input.base_url ||
      !!input.api_key ||
      !!input.api_secret;
    await upsertConfig(tx, {
      tenantId,
      environment: input.environment,
      baseUrl: input.base_url,
      apiKeyEnc,
      apiSecretEnc,
      timeoutMs: input.timeout,
      maxRetries: input.max_retries,
      resetTest: linkChanged,
      now,
    });
    if (input.environment === 'sandbox') {
      await ensureSandboxParticipant(tx, tenantId, now);
      await insertSandboxBook(tx, tenantId, now, await book.sandboxBook(tx, tenantId));
    }
    // What waited for this bank's clearing house goes out at the next delivery run.
    await hurryBankOutbox(tx, tenantId, now);
    const after = (await selectConfig(tx, tenantId))!;
    await recordAudit(tx, ctx, {
      action: before ? 'coelsa_config.update' : 'coelsa_config.create',
      entity: 'coelsa_config',
      entityId: tenantId,
      tenantId,
      before: toAuditConfig(before),
      after: toAuditConfig(after),
    });
    return after;
  });
  resetBreaker(tenantId);
  forgetProbe(tenantId);
  return toConfigDto(row);
}

/** Removes the bank's configuration: the clearing-dependent functions answer COELSA_NOT_CONFIGURED again. */
export async function deleteCoelsaConfig(opts: { deps: ClearingDeps; ctx: Ctx; tenantId: string }): Promise<void> {
  const { deps, ctx, tenantId } = opts;
  await deps.db.transaction(async (tx) => {
    await requireTenant(tx, tenantId, { lock: true });
    const before = await selectConfig(tx, tenantId, { forUpdate: true });
    if (!before) throw notFound('La entidad no tiene COELSA configurado');
    await deleteConfig(tx, tenantId);
    await recordAudit(tx, ctx, {
      action: 'coelsa_config.delete',
      entity: 'coelsa_config',
      entityId: tenantId,
      tenantId,
      before: toAuditConfig(before),
    });
  });
  resetBreaker(tenantId);
  forgetProbe(tenantId);
}

/**
 * Tests the bank's link now (a real call for HTTP, even with the circuit open) and records the outcome (success or
 * failed, time, message). The returned message is what the admin screen shows after 'Prueba de conexión: '.
 */
export async function testCoelsaConfig(opts: {
  deps: ClearingDeps;
  ctx: Ctx;
  tenantId: string;
}): Promise<CoelsaTestResult> {
  const { deps, ctx, tenantId } = opts;
  await requireTenant(deps.db, tenantId);
  const row = await selectConfig(deps.db, tenantId);
  if (!row) throw new AppError('COELSA_NOT_CONFIGURED');

  let ok = false;
  let message: string;
  let latencyMs: number | null = null;
  const problem = assess(row);
  if (problem) {
    message = problem.detail;
  } else if (row.environment === 'sandbox') {
    await portFor(deps, row).health();
    ok = true;
    latencyMs = 0;
    message = 'Conectado a Sandbox';
  } else {
    const started = Date.now();
    try {
      const r = await portFor(deps, row).health({
        force: true,
        maxRetries: 0,
        timeoutMs: Math.min(row.timeout_ms, TEST_TIMEOUT_MS),
      });
      ok = true;
      latencyMs = r.latencyMs;
      message = `Conexión exitosa con COELSA (${COELSA_ENVIRONMENT_LABELS[row.environment]}) en ${r.latencyMs} ms`;
    } catch (err) {
      message = describeFailure(err);
    }
    deps.metrics?.recordProbe('coelsa', Date.now() - started, ok, tenantId);
    rememberProbe(row, { ok, error: ok ? null : message, latencyMs, at: Date.now() });
    if (ok) resetBreaker(tenantId);
  }

  const at = deps.clock.now();
  const status = ok ? 'success' : 'failed';
  await deps.db.transaction(async (tx) => {
    await recordTest(tx, { tenantId, status, message, at });
    await recordAudit(tx, ctx, {
      action: 'coelsa_config.test',
      entity: 'coelsa_config',
      entityId: tenantId,
      tenantId,
      after: { test_status: status, test_message: message, environment: row.environment },
    });
  });
  return { success: ok, message, test_status: status, tested_at: at.toISOString(), latency_ms: latencyMs };
}
