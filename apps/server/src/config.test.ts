import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { NODE_ENV: 'test', JWT_SECRET: 'a'.repeat(64), SECRETS_KEY: 'b'.repeat(64) };

describe('loadConfig: DATABASE_URL', () => {
  it('takes a postgres:// or postgresql:// URL, and none for the embedded database', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db.example:5432/echeq' }).databaseUrl).toBe(
      'postgres://u@db.example:5432/echeq',
    );
    expect(loadConfig({ ...base, DATABASE_URL: ' postgresql://u@db/echeq ' }).databaseUrl).toBe(
      'postgresql://u@db/echeq',
    );
    expect(loadConfig({ ...base, DATABASE_URL: '' }).databaseUrl).toBeNull();
  });

  it('refuses anything else with a clear message', () => {
    for (const url of ['mysql://u@db/echeq', 'db.example:5432', 'postgres://']) {
      expect(() => loadConfig({ ...base, DATABASE_URL: url })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...base, DATABASE_URL: 'db.example' })).toThrow(/DATABASE_URL debe ser una URL postgres/);
  });
});

describe('loadConfig: COELSA_ALLOWED_HOSTS', () => {
  it('is empty unless given: no internal host is reached by default', () => {
    expect(loadConfig(base).clearingAllowedHosts).toEqual([]);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).clearingAllowedHosts).toEqual([]);
  });

  it('takes host names and addresses, comma-separated, and refuses anything else', () => {
    expect(
      loadConfig({ ...base, COELSA_ALLOWED_HOSTS: ' COELSA.interno.example, 10.1.2.3,[fd00::1] ,' })
        .clearingAllowedHosts,
    ).toEqual(['coelsa.interno.example', '10.1.2.3', 'fd00::1']);
    for (const bad of ['http://coelsa.example', 'coelsa.example/api', '*.example']) {
      expect(() => loadConfig({ ...base, COELSA_ALLOWED_HOSTS: bad })).toThrow(/COELSA_ALLOWED_HOSTS/);
    }
  });
});

describe('loadConfig: WORKERS and shutdown', () => {
  const pg = { ...base, DATABASE_URL: 'postgres://u@db/echeq' };

  it('one process on the embedded database, one per core on PostgreSQL, or the number given', () => {
    expect(loadConfig(base).workers).toBe(1);
    expect(loadConfig(pg).workers).toBe(availableParallelism());
    expect(loadConfig({ ...pg, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...base, WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses more than one on the embedded database, and anything that is not 1–256', () => {
    expect(() => loadConfig({ ...base, WORKERS: '2' })).toThrow(/WORKERS=2 requiere PostgreSQL/);
    for (const bad of ['0', '-1', '1.5', 'dos', '257']) {
      expect(() => loadConfig({ ...pg, WORKERS: bad })).toThrow(ConfigError);
    }
  });

  it('shutdown delay and timeout in whole seconds', () => {
    expect(loadConfig(base)).toMatchObject({ shutdownDelayMs: 0, shutdownTimeoutMs: 30_000 });
    expect(loadConfig({ ...base, SHUTDOWN_DELAY_SECONDS: '5', SHUTDOWN_TIMEOUT_SECONDS: '60' })).toMatchObject({
      shutdownDelayMs: 5_000,
      shutdownTimeoutMs: 60_000,
    });
    expect(() => loadConfig({ ...base, SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS inválido/);
    expect(() => loadConfig({ ...base, SHUTDOWN_DELAY_SECONDS: '2.5' })).toThrow(ConfigError);
  });
});
