import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoelsaSimulator, startCoelsaSimulator } from '../src/modules/clearing/simulator/server';
import { build, type TestServer } from './helpers';

const SIM_KEY = 'sur-key';
const SIM_SECRET = 'sur-secret-0123456789abcdef';

describe('clearing house: status, configuration check and the three 503 codes', () => {
  let s: TestServer;
  let sim: CoelsaSimulator;
  let demo: string;
  let sur: string;
  let bsurId: string;
  let bdemoId: string;
  beforeAll(async () => {
    s = await build();
    sim = await startCoelsaSimulator({ credentials: { [SIM_KEY]: SIM_SECRET } });
    demo = await s.login('admin@banco.example');
    sur = await s.login('admin@bancosur.example');
    const t = await s.db.query<{ id: string; codigo: string }>('select id, codigo from tenants');
    bsurId = t.rows.find((r) => r.codigo === 'BSUR')!.id;
    bdemoId = t.rows.find((r) => r.codigo === 'BDEMO')!.id;
  });
  afterAll(async () => {
    await sim.close();
    await s.close();
  });

  it('Banco Demo (sandbox) reads SANDBOX, connected', async () => {
    const r = await s.req('GET', '/api/integration/coelsa/status', { token: demo });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ connected: true, status: 'SANDBOX' });
    expect(Date.parse(r.body.data.timestamp)).not.toBeNaN();
    const c = await s.req('GET', '/api/system/coelsa-config', { token: demo });
    expect(c.status).toBe(200);
    expect(c.body.data).toEqual({
      config: { isConfigured: true, isSandbox: true, baseUrl: null, hasUrl: false, hasApiKey: false },
      connection: { connected: true, status: 'SANDBOX', error: null },
      recommendations: { needsConfig: false, message: expect.stringContaining('Modo simulación activo') },
    });
  });

  it('Banco Sur (unconfigured) reads NOT_CONFIGURED with 200, and needs configuration', async () => {
    const r = await s.req('GET', '/api/integration/coelsa/status', { token: sur });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ connected: false, status: 'NOT_CONFIGURED' });
    const c = await s.req('GET', '/api/system/coelsa-config', { token: sur });
    expect(c.status).toBe(200);
    expect(c.body.data.config).toEqual({
      isConfigured: false,
      isSandbox: false,
      baseUrl: null,
      hasUrl: false,
      hasApiKey: false,
    });
    expect(c.body.data.recommendations.needsConfig).toBe(true);
  });
});
