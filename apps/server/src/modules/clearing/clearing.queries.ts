import type { CoelsaEnvironment } from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';
import type { SandboxBookEntry } from './book';

export type CoelsaConfigRow = {
  tenant_id: string;
  environment: CoelsaEnvironment;
  base_url: string | null;
  api_key_enc: string | null;
  api_secret_enc: string | null;
  timeout_ms: number;
  max_retries: number;
  test_status: 'success' | 'failed' | 'untested';
  tested_at: Date | string | null;
  test_message: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The sandbox participant of the bank: null when there is none. */
  sandbox_enabled: boolean | null;
};

const CONFIG_COLUMNS = `c.tenant_id, c.environment, c.base_url, c.api_key_enc, c.api_secret_enc, c.timeout_ms,
  c.max_retries, c.test_status, c.tested_at, c.test_message, c.created_at, c.updated_at, p.enabled as sandbox_enabled`;

export async function selectConfig(
  q: Queryable,
  tenantId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CoelsaConfigRow | null> {
  const r = await q.query<CoelsaConfigRow>(
    `select ${CONFIG_COLUMNS}
     from coelsa_configs c left join coelsa_sandbox_participants p on p.tenant_id = c.tenant_id
     where c.tenant_id = $1${opts.forUpdate ? ' for update of c' : ''}`,
    [tenantId],
  );
  return r.rows[0] ?? null;
}

export type BankRow = { id: string; nombre: string; codigo: string; estado: string };

/** Active banks and financial entities: the ones that work with the clearing house. */
export async function selectActiveBanks(q: Queryable): Promise<Array<BankRow & { config: CoelsaConfigRow | null }>> {
  const r = await q.query<BankRow & { config_tenant: string | null } & Omit<CoelsaConfigRow, 'tenant_id'>>(
    `select t.id, t.nombre, t.codigo, t.estado, c.tenant_id as config_tenant, ${CONFIG_COLUMNS.replace('c.tenant_id, ', '')}
     from tenants t
     left join coelsa_configs c on c.tenant_id = t.id
     left join coelsa_sandbox_participants p on p.tenant_id = t.id
     where t.estado = 'ACTIVO' and t.tipo in ('BANCO', 'FINANCIERA')
     order by t.nombre, t.id`,
  );
  return r.rows.map((row) => {
    const { id, nombre, codigo, estado, config_tenant, ...cfg } = row;
    return { id, nombre, codigo, estado, config: config_tenant ? { tenant_id: config_tenant, ...cfg } : null };
  });
}

/** The active banks configured for the built-in sandbox, in order of id (the inbox job's banks). */
export async function selectActiveSandboxBanks(q: Queryable): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    `select t.id from tenants t join coelsa_configs c on c.tenant_id = t.id
     where t.estado = 'ACTIVO' and c.environment = 'sandbox' order by t.id`,
  );
  return r.rows.map((x) => x.id);
}

export async function upsertConfig(
  q: Queryable,
  v: {
    tenantId: string;
    environment: CoelsaEnvironment;
    baseUrl: string | null;
    apiKeyEnc: string | null;
    apiSecretEnc: string | null;
    timeoutMs: number;
    maxRetries: number;
    resetTest: boolean;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `insert into coelsa_configs (tenant_id, environment, base_url, api_key_enc, api_secret_enc, timeout_ms, max_retries,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     on conflict (tenant_id) do update set environment = excluded.environment, base_url = excluded.base_url,
       api_key_enc = excluded.api_key_enc, api_secret_enc = excluded.api_secret_enc, timeout_ms = excluded.timeout_ms,
       max_retries = excluded.max_retries, updated_at = excluded.updated_at,
       test_status = case when $9 then 'untested' else coelsa_configs.test_status end,
       tested_at = case when $9 then null else coelsa_configs.tested_at end,
       test_message = case when $9 then null else coelsa_configs.test_message end`,
    [v.tenantId, v.environment, v.baseUrl, v.apiKeyEnc, v.apiSecretEnc, v.timeoutMs, v.maxRetries, v.now, v.resetTest],
  );
}

export async function deleteConfig(q: Queryable, tenantId: string): Promise<void> {
  await q.query('delete from coelsa_configs where tenant_id = $1', [tenantId]);
}

