import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, baseURL, launch, loginAs, MOBILE, newPage, shot } from './harness';

const pct = (count: number, total: number) => (total > 0 ? Math.floor((count * 200 + total) / (2 * total)) : 0);

async function rowCells(page: Page, table: string, label: string): Promise<string[]> {
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: label }).first();
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
}

describe('reports', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the summary, status tables with rounded shares, charts and the system performance', async () => {
    const token = await apiLogin('admin@banco.example');
    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reportes y Analytics' }).waitFor();
    await page.getByRole('table', { name: 'Custodia por Estado' }).waitFor();
    const custody = (await api(token, 'GET', '/reports/custody')).body.data;
    const discounts = (await api(token, 'GET', '/reports/discounts')).body.data;

    expect(await page.getByRole('region', { name: 'Total en Custodia' }).innerText()).toContain(
      `${custody.total} ECHEQs`,
    );
    expect(await page.getByRole('region', { name: 'Descuentos' }).innerText()).toContain(String(discounts.total));
    expect(await page.getByRole('region', { name: 'Rendimiento', exact: true }).innerText()).toMatch(/\d+,\d{2}%/);
    expect(await page.getByRole('region', { name: 'Tasa de Error (24h)' }).innerText()).toMatch(/\d+,\d{2}%/);

    const allCustody = custody.statusCounts.reduce((n: number, c: { count: number }) => n + c.count, 0);
    const custodyLabels: Array<[string, string]> = [
      ['En Custodia', 'IN_CUSTODY'],
      ['Liberados', 'RELEASED'],
      ['Expirados', 'EXPIRED'],
    ];
    for (const [label, status] of custodyLabels) {
      const count = custody.statusCounts.find((c: { status: string }) => c.status === status).count;
      const cells = await rowCells(page, 'Custodia por Estado', label);
      expect(cells.slice(0, 3)).toEqual([label, String(count), `${pct(count, allCustody)}%`]);
    }
    const allDiscounts = discounts.statusCounts.reduce((n: number, c: { count: number }) => n + c.count, 0);
    const discountLabels: Array<[string, string]> = [
      ['Pendientes', 'PENDING'],
      ['Aprobados', 'APPROVED'],
      ['Rechazados', 'REJECTED'],
      ['Completados', 'COMPLETED'],
    ];
    for (const [label, status] of discountLabels) {
      const count = discounts.statusCounts.find((c: { status: string }) => c.status === status).count;
      const cells = await rowCells(page, 'Descuentos por Estado', label);
      expect(cells.slice(0, 3)).toEqual([label, String(count), `${pct(count, allDiscounts)}%`]);
    }

    // The charts chunk arrives after the figures: donuts and monthly bars drawn as SVG.
    for (const name of [
      'Distribución de custodia',
      'Distribución de descuentos',
      'Volumen mensual de custodia y descuentos',
    ]) {
      const figure = page.locator(`figure[aria-label^="${name}"]`);
      await figure.locator('svg').first().waitFor();
      await expect.poll(() => figure.locator('svg path, svg rect').count()).toBeGreaterThan(2);
    }
    await page.getByRole('heading', { name: 'Rendimiento del Sistema' }).waitFor();
    expect(await page.getByRole('table', { name: 'Rendimiento por área de la API' }).innerText()).toContain('Reportes');
    await shot(page, 'reports-desktop');
    await page.context().close();
  });

  it('filters by period and downloads the CSV and XLSX exports', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await page.goto('/reports');
    await page.getByRole('table', { name: 'Custodia por Estado' }).waitFor();

    const year = new Date().getFullYear();
    const ranged = page.waitForRequest((r) => r.url().includes(`/api/reports/custody?from=${year}-01-01`));
    await page.getByRole('button', { name: 'Este año' }).click();
    await ranged;

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar custodia en CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^reporte-custodia-${year}-01-01_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Reporte de custodia de ECHEQs');
    expect(lines).toContain('Alcance;Banco Demo');
    expect(lines).toContain('Estado;Cantidad;Porcentaje;Monto (ARS)');
    expect(lines.find((l) => l.startsWith('En Custodia;'))).toMatch(/^En Custodia;\d+;\d+;\d+,\d{2}$/);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar descuentos en XLSX' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/^reporte-descuentos-.*\.xlsx$/);
    // A zip (OOXML) of real size; its cells are checked by the API tests, which read it back with exceljs.
    const book = readFileSync((await xlsx.path())!);
    expect([...book.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(book.length).toBeGreaterThan(4000);
    await page.context().close();
  });

  it('keeps the screen and exports to roles with reports:read', async () => {
    const token = await apiLogin('emisor@empresa.example');
    expect((await api(token, 'GET', '/reports/custody')).status).toBe(200);
    const denied = await fetch(`${baseURL()}/api/reports/custody.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(denied.status).toBe(403);
    const page = await newPage(browser);
    await loginAs(page, 'emisor@empresa.example');
    await page.goto('/reports');
    await page.getByText(/Acceso denegado/).waitFor();
    await page.context().close();
  });

  it('reads well at 390 px', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, 'superadmin@plataforma.example');
    await page.goto('/reports');
    await page.getByRole('table', { name: 'Descuentos por Estado' }).waitFor();
    await page.locator('figure[aria-label^="Distribución de custodia"] svg').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'reports-mobile');
    await page.context().close();
  });
});
