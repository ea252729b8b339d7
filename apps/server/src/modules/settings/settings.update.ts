import type { PlatformSettingsDto, SettingsDto, updateSettingsBodySchema } from '@echeq/contract';
import type { z } from 'zod';
import type { Ctx } from '../../platform/auth/actor';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { toIsoOrNull } from '../../platform/timestamps';
import { recordAudit } from '../audit';
import { listDiscountRates, setDiscountRates } from '../tenants';
import { clearSettingsCache, DEFAULT_SETTINGS, type PlatformSettings } from './settings.service';

type UpdateInput = z.output<typeof updateSettingsBodySchema>;

const toDto = (s: PlatformSettings): PlatformSettingsDto => ({
  session_hours: s.sessionHours,
  login_max_failures_per_account: s.loginMaxFailuresPerAccount,
  login_max_failures_per_ip: s.loginMaxFailuresPerIp,
  login_window_minutes: s.loginWindowMinutes,
  registration_max_per_ip: s.registrationMaxPerIp,
  registration_max_per_hour: s.registrationMaxPerHour,
});

function fromDto(base: PlatformSettings, patch: Partial<PlatformSettingsDto>): PlatformSettings {
  return {
    sessionHours: patch.session_hours ?? base.sessionHours,
    loginMaxFailuresPerAccount: patch.login_max_failures_per_account ?? base.loginMaxFailuresPerAccount,
    loginMaxFailuresPerIp: patch.login_max_failures_per_ip ?? base.loginMaxFailuresPerIp,
    loginWindowMinutes: patch.login_window_minutes ?? base.loginWindowMinutes,
    registrationMaxPerIp: patch.registration_max_per_ip ?? base.registrationMaxPerIp,
    registrationMaxPerHour: patch.registration_max_per_hour ?? base.registrationMaxPerHour,
  };
}

async function readRow(
  db: Queryable,
  forUpdate = false,
): Promise<{ value: PlatformSettings; updatedAt: Date | string | null }> {
  const r = await db.query<{ value: Partial<PlatformSettings>; updated_at: Date | string }>(
    `select value, updated_at from settings where key = 'platform'${forUpdate ? ' for update' : ''}`,
  );
  const row = r.rows[0];
  return { value: { ...DEFAULT_SETTINGS, ...(row?.value ?? {}) }, updatedAt: row?.updated_at ?? null };
}

/** The platform settings (uncached) and every bank's discount rate. */
export async function readSettings({ deps }: { deps: Pick<Deps, 'db'> }): Promise<SettingsDto> {
  const [{ value, updatedAt }, rates] = await Promise.all([readRow(deps.db), listDiscountRates(deps.db)]);
  return { platform: toDto(value), discount_rates: rates, updated_at: toIsoOrNull(updatedAt) };
}

/**
 * Changes platform settings and banks' discount rates in one transaction, each change audited; the settings cache
 * of this process is cleared (other processes see the change within the cache's 2 s).
 */
export async function updateSettings({
  deps,
  ctx,
  body,
}: {
  deps: Pick<Deps, 'db' | 'clock'>;
  ctx: Ctx;
  body: UpdateInput;
}): Promise<SettingsDto> {
  await deps.db.transaction(async (tx) => {
    if (body.platform) {
      await tx.query(
        `insert into settings (key, value, updated_at) values ('platform', '{}'::jsonb, $1) on conflict (key) do nothing`,
        [deps.clock.now()],
      );
      const before = (await readRow(tx, true)).value;
      const after = fromDto(before, body.platform);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        await tx.query(`update settings set value = $1::jsonb, updated_at = $2 where key = 'platform'`, [
          JSON.stringify(after),
          deps.clock.now(),
        ]);
        await recordAudit(tx, ctx, {
          action: 'settings.update',
          entity: 'settings',
          entityId: 'platform',
          before: toDto(before),
          after: toDto(after),
        });
      }
    }
    await setDiscountRates(tx, ctx, body.discount_rates ?? []);
  });
  clearSettingsCache();
  return readSettings({ deps });
}
