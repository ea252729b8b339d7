import type { tenantCoelsaConfigSchema } from '@echeq/contract';
import type { z } from 'zod';
import { toIsoOrNull } from '../../platform/timestamps';
import type { CoelsaConfigRow } from './clearing.queries';

export type CoelsaConfigDto = z.infer<typeof tenantCoelsaConfigSchema>;

/** The configuration as it may leave the server: never the key nor the secret, only whether they are set. */
export function toConfigDto(row: CoelsaConfigRow): CoelsaConfigDto {
  return {
    environment: row.environment,
    base_url: row.base_url,
    timeout: row.timeout_ms,
    max_retries: row.max_retries,
    has_api_key: !!row.api_key_enc,
    has_api_secret: !!row.api_secret_enc,
    test_status: row.test_status,
    tested_at: toIsoOrNull(row.tested_at),
    test_message: row.test_message,
  };
}

/** What the audit trail keeps of a configuration (no secrets). */
export function toAuditConfig(row: CoelsaConfigRow | null) {
  if (!row) return null;
  const { environment, base_url, timeout, max_retries, has_api_key, has_api_secret } = toConfigDto(row);
  const credentials =
    has_api_key && has_api_secret ? 'completas' : has_api_key || has_api_secret ? 'incompletas' : 'ausentes';
  return { environment, base_url, timeout, max_retries, credentials };
}
