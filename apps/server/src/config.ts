import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

export type Config = {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections to the PostgreSQL server (DATABASE_URL) this process keeps at most. */
  databasePoolSize: number;
  jwtSecret: string;
  secretsKey: Buffer;
  seedDemo: boolean;
  logLevel: string;
  redisUrl: string | null;
  metricsToken: string | null;
  webDist: string | null;
  version: string;
  /**
   * Which proxies may set X-Forwarded-For / X-Forwarded-Proto: `loopback` (default: a proxy on the same machine),
   * `true` (anyone: only behind a proxy that overwrites them), `false`, or addresses and CIDRs separated by commas.
   */
  trustProxy: boolean | string;
  /**
   * Hosts (names or addresses, as written in a clearing-house base URL) that the clearing-house link may reach even
   * when they resolve to loopback, private or link-local addresses (COELSA_ALLOWED_HOSTS, decision 021).
   */
  clearingAllowedHosts: string[];
  /** Bank code that self-registered companies join when the form names none. */
  registrationTenant: string;
  /** Background jobs (outbox delivery, expiry, metrics flush); tests may turn them off. */
  jobs: boolean;
  /** Server processes (node:cluster) sharing the port: 1 on the embedded database, which admits no more. */
  workers: number;
  /** After SIGTERM: how long the process keeps serving while it answers "not ready", so balancers stop sending. */
  shutdownDelayMs: number;
  /** After that: how long requests in flight and the jobs' current run may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Rows a list export writes at most (EXPORT_MAX_ROWS); beyond it the export is refused before it starts. */
  exportMaxRows: number;
};

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Reads the environment into a typed config (CONTRACT §1). Missing secrets are generated once outside production. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT inválido: ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\/./.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL debe ser una URL postgres:// (o postgresql://)');
  }

  const databasePoolSize = Number(env.DATABASE_POOL_SIZE ?? 10);
  if (!Number.isInteger(databasePoolSize) || databasePoolSize < 1 || databasePoolSize > 100) {
    throw new ConfigError(`DATABASE_POOL_SIZE inválido (de 1 a 100): ${env.DATABASE_POOL_SIZE}`);
  }

  const workers = parseWorkers(env.WORKERS, databaseUrl);
  const shutdownDelayMs = seconds(env, 'SHUTDOWN_DELAY_SECONDS', 0, 0, 300);
  const shutdownTimeoutMs = seconds(env, 'SHUTDOWN_TIMEOUT_SECONDS', 30, 1, 3600);

  const exportMaxRows = Number(env.EXPORT_MAX_ROWS ?? 100_000);
  if (!Number.isInteger(exportMaxRows) || exportMaxRows < 1 || exportMaxRows > 1_000_000) {
    throw new ConfigError(`EXPORT_MAX_ROWS inválido (de 1 a 1000000): ${env.EXPORT_MAX_ROWS}`);
  }

  const secrets = resolveSecrets(env, mode, dataDir);
  return {
    env: mode,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    databasePoolSize,
    jwtSecret: secrets.jwtSecret,
    secretsKey: secrets.secretsKey,
    seedDemo: (env.SEED_DEMO ?? 'true').toLowerCase() !== 'false',
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    redisUrl: env.REDIS_URL?.trim() || null,
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    webDist: env.WEB_DIST ?? null,
    version: env.npm_package_version ?? '0.1.0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    registrationTenant: (env.REGISTRATION_TENANT ?? 'BDEMO').toUpperCase(),
    clearingAllowedHosts: parseHosts(env.COELSA_ALLOWED_HOSTS),
    jobs: (env.JOBS ?? 'true').toLowerCase() !== 'false',
    workers,
    shutdownDelayMs,
    shutdownTimeoutMs,
    exportMaxRows,
    ...overrides,
  };
}

function parseHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter(Boolean);
  const bad = hosts.find((h) => !/^[a-z0-9.:-]+$/.test(h));
  if (bad) throw new ConfigError(`COELSA_ALLOWED_HOSTS: "${bad}" no es un nombre de host ni una dirección`);
  return hosts;
}

/**
 * WORKERS: a whole number from 1 to 256; by default 1 on the embedded database and one per core on PostgreSQL. The
 * embedded database lives in one process's memory and files: it refuses more than one.
 */
function parseWorkers(value: string | undefined, databaseUrl: string | null): number {
  const raw = value?.trim();
  if (!raw) return databaseUrl ? availableParallelism() : 1;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 256) throw new ConfigError(`WORKERS inválido (de 1 a 256): ${value}`);
  if (n > 1 && !databaseUrl) {
    throw new ConfigError(
      `WORKERS=${n} requiere PostgreSQL (DATABASE_URL): la base de datos embebida admite un solo proceso del servidor`,
    );
  }
  return n;
}

/** A setting in whole seconds within [min, max], answered in milliseconds. */
function seconds(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback * 1000;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    throw new ConfigError(`${name} inválido (segundos, de ${min} a ${max}): ${env[name]}`);
  }
  return n * 1000;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  const v = (value ?? 'loopback').trim();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  return v;
}

function parseKey(value: string, name: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new ConfigError(`${name} debe tener 32 bytes (64 caracteres hex o base64)`);
  return key;
}

function resolveSecrets(env: Env, mode: Config['env'], dataDir: string) {
  const missing = (['JWT_SECRET', 'SECRETS_KEY'] as const).filter((k) => !env[k]);
  if (missing.length > 0 && mode === 'production') {
    throw new ConfigError(`Falta la variable de entorno obligatoria en producción: ${missing.join(', ')}`);
  }
  let stored: { JWT_SECRET?: string; SECRETS_KEY?: string } = {};
  if (missing.length > 0) {
    const file = path.join(dataDir, 'secrets.json');
    if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
    let changed = false;
    for (const k of missing) {
      if (!stored[k]) {
        stored[k] = randomBytes(32).toString('hex');
        changed = true;
      }
    }
    if (changed) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }
  const jwtSecret = env.JWT_SECRET ?? stored.JWT_SECRET ?? '';
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET debe tener al menos 32 caracteres');
  return { jwtSecret, secretsKey: parseKey(env.SECRETS_KEY ?? stored.SECRETS_KEY ?? '', 'SECRETS_KEY') };
}
