import { addDays, buenosAiresDateOf, ROLE_LABELS, type Role } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const ROLES: Array<[string, Role, string]> = [
  ['admin@banco.example', 'BANK_ADMIN', 'Banco Demo'],
  ['emisor@empresa.example', 'COMPANY_USER', 'Empresa Demo S.A.'],
  ['superadmin@plataforma.example', 'SYSTEM_ADMIN', 'superadmin@plataforma.example'],
];

/** es-AR amount as the screens print it: '$ 1.234,56 ARS'. */
function ars(n: number): string {
  const [int, dec] = n.toFixed(2).split('.');
  return `$ ${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec} ARS`;
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

let seq = 0;
async function depositCheque(token: string, amount: number) {
  const today = buenosAiresDateOf(new Date());
  const due = addDays(today, 60);
  const r = await api(token, 'POST', '/echeqs/custody', {
    number: `96${Date.now()}${seq++}`,
    amount,
    currency: 'ARS',
    issue_date: today,
    due_date: due,
    issuer: 'Emisor E2E S.A.',
    beneficiary: 'Empresa Demo S.A.',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe('dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(ROLES)(
    '%s sees the four cards, custody details and performance with their own figures',
    async (email, role, who) => {
      const token = await apiLogin(email);
      const page = await newPage(browser);
      await loginAs(page, email);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await card(page, 'ECHEQs en Custodia').waitFor();
      const report = (await api(token, 'GET', '/reports/custody')).body.data;

      const custody = await card(page, 'ECHEQs en Custodia').innerText();
      expect(custody).toContain(String(report.total));
      expect(custody).toContain(ars(report.totalAmount));
      expect(await card(page, 'Tiempo de Respuesta').innerText()).toMatch(/\d+,\d ms[\s\S]*Disponibilidad \d+,\d{2}%/);
      const coelsa = await card(page, 'Estado COELSA').innerText();
      expect(coelsa).toContain('Conectado a Sandbox');
      expect(coelsa).toContain('Modo simulación activo');
      const user = await card(page, 'Usuario Actual').innerText();
      expect(user).toContain(who);
      expect(user).toContain(ROLE_LABELS[role]);

      const details = await card(page, 'Detalle de Custodia').innerText();
      for (const [label, status] of [
        ['En Custodia', 'IN_CUSTODY'],
        ['Liberados', 'RELEASED'],
        ['Expirados', 'EXPIRED'],
        ['Cancelados', 'CANCELLED'],
      ]) {
        const count = report.statusCounts.find((s: { status: string }) => s.status === status).count;
        expect(details).toMatch(new RegExp(`${label}\\s+${count}`));
      }
      const perf = await card(page, 'Métricas de Rendimiento').innerText();
      expect(perf).toMatch(/Tiempo de respuesta[\s\S]*\d+,\d ms/);
      expect(perf).toMatch(/Disponibilidad[\s\S]*\d+,\d{2}%/);
      expect(perf).toMatch(/Tasa de error[\s\S]*\d+,\d{2}%/);
      // Whose figures: the platform's for its administrator, the bank's own requests for everyone else, and for a
      // company only the three figures (no request counts, no median).
      if (role === 'SYSTEM_ADMIN') expect(perf).toMatch(/Últimas 24 horas · [\d.]+ solicitudes de la plataforma/);
      else if (role === 'BANK_ADMIN') expect(perf).toMatch(/Últimas 24 horas · [\d.]+ solicitudes de su entidad/);
      else {
        expect(perf).toContain('Últimas 24 horas · solicitudes de su entidad');
        expect(perf).not.toContain('Mediana');
        expect(perf).not.toMatch(/\d+ respuestas 5xx/);
      }
      await page.getByRole('region', { name: 'Integración COELSA' }).waitFor();
      await shot(page, `dashboard-${role.toLowerCase()}`);
      await page.context().close();
    },
  );

  it('moves as the book changes: a new custody shows on the next visit', async () => {
    const token = await apiLogin('emisor@empresa.example');
    const before = (await api(token, 'GET', '/reports/custody')).body.data;
    const page = await newPage(browser);
    await loginAs(page, 'emisor@empresa.example');
    await card(page, 'ECHEQs en Custodia').waitFor();
    expect(await card(page, 'ECHEQs en Custodia').innerText()).toContain(ars(before.totalAmount));

    await depositCheque(token, 1234.56);
    const after = (await api(token, 'GET', '/reports/custody')).body.data;
    expect(after.total).toBe(before.total + 1);
    expect(Math.round(after.totalAmount * 100) - Math.round(before.totalAmount * 100)).toBe(123456);
    await page.reload();
    await card(page, 'ECHEQs en Custodia').waitFor();
    const text = await card(page, 'ECHEQs en Custodia').innerText();
    expect(text).toContain(String(after.total));
    expect(text).toContain(ars(after.totalAmount));
    await page.context().close();
  });

  it("is replaced by 'Error al cargar los datos del dashboard' when one call fails", async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await card(page, 'ECHEQs en Custodia').waitFor();
    await page.route('**/api/reports/performance', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: 'Error interno del servidor' }),
      }),
    );
    await page.reload();
    await page.getByText('Error al cargar los datos del dashboard').waitFor({ timeout: 20_000 });
    expect(await card(page, 'ECHEQs en Custodia').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Métricas de Rendimiento' }).count()).toBe(0);
    await shot(page, 'dashboard-error');
    await page.context().close();
  });

  it('reads well at 390 px', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, 'emisor@empresa.example');
    await card(page, 'Métricas de Rendimiento').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'dashboard-mobile');
    await page.context().close();
  });
});
