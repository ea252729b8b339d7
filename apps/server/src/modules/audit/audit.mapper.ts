import type { AuditEntry } from '@echeq/contract';
import { toIso } from '../../platform/timestamps';
import type { AuditRow } from './audit.queries';

export function toAuditEntryDto(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: toIso(row.at),
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    actor_role: row.actor_role,
    tenant_id: row.tenant_id,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: row.before ?? null,
    after: row.after ?? null,
    request_id: row.request_id,
  };
}