/** Makes the bank a participant of the built-in sandbox (enabled); true when it was not one before. */
export async function ensureSandboxParticipant(q: Queryable, tenantId: string, now: Date): Promise<boolean> {
  const r = await q.query<{ inserted: boolean }>(
    `insert into coelsa_sandbox_participants (tenant_id, enabled, created_at, updated_at) values ($1, true, $2, $2)
     on conflict (tenant_id) do update set enabled = true, disabled_reason = null, updated_at = excluded.updated_at
     returning (xmax = 0) as inserted`,
    [tenantId, now],
  );
  return r.rows[0]?.inserted === true;
}

/**
 * The built-in sandbox learns a bank's book as a real clearing house would already know it, in one statement (the
 * entries travel as one JSON parameter). Cheques the sandbox knows keep their sandbox state; answers how many it
 * learnt.
 */
export async function insertSandboxBook(
  q: Queryable,
  tenantId: string,
  now: Date,
  book: SandboxBookEntry[],
): Promise<number> {
  if (book.length === 0) return 0;
  const r = await q.query(
    `insert into coelsa_sandbox_echeqs (tenant_id, echeq_id, number, amount, currency, issue_date, due_date, state,
       custody_id, validation_status, reference, data, registered_at, updated_at)
     select $1::uuid, b.id, b.number, b.amount, b.currency, b.issue_date, b.due_date, b.state, b.custody_id,
       b.validation_status,
       'CLR-' || upper(substr(encode(sha256(convert_to(b.id::text, 'UTF8')), 'hex'), 1, 12)),
       jsonb_build_object('echeq_id', b.id, 'number', b.number, 'amount', b.amount::text, 'currency', b.currency,
         'issue_date', b.issue_date::text, 'due_date', b.due_date::text, 'issuer', b.issuer,
         'issuer_cuit', b.issuer_cuit, 'beneficiary', b.beneficiary, 'beneficiary_cuit', b.beneficiary_cuit),
       $2::timestamptz, $2::timestamptz
     from jsonb_to_recordset($3::jsonb) as b(id uuid, number text, amount numeric(18, 2), currency char(3),
       issue_date date, due_date date, issuer text, issuer_cuit text, beneficiary text, beneficiary_cuit text,
       state text, custody_id uuid, validation_status text)
     on conflict (tenant_id, echeq_id) do nothing`,
    [tenantId, now, JSON.stringify(book)],
  );
  return r.rowCount;
}

export async function recordTest(
  q: Queryable,
  v: { tenantId: string; status: 'success' | 'failed'; message: string; at: Date },
): Promise<void> {
  await q.query('update coelsa_configs set test_status = $2, tested_at = $3, test_message = $4 where tenant_id = $1', [
    v.tenantId,
    v.status,
    v.at,
    v.message,
  ]);
}

/** An operation waiting in the outbox (table clearing_outbox) for the clearing house. */
export type OutboxRow = {
  id: string;
  tenant_id: string;
  operation: string;
  entity: string;
  entity_id: string;
  payload: unknown;
  attempts: number;
};

/** Due PENDING operations, oldest first, locked (`skip locked`: those another run holds are left to it). */
export async function takeDueOutbox(tx: Queryable, now: Date, limit: number): Promise<OutboxRow[]> {
  const r = await tx.query<OutboxRow>(
    `select id, tenant_id, operation, entity, entity_id, payload, attempts from clearing_outbox
     where status = 'PENDING' and next_attempt_at <= $1
     order by next_attempt_at, id limit $2 for update skip locked`,
    [now, limit],
  );
  return r.rows;
}

/** The operation is next due at `at` (a lease before a remote call, or a deferral with its reason). */
export async function setOutboxDue(
  q: Queryable,
  id: string,
  at: Date,
  opts: { error?: string; onlyPending?: boolean } = {},
): Promise<void> {
  const error = opts.error === undefined ? '' : ', last_error = $3';
  const pending = opts.onlyPending ? " and status = 'PENDING'" : '';
  await q.query(`update clearing_outbox set next_attempt_at = $2${error} where id = $1${pending}`, [
    id,
    at,
    ...(opts.error === undefined ? [] : [opts.error]),
  ]);
}

/** Everything waiting for the bank's clearing house is due now (its configuration changed). */
export async function hurryBankOutbox(q: Queryable, tenantId: string, now: Date): Promise<void> {
  await q.query(
    `update clearing_outbox set next_attempt_at = $2
     where tenant_id = $1 and status = 'PENDING' and next_attempt_at > $2`,
    [tenantId, now],
  );
}

