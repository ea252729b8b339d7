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
