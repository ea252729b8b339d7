/**
 * What the running server writes to its log about a request's address and id: query values redacted (but for page
 * controls, enumerations and dates), a client's request id kept only in its strict form.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedUrl } from '../../src/platform/http/log-redaction';
import { DEMO_PASSWORD } from '../helpers';
import { call, type ServerProcess, startServer } from './server-process';

describe('the address of a request, as logged', () => {
  it('keeps the path and the values of page controls, enumerations and dates only', () => {
    expect(redactedUrl('/api/echeqs')).toBe('/api/echeqs');
    expect(redactedUrl('/api/echeqs?')).toBe('/api/echeqs?');
    expect(redactedUrl('/api/echeqs?token=abc.def&page=2&status=ACTIVE&search=P%C3%A9rez')).toBe(
      '/api/echeqs?token=[oculto]&page=2&status=ACTIVE&search=[oculto]',
    );
    expect(redactedUrl('/api/audit?from=2026-01-01&to=2026-01-31&actor_id=x')).toBe(
      '/api/audit?from=2026-01-01&to=2026-01-31&actor_id=[oculto]',
    );
    // A kept name with a value that is not a plain token, a name that is not a name, broken escapes.
    expect(redactedUrl('/x?status=%3Cscript%3E&eyJhbGciOiJIUzI1NiJ9.e30.sig&page=%E0%A4%A')).toBe(
      '/x?status=[oculto]&[oculto]&page=[oculto]',
    );
    expect(redactedUrl('/x?flag&a=&limit=')).toBe('/x?flag&a=[oculto]&limit=');
  });
});

describe('the running server log', () => {
  let srv: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'echeq-log-redaction-'));
    srv = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', JOBS: 'false' });
  }, 180_000);
  afterAll(async () => {
    await srv?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds no query value that could be a secret, and no request id a client made up', async () => {
    const secret = (label: string) => `${label}${randomUUID().replace(/-/g, '')}`;
    const inQuery = [secret('tok'), secret('search'), secret('name'), secret('cursor')];
    const login = await call(srv.url, 'POST', '/api/auth/login', {
      body: { email: 'admin@banco.example', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token: string = login.body.token;

    const list = await call(
      srv.url,
      'GET',
      `/api/echeqs?token=${inQuery[0]}&search=${inQuery[1]}&page=1&status=ACTIVE&limit=5`,
      { token },
    );
    expect(list.status).toBe(400); // `token` is no parameter of the list: refused, and logged all the same.
    const ok = await call(srv.url, 'GET', `/api/echeqs?search=${inQuery[1]}&page=1&status=ACTIVE`, { token });
    expect(ok.status).toBe(200);
    expect((await call(srv.url, 'GET', `/api/health?${inQuery[2]}&access_token=${inQuery[0]}`)).status).toBe(200);
    expect((await call(srv.url, 'GET', `/api/echeqs/custody?cursor=${inQuery[3]}`, { token })).status).toBeLessThan(
      500,
    );

    // Request ids: a UUID (any case) or 32 hex digits is kept, lower-cased; anything else is replaced.
    const uuid = randomUUID();
    const keptUuid = await fetch(`${srv.url}/api/health`, { headers: { 'x-request-id': uuid.toUpperCase() } });
    expect(keptUuid.headers.get('x-request-id')).toBe(uuid);
    const hex = randomUUID().replace(/-/g, '');
    const keptHex = await fetch(`${srv.url}/api/health`, { headers: { 'x-request-id': hex } });
    expect(keptHex.headers.get('x-request-id')).toBe(hex);
    const madeUp = `forged-${randomUUID().slice(0, 8)}`;
    const replaced = await fetch(`${srv.url}/api/health`, { headers: { 'x-request-id': madeUp } });
    const newId = replaced.headers.get('x-request-id')!;
    expect(newId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(newId).not.toBe(madeUp);

    await srv.stop();
    const log = srv.output();
    const lines = log.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.length, 'the server logged nothing: the capture is broken').toBeGreaterThan(5);
    for (const value of inQuery) expect(log).not.toContain(value);
    expect(log).not.toContain(madeUp);
    expect(log).toContain('"url":"/api/echeqs?token=[oculto]&search=[oculto]&page=1&status=ACTIVE&limit=5"');
    expect(log).toContain('"url":"/api/health?[oculto]&access_token=[oculto]"');
    expect(log).toContain(`"reqId":"${uuid}"`);
    expect(log).toContain(`"reqId":"${hex}"`);
    expect(log).toContain(`"reqId":"${newId}"`);
  });
});
