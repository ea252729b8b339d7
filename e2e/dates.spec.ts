import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, MOBILE, newPage, shot } from './harness';

/** Types digits into a date field as a person does: click its first section, then the digits, nothing else. */
async function typeDate(page: Page, label: string, digits: string, scope = page.locator('body')) {
  const group = scope.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits, { delay: 25 });
  return group;
}

const sections = async (page: Page, label: string, scope = page.locator('body')) =>
  (await scope.getByRole('group', { name: label }).getByRole('spinbutton').allInnerTexts()).join('/');

describe('typed dates', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("reports: 01122026 is 01/12/2026 and the reports ask from it; 'Hasta' before it says why", async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/reports/')) asked.push(new URL(r.url()).search);
    });
    await page.goto('/reports');
    await page.getByRole('table', { name: 'Custodia por Estado' }).waitFor();

    const from = page.waitForRequest((r) => r.url().includes('/api/reports/custody?from=2026-12-01'));
    await typeDate(page, 'Desde', '01122026');
    await from;
    expect(await sections(page, 'Desde')).toBe('01/12/2026');
    // No year of the typing (0002, 0020, 0202) was ever asked for.
    expect(asked.filter((q) => /from=0/.test(q))).toEqual([]);

    await typeDate(page, 'Hasta', '01112026');
    await page.getByText('No puede ser anterior a "Desde"').waitFor();
    expect(await sections(page, 'Hasta')).toBe('01/11/2026');
    await page.waitForTimeout(500);
    expect(asked.filter((q) => q.includes('to=2026-11-01'))).toEqual([]);
    await shot(page, 'dates-reports-impossible-range');

    // Made possible, the range applies.
    const both = page.waitForRequest((r) => r.url().includes('from=2026-12-01&to=2026-12-31'));
    await typeDate(page, 'Hasta', '31122026');
    await both;
    expect(await page.getByText('No puede ser anterior a "Desde"').count()).toBe(0);
    await page.context().close();
  });

  it('the audit filters and the new ECHEQ form take typed dates, on a phone too', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, 'superadmin@plataforma.example');
    await page.goto('/audit');
    await page.getByRole('heading', { name: 'Auditoría' }).waitFor();
    const from = page.waitForRequest((r) => r.url().includes('/api/audit?') && r.url().includes('from=2026-01-15'));
    await typeDate(page, 'Desde', '15012026');
    await from;
    expect(await sections(page, 'Desde')).toBe('15/01/2026');
    await shot(page, 'dates-audit-390');
    await page.context().close();

    const desk = await newPage(browser);
    await loginAs(desk, 'emisor@empresa.example');
    await desk.goto('/echeqs');
    await desk.getByRole('button', { name: 'Nuevo ECHEQ' }).first().click();
    const dialog = desk.getByRole('dialog', { name: 'Nuevo ECHEQ' });
    await typeDate(desk, 'Fecha de Emisión', '01122026', dialog);
    await typeDate(desk, 'Fecha de Vencimiento', '15012027', dialog);
    expect(await sections(desk, 'Fecha de Emisión', dialog)).toBe('01/12/2026');
    expect(await sections(desk, 'Fecha de Vencimiento', dialog)).toBe('15/01/2027');
    await shot(desk, 'dates-new-echeq');
    await desk.context().close();
  });
});