/** Locks the operation if it is still PENDING after `attempts` attempts (nobody recorded this one meanwhile). */
export async function lockOutboxAttempt(tx: Queryable, id: string, attempts: number): Promise<boolean> {
  const r = await tx.query(
    "select 1 from clearing_outbox where id = $1 and status = 'PENDING' and attempts = $2 for update",
    [id, attempts],
  );
  return r.rows.length > 0;
}

export async function markOutboxDelivered(tx: Queryable, id: string, at: Date, response: unknown): Promise<void> {
  await tx.query(
    `update clearing_outbox set status = 'DELIVERED', attempts = attempts + 1, delivered_at = $2, response = $3,
       last_error = null where id = $1`,
    [id, at, JSON.stringify(response)],
  );
}

export async function markOutboxFailed(tx: Queryable, id: string, attempts: number, error: string): Promise<void> {
  await tx.query(`update clearing_outbox set status = 'FAILED', attempts = $2, last_error = $3 where id = $1`, [
    id,
    attempts,
    error,
  ]);
}

export async function scheduleOutboxRetry(
  tx: Queryable,
  id: string,
  r: { attempts: number; next: Date; error: string },
): Promise<void> {
  await tx.query('update clearing_outbox set attempts = $2, next_attempt_at = $3, last_error = $4 where id = $1', [
    id,
    r.attempts,
    r.next,
    r.error,
  ]);
}

/** The outbox's raw figures (see outboxBacklog): waiting, due now, failed, when the oldest waiting one was recorded. */
export async function selectOutboxFigures(
  db: Queryable,
  now: Date,
  tenantId: string | null,
): Promise<{ pending: number; due: number; failed: number; oldest: Date | string | null }> {
  const r = await db.query<{ pending: number; due: number; failed: number; oldest: Date | string | null }>(
    `select count(*) filter (where status = 'PENDING')::int as pending,
       count(*) filter (where status = 'PENDING' and next_attempt_at <= $1)::int as due,
       count(*) filter (where status = 'FAILED')::int as failed,
       min(created_at) filter (where status = 'PENDING') as oldest
     from clearing_outbox where status in ('PENDING', 'FAILED') and ($2::uuid is null or tenant_id = $2::uuid)`,
    [now, tenantId],
  );
  return r.rows[0]!;
}

/** The banks on the built-in sandbox: configured for it and an enabled participant (the registry's directory). */
const ON_SANDBOX = `exists (select 1 from coelsa_configs c join coelsa_sandbox_participants p on p.tenant_id = c.tenant_id
  where c.tenant_id = %s and c.environment = 'sandbox' and p.enabled)`;

/** Whether a company with this CUIT is a client of a bank on the sandbox (any other CUIT is outside). */
export async function cuitOnSandbox(q: Queryable, cuit: string): Promise<boolean> {
  const r = await q.query(
    `select 1 from companies co where co.cuit = $1 and ${ON_SANDBOX.replace('%s', 'co.tenant_id')} limit 1`,
    [cuit],
  );
  return r.rows.length > 0;
}

/** Whether this bank code (the CBU's) is a bank on the sandbox's numbering (any other bank is outside). */
export async function bankCodeOnSandbox(q: Queryable, bankCode: string): Promise<boolean> {
  const r = await q.query(
    `select 1 from account_banks b where b.bank_code = $1 and ${ON_SANDBOX.replace('%s', 'b.tenant_id')} limit 1`,
    [bankCode],
  );
  return r.rows.length > 0;
}

/**
 * The outbox's record of a registry operation the bank delivered itself and got an answer to (the request's own
 * call, LIFECYCLE §8): DELIVERED with the answer, or FAILED with the refusal's reason, so the delivery job does not
 * send it again. A row the job has already settled is left as it is.
 */
export async function settleRegistryOutbox(
  q: Queryable,
  c: { tenantId: string; key: string; at: Date; response: unknown; refusal: string | null },
): Promise<void> {
  await q.query(
    `update clearing_outbox set status = $4, attempts = attempts + 1, delivered_at = case when $4 = 'DELIVERED'
       then $3::timestamptz end, response = $5, last_error = $6
     where tenant_id = $1 and status = 'PENDING' and operation in ('REGISTRY_ISSUE', 'REGISTRY_OPERATE')
       and payload->'request'->>'key' = $2`,
    [c.tenantId, c.key, c.at, c.refusal ? 'FAILED' : 'DELIVERED', JSON.stringify(c.response), c.refusal],
  );
}
