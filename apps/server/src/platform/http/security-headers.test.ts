import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { POLICY, securityHeaders } from './security-headers';

const VARYING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

describe('securityHeaders', () => {
  it('are exactly the headers helmet sets on a real answer for the same policy', async () => {
    const server = http.createServer((req, res) => helmet(POLICY)(req, res, () => res.end('ok')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const real = Object.fromEntries([...r.headers].filter(([name]) => !VARYING.has(name)));
      expect(securityHeaders()).toEqual(real);
      expect(real['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      server.close();
    }
  });

  it('a policy helmet refuses fails at start, not on a request', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow();
  });
});
