import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import { insertRows, type RowInsert } from '../../platform/db/insert-rows';

// mfa_enabled is a fact worth keeping; the second factor's secrets and codes are not.
const SECRET_KEY = /pass|secret|api_?key|token|mfa_(?!enabled)/i;

/** Drops anything that looks like a password, key or token before it reaches the trail. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    if (value instanceof Date) return value.toISOString();
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[oculto]' : redact(v);
    return out;
  }
  return value;
}

export type AuditInput = {
  action: string;
  entity: string;
  entityId?: string | null;
  tenantId?: string | null;
  before?: unknown;
  after?: unknown;
};

const AUDIT_COLUMNS = [
  'actor_id',
  'actor_email',
  'actor_role',
  'tenant_id',
  'action',
  'entity',
  'entity_id',
  'before',
  'after',
  'request_id',
] as const;

/** One audit record as a row to insert (see insertRows); `ctx` null means the system itself. */
export function auditRow(ctx: Ctx | null, input: AuditInput): RowInsert {
  return {
    table: 'audit_log',
    columns: AUDIT_COLUMNS,
    values: [
      ctx?.actor.userId ?? null,
      ctx?.actor.email ?? null,
      ctx?.actor.role ?? 'SYSTEM',
      input.tenantId ?? ctx?.actor.tenantId ?? null,
      input.action,
      input.entity,
      input.entityId ?? null,
      input.before === undefined ? null : JSON.stringify(redact(input.before)),
      input.after === undefined ? null : JSON.stringify(redact(input.after)),
      ctx?.requestId ?? null,
    ],
  };
}

/** Appends one record to the audit trail, inside the caller's transaction. `ctx` null means the system itself. */
export async function recordAudit(tx: Queryable, ctx: Ctx | null, input: AuditInput): Promise<void> {
  await insertRows(tx, [auditRow(ctx, input)]);
}
