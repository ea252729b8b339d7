import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';

describe('HTTP conventions', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  it('malformed JSON, empty body, deep nesting, poisoned keys and wrong types are 400 in the contract shape', async () => {
    const bodies = [
      '{bad',
      '',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
      '{"email":1,"password":[]}',
      '"just a string"',
      'null',
    ];
    for (const raw of bodies) {
      const r = await s.req('POST', '/api/auth/login', { raw, headers: { 'content-type': 'application/json' } });
      expect(r.status, raw.slice(0, 40)).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts|stack|select |insert /i);
    }
  });

  it('oversize bodies are 413 and other media types 415', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024), password: 'x' });
    const r = await s.req('POST', '/api/auth/login', { raw: big });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('PAYLOAD_TOO_LARGE');
    const t = await s.req('POST', '/api/auth/login', { raw: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(t.status).toBe(415);
  });

  it('unknown API routes are 404 JSON; every answer carries a request id and security headers', async () => {
    const id = '0b6a2f8e-3c1d-4e5f-8a9b-1c2d3e4f5a6b';
    const r = await s.req('GET', '/api/nada', { headers: { 'x-request-id': id } });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(r.headers.get('x-request-id')).toBe(id);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(r.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the OpenAPI document', async () => {
    const r = await s.req('GET', '/api/docs/json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    expect(Object.keys(r.body.paths)).toContain('/api/auth/login');
  });
});

describe('validation errors name the field', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  it('reports unknown and wrong fields by their path', async () => {
    const r = await s.req('POST', '/api/auth/login', {
      body: { email: 'a@b.example', password: 'x', role: 'SYSTEM_ADMIN' },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: 'role' })]);
    const t = await s.req('POST', '/api/auth/login', { body: { email: 5, password: 'x' } });
    expect(t.body.errors).toEqual([expect.objectContaining({ path: 'email' })]);
  });

  it('says in Spanish where the data was wrong and that an unknown field is not allowed', async () => {
    const body = await s.req('POST', '/api/auth/login', { body: { email: 'a@b.example', password: 'x', extra: 1 } });
    expect(body.body).toMatchObject({ message: 'Datos inválidos en el cuerpo' });
    expect(body.body.errors).toEqual([{ path: 'extra', message: 'Campo no permitido' }]);
    const token = await s.login('admin@banco.example');
    const query = await s.req('GET', '/api/echeqs?limit=abc', { token });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ message: 'Datos inválidos en la consulta' });
  });
});
