/**
 * The clearing-house link reaches only the clearing house: no loopback, private, link-local or metadata address
 * (literal, IPv6-mapped, or behind a name), https in production, and the connection test repeats nothing the remote
 * end wrote. Through the API (POST /api/admin/tenants/{id}/coelsa-config/test) against a real local HTTP server that
 * counts what reaches it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../src/modules/clearing/adapters/egress';
import { build, type TestServer } from './helpers';

describe('which addresses are public', () => {
  it('refuses loopback, private, link-local, metadata, reserved and their IPv6 forms', () => {
    const internal = [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '100.64.0.1',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:0:a00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      '2001:db8::1',
      'ff02::1',
      'not an address',
    ];
    for (const a of internal) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '200.45.10.1', '2800:3f0:4002:800::200e', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});

describe('the clearing-house connection test reaches only the clearing house', () => {
  let s: TestServer;
  let root: string;
  let bsurId: string;
  let target: Server;
  let port: number;
  const hits: string[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '{"status":"ok"}' };

  beforeAll(async () => {
    // The test servers allow 127.0.0.1 (COELSA_ALLOWED_HOSTS, as the simulators need): written that way it is
    // reached; any other way to loopback or an internal network is not.
    s = await build();
    root = await s.login('superadmin@plataforma.example');
    bsurId = (await s.db.query<{ id: string }>(`select id from tenants where codigo = 'BSUR'`)).rows[0]!.id;
    target = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => target.listen(0, '0.0.0.0', resolve));
    port = (target.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => target?.close(r));
    await s?.close();
  });
  beforeEach(() => {
    hits.length = 0;
    answer = { status: 200, body: '{"status":"ok"}' };
  });

  const cfgPath = () => `/api/admin/tenants/${bsurId}/coelsa-config`;
  async function configureAndTest(environment: 'staging' | 'production', baseUrl: string) {
    const set = await s.req('POST', cfgPath(), {
      token: root,
      body: { environment, base_url: baseUrl, api_key: 'key-egress', api_secret: 'secret-egress', max_retries: 2 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return s.req('POST', `${cfgPath()}/test`, { token: root });
  }

  it('refuses internal destinations however they are written, before connecting', async () => {
    const internal = [
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://[::ffff:7f00:1]:${port}`,
      `http://127.0.0.2:${port}`,
      `http://0.0.0.0:${port}`,
      `http://0x7f000002:${port}`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://[fd00:ec2::254]/latest/meta-data/`,
      `http://10.0.0.1:${port}`,
      `http://192.168.0.10/`,
      `http://[64:ff9b::a9fe:a9fe]/`,
    ];
    for (const url of internal) {
      const t = await configureAndTest('staging', url);
      expect(t.status, url).toBe(200);
      expect(t.body.data, url).toMatchObject({ success: false, test_status: 'failed' });
      expect(t.body.message, url).toContain('destino no permitido');
    }
    expect(hits).toEqual([]);
    // Every request the bank's functions make goes the same way: the status probe too.
    const sur = await s.login('admin@bancosur.example');
    const status = await s.req('GET', '/api/integration/coelsa/status', { token: sur });
    expect(JSON.stringify(status.body)).not.toContain('conexión rechazada');
    expect(hits).toEqual([]);
  });

  it('reaches an allowed host, and repeats nothing the remote end wrote', async () => {
    const ok = await configureAndTest('staging', `http://127.0.0.1:${port}`);
    expect(ok.body.data).toMatchObject({ success: true, test_status: 'success' });
    expect(hits).toEqual(['GET /v1/health']);

    const leak = 'root:x:0:0 SECRETO-INTERNO ami-id i-0abc';
    for (const status of [400, 401, 404, 418]) {
      answer = { status, body: JSON.stringify({ code: `LEAK_${leak}`, message: leak, reasons: [{ message: leak }] }) };
      const t = await s.req('POST', `${cfgPath()}/test`, { token: root });
      expect(t.body.data.success).toBe(false);
      expect(t.body.message).toContain(`(HTTP ${status})`);
      expect(JSON.stringify(t.body)).not.toContain('SECRETO');
      const stored = await s.db.query<{ test_message: string }>(
        'select test_message from coelsa_configs where tenant_id = $1',
        [bsurId],
      );
      expect(stored.rows[0]!.test_message).not.toContain('SECRETO');
    }
    answer = { status: 200, body: leak };
    const garbage = await s.req('POST', `${cfgPath()}/test`, { token: root });
    expect(garbage.body.data.success).toBe(false);
    expect(JSON.stringify(garbage.body)).not.toContain('SECRETO');
  });

  it('production: https only, refused at saving and at calling', async () => {
    const set = await s.req('POST', cfgPath(), {
      token: root,
      body: { environment: 'production', base_url: `http://127.0.0.1:${port}`, api_key: 'k', api_secret: 's' },
    });
    expect(set.status).toBe(400);
    expect(JSON.stringify(set.body.errors)).toContain('https');
    // A configuration stored before the rule (or written around the API) is refused when used.
    await configureAndTest('production', `https://127.0.0.1:${port}`);
    await s.db.query(`update coelsa_configs set base_url = $2 where tenant_id = $1`, [
      bsurId,
      `http://127.0.0.1:${port}`,
    ]);
    const t = await s.req('POST', `${cfgPath()}/test`, { token: root });
    expect(t.body.data).toMatchObject({ success: false, test_status: 'failed' });
    expect(t.body.message).toContain('https');
    expect(hits).toEqual([]);
    // https to an internal address is refused too (production, not allowed).
    const internal = await configureAndTest('production', `https://169.254.169.254/`);
    expect(internal.body.message).toContain('destino no permitido');
  });
});
