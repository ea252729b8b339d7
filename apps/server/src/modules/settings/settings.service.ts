import type { Db, Queryable } from '../../platform/db/db';

/** Platform-wide settings a system admin can change from /settings (per-bank rates live on the tenant). */
export type PlatformSettings = {
  sessionHours: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginWindowMinutes: number;
  registrationMaxPerIp: number;
  registrationMaxPerHour: number;
};

export const DEFAULT_SETTINGS: PlatformSettings = {
  sessionHours: 8,
  loginMaxFailuresPerAccount: 5,
  loginMaxFailuresPerIp: 50,
  loginWindowMinutes: 15,
  registrationMaxPerIp: 10,
  registrationMaxPerHour: 100,
};

const CACHE_MS = 2_000;
let cache: { at: number; db: Db; value: PlatformSettings } | undefined;

export async function getSettings(db: Db | Queryable): Promise<PlatformSettings> {
  const now = Date.now();
  if (cache && cache.db === db && now - cache.at < CACHE_MS) return cache.value;
  const r = await db.query<{ value: Partial<PlatformSettings> }>("select value from settings where key = 'platform'");
  const value = { ...DEFAULT_SETTINGS, ...(r.rows[0]?.value ?? {}) };
  cache = { at: now, db: db as Db, value };
  return value;
}

export function clearSettingsCache(): void {
  cache = undefined;
}
