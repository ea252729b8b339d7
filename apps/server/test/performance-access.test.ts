/**
 * Who sees which performance figures (issue 20, item 14): the platform's administrator every bank's traffic with the
 * breakdown per area; a bank's roles their own bank's traffic, with its breakdown; a company's roles (and any role
 * without reports) only the dashboard's three figures. Through real HTTP, flushed to the database and not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';
import { parseCsv } from './reports-fixtures';

type Route = { group: string; requests: number; serverErrors: number };
const SUMMARY_KEYS = ['availability', 'errorRate', 'generatedAt', 'responseTime', 'scope', 'since', 'windowHours'];

describe('performance figures by audience', () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  const perf = async (who: string) => {
    const r = await s.req('GET', '/api/reports/performance', { token: tokens[who] });
    expect(r.status, who).toBe(200);
    return r.body.data;
  };
  const group = (data: { routes: Route[] }, name: string) => data.routes.find((r) => r.group === name);

  beforeAll(async () => {
    s = await build();
    const accounts = {
      root: 'superadmin@plataforma.example',
      demoAdmin: 'admin@banco.example',
      demoOperator: 'operador@banco.example',
      demoAuditor: 'auditor@banco.example',
      surAdmin: 'admin@bancosur.example',
      company: 'emisor@empresa.example',
      authorizer: 'autorizante@empresa.example',
      financial: 'entidad@financiera.example',
    };
    for (const [who, email] of Object.entries(accounts)) tokens[who] = await s.login(email);
    // Each bank's traffic in an area the other never touches; requests without a session too.
    for (let i = 0; i < 5; i++)
      expect((await s.req('GET', '/api/discounts', { token: tokens.demoAdmin })).status).toBe(200);
    for (let i = 0; i < 7; i++) expect((await s.req('GET', '/api/audit', { token: tokens.surAdmin })).status).toBe(200);
    for (let i = 0; i < 3; i++) await s.req('GET', '/api/health');
  });
  afterAll(async () => {
    await s?.close();
  });

  it("the platform's administrator: every bank's traffic, with the breakdown", async () => {
    const all = await perf('root');
    expect(all.scope).toBe('platform');
    expect(group(all, 'discounts')?.requests).toBeGreaterThanOrEqual(5);
    expect(group(all, 'audit')?.requests).toBeGreaterThanOrEqual(7);
    expect(group(all, 'health')?.requests).toBe(3);
    expect(group(all, 'auth')?.requests).toBeGreaterThanOrEqual(8);
    expect(all.hourly.length).toBeGreaterThan(0);
  });

  it("a bank's roles: their bank's traffic only, before and after the figures are flushed", async () => {
    for (const flushed of [false, true]) {
      if (flushed) await s.app.metrics.flush();
      for (const who of ['demoAdmin', 'demoOperator', 'demoAuditor']) {
        const demo = await perf(who);
        expect(demo.scope, who).toBe('bank');
        expect(group(demo, 'discounts')?.requests, who).toBe(5);
        // Banco Sur's audit reads, the sign-ins and the requests without a session are not Banco Demo's.
        expect(group(demo, 'audit'), who).toBeUndefined();
        expect(group(demo, 'health'), who).toBeUndefined();
        expect(group(demo, 'auth'), who).toBeUndefined();
      }
      const sur = await perf('surAdmin');
      expect(sur.scope).toBe('bank');
      expect(group(sur, 'audit')?.requests).toBe(7);
      expect(group(sur, 'discounts')).toBeUndefined();
      const all = await perf('root');
      expect(all.requests).toBeGreaterThan(sur.requests + (await perf('demoAdmin')).requests);
    }
    // What the database holds: the platform's rows and each bank's own.
    const rows = await s.db.query<{ codigo: string | null; route_group: string; n: string }>(
      `select t.codigo, m.route_group, sum(m.count)::text as n from metrics_minute m
       left join tenants t on t.id = m.tenant_id where m.route_group in ('audit', 'discounts')
       group by 1, 2 order by 1 nulls first, 2`,
    );
    expect(rows.rows.map((r) => [r.codigo, r.route_group, Number(r.n)])).toEqual([
      [null, 'audit', 7],
      [null, 'discounts', 5],
      ['BDEMO', 'discounts', 5],
      ['BSUR', 'audit', 7],
    ]);
  });

  it("a company's roles and roles without reports: the dashboard's three figures, nothing more", async () => {
    for (const who of ['company', 'authorizer', 'financial']) {
      const mine = await perf(who);
      expect(Object.keys(mine).sort(), who).toEqual(SUMMARY_KEYS);
      expect(mine.scope).toBe('company');
      // Their bank's requests: Banco Demo's for the company; Financiera Demo has had none but these reads.
      if (who !== 'financial') expect(mine.responseTime).toBeGreaterThan(0);
      expect(mine.availability).toBe(100);
    }
    for (const fmt of ['csv', 'xlsx']) {
      expect((await s.req('GET', `/api/reports/performance.${fmt}`, { token: tokens.company })).status).toBe(403);
    }
  });

  it("exports follow the same scope: a bank's file holds its own areas only", async () => {
    const file = async (who: string) => {
      const r = await fetch(`${s.url}/api/reports/performance.csv`, {
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
      expect(r.status).toBe(200);
      return parseCsv(await r.text());
    };
    const demo = await file('demoAdmin');
    expect(demo.find((r) => r[0] === 'Alcance')?.[1]).toBe('Solicitudes de Banco Demo');
    const areas = (rows: string[][]) => {
      const header = rows.findIndex((r) => r[0] === 'Área');
      const out: string[] = [];
      for (const r of rows.slice(header + 1)) {
        if (!r[0]) break;
        out.push(r[0]);
      }
      return out;
    };
    // The file names the areas in Spanish, as the screen does.
    expect(areas(demo)).toContain('Descuentos');
    expect(areas(demo)).not.toContain('Auditoría');
    const all = await file('root');
    expect(all.find((r) => r[0] === 'Alcance')?.[1]).toBe('Toda la plataforma');
    expect(areas(all)).toEqual(
      expect.arrayContaining(['Descuentos', 'Auditoría', 'Estado del servicio', 'Autenticación']),
    );
  });
});
