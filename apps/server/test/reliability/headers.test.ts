/**
 * Security headers and limits beyond test/http.test.ts: HSTS only behind TLS (x-forwarded-proto from the trusted
 * proxy), the whole CSP, framing, referrer, no server banner, no-store on the API, the body limit on authenticated and
 * public routes, the JSON depth limit at its exact bound, CORS closed (no grant on simple or preflight requests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../helpers';
import { custodyBody, expectErrorShape, rowCounts } from './support';

const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('security headers and limits', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await build();
    token = await s.login('emisor@empresa.example');
  });
  afterAll(() => s.close());

  it('HSTS only when the trusted proxy says the request came over TLS', async () => {
    const plain = await s.req('GET', '/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const tls = await s.req('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}; includeSubDomains/);
    const error = await s.req('GET', '/api/nada', { headers: { 'x-forwarded-proto': 'https' } });
    expect(error.headers.get('strict-transport-security')).toMatch(/max-age=/);
  });

  it('CSP, framing, sniffing, referrer, cache and banner headers on answers, errors included', async () => {
    for (const r of [
      await s.req('GET', '/api/health'),
      await s.req('GET', '/api/echeqs', { token }),
      await s.req('GET', '/api/echeqs'),
      await s.req('POST', '/api/auth/login', { raw: '{bad' }),
      await s.req('GET', '/pagina-inexistente'),
    ]) {
      const csp = r.headers.get('content-security-policy') ?? '';
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(directive('script-src')).toBe("script-src 'self'");
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('base-uri')).toBe("base-uri 'self'");
      expect(directive('form-action')).toBe("form-action 'self'");
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(r.headers.get('x-frame-options')).toMatch(/DENY|SAMEORIGIN/);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('x-powered-by')).toBeNull();
      expect(r.headers.get('server')).toBeNull();
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
    const api = await s.req('GET', '/api/echeqs', { token });
    expect(api.headers.get('cache-control')).toBe('no-store');
  });

  it('the request id is kept only in its strict form (a 128-bit id in hex), otherwise made anew', async () => {
    const uuid = 'A0B1C2D3-E4F5-4a6b-8c7d-9e0f1a2b3c4d';
    const kept = await s.req('GET', '/api/health', { headers: { 'x-request-id': uuid } });
    expect(kept.headers.get('x-request-id')).toBe(uuid.toLowerCase());
    const nginx = '0123456789abcdef0123456789abcdef';
    expect(
      (await s.req('GET', '/api/health', { headers: { 'x-request-id': nginx } })).headers.get('x-request-id'),
    ).toBe(nginx);
    const bad = ['<script>', 'abc.DEF-123_x', 'a'.repeat(65), 'a b', '"x"', `${uuid}0`, `${uuid.slice(0, -1)}g`, ''];
    for (const given of bad) {
      const r = await s.req('GET', '/api/health', { headers: { 'x-request-id': given } });
      const id = r.headers.get('x-request-id');
      expect(id, given).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(id).not.toBe(given.toLowerCase());
    }
  });

  it('bodies over 1 MiB are 413 on public and authenticated routes, and store nothing', async () => {
    const before = await rowCounts(s.db);
    const huge = JSON.stringify({ ...custodyBody(), issuer: 'x'.repeat(1024 * 1024) });
    for (const [path, tok] of [
      ['/api/echeqs/custody', token],
      ['/api/auth/register', null],
      ['/api/auth/login', null],
    ] as const) {
      const r = await s.req('POST', path, { token: tok, raw: huge });
      expect(r.status, path).toBe(413);
      expect(r.body.code).toBe('PAYLOAD_TOO_LARGE');
      expectErrorShape(r, path);
    }
    // Just under the limit the body is read, then refused by the schema (not by size).
    const under = JSON.stringify({ ...custodyBody(), issuer: 'x'.repeat(1024 * 1024 - 400) });
    expect(Buffer.byteLength(under)).toBeLessThan(1024 * 1024);
    const r = await s.req('POST', '/api/echeqs/custody', { token, raw: under });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_ERROR');
    // A lying content-length is refused too.
    const lie = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) },
      body: '{}',
    }).catch((err: Error) => err);
    if (!(lie instanceof Error)) expect(lie.status).toBeGreaterThanOrEqual(400);
    expect(await rowCounts(s.db)).toEqual(before);
  });

  it('JSON up to 32 levels is parsed, 33 levels is refused by the depth limit', async () => {
    const ok = await s.req('POST', '/api/echeqs/custody', { token, raw: nested(32) });
    expect(ok.status).toBe(400);
    expect(ok.body.message).not.toMatch(/profundidad/);
    const deep = await s.req('POST', '/api/echeqs/custody', { token, raw: nested(33) });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toMatch(/profundidad máxima de 32/);
    const arrays = await s.req('POST', '/api/echeqs/custody', { token, raw: `${'['.repeat(100)}${']'.repeat(100)}` });
    expect(arrays.status).toBe(400);
  });

  it('CORS is closed: no grant for another origin, preflights are not answered with permissions', async () => {
    const origin = 'https://atacante.example';
    const simple = await s.req('GET', '/api/echeqs', { token, headers: { origin } });
    expect(simple.status).toBe(200);
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of ['/api/echeqs', '/api/auth/login', '/api/discounts']) {
      const pre = await fetch(s.url + path, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(pre.status, path).toBeGreaterThanOrEqual(400);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      expect(pre.headers.get('access-control-allow-methods')).toBeNull();
      expect(pre.headers.get('access-control-allow-headers')).toBeNull();
    }
  });

  it('unexpected methods and content types are refused without echoing the request', async () => {
    for (const method of ['TRACE', 'PATCH', 'PROPFIND']) {
      const r = await fetch(`${s.url}/api/echeqs`, { method, headers: { authorization: `Bearer ${token}` } }).catch(
        (err: Error) => err,
      );
      if (r instanceof Error) continue; // the client refuses TRACE itself
      expect(r.status, method).toBeGreaterThanOrEqual(400);
      expect(r.status, method).toBeLessThan(500);
      expect(await r.text()).not.toContain(token);
    }
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/xml']) {
      const r = await s.req('POST', '/api/echeqs/custody', { token, raw: 'a=1', headers: { 'content-type': type } });
      expect(r.status, type).toBe(415);
      expect(r.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const charset = await s.req('POST', '/api/echeqs/custody', {
      token,
      raw: JSON.stringify(custodyBody()),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(200);
  });
});
