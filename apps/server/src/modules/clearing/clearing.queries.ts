import type { CoelsaEnvironment } from '@echeq/contract';
import type { Queryable } from '../../platform/db/db';

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

export async function selectTenant(q: Queryable, tenantId: string, forUpdate = false): Promise<BankRow | null> {
  const r = await q.query<BankRow>(
    `select id, nombre, codigo, estado from tenants where id = $1${forUpdate ? ' for update' : ''}`,
    [tenantId],
  );
  return r.rows[0] ?? null;
}

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
 * Gives the sandbox the bank's current book (cheques and open custody), as a real clearing house would already know
 * them. Cheques it knows keep their sandbox state.
 */
export async function importBookIntoSandbox(q: Queryable, tenantId: string, now: Date): Promise<number> {
  const r = await q.query(
    `insert into coelsa_sandbox_echeqs (tenant_id, echeq_id, number, amount, currency, issue_date, due_date, state,
       custody_id, validation_status, reference, data, registered_at, updated_at)
     select e.tenant_id, e.id, e.number, e.amount, e.currency, e.issue_date, e.due_date,
       case
         when c.id is not null then 'IN_CUSTODY'
         when e.status = 'CANCELLED' then 'CANCELLED'
         when e.status = 'EXPIRED' then 'EXPIRED'
         when exists (select 1 from custody r where r.echeq_id = e.id and r.status = 'RELEASED') then 'RELEASED'
         else 'REGISTERED'
       end,
       c.id,
       case when e.validation_status in ('VALIDATED', 'REJECTED') then e.validation_status end,
       'CLR-' || upper(substr(encode(sha256(convert_to(e.id::text, 'UTF8')), 'hex'), 1, 12)),
       jsonb_build_object('echeq_id', e.id, 'number', e.number, 'amount', e.amount::text, 'currency', e.currency,
         'issue_date', e.issue_date::text, 'due_date', e.due_date::text, 'issuer', e.issuer,
         'issuer_cuit', e.issuer_cuit, 'beneficiary', e.beneficiary, 'beneficiary_cuit', e.beneficiary_cuit),
       $2, $2
     from echeqs e
     left join custody c on c.echeq_id = e.id and c.status = 'IN_CUSTODY'
     where e.tenant_id = $1 and e.deleted_at is null
     on conflict (tenant_id, echeq_id) do nothing`,
    [tenantId, now],
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

/** Cheque fields the clearing house needs, if the cheque is in the caller's scope (`scopeSql` condition). */
export type EcheqClearingRow = {
  id: string;
  tenant_id: string;
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

export async function selectEcheqInScope(
  q: Queryable,
  echeqId: string,
  scope: { sql: string; params: unknown[] },
): Promise<EcheqClearingRow | null> {
  const r = await q.query<EcheqClearingRow>(
    `select e.id, e.tenant_id, e.number, e.amount, e.currency, e.issue_date, e.due_date, e.issuer, e.issuer_cuit,
       e.beneficiary, e.beneficiary_cuit
     from echeqs e where e.id = $1 and e.deleted_at is null and ${scope.sql}`,
    [echeqId, ...scope.params],
  );
  return r.rows[0] ?? null;
}
