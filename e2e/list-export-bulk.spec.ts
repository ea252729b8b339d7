import { readFileSync } from 'node:fs';
import { buenosAiresDateOf } from '@echeq/contract';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const COMPANY = 'emisor@empresa.example';
const BANK_ADMIN = 'admin@banco.example';
const run = String(Date.now()).slice(-7);
let seq = 0;

function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A cheque deposited in custody through the API, validated (a discount needs it), numbered under this run. */
async function deposit(token: string, amount: number, group: number) {
  const today = buenosAiresDateOf(new Date());
  const number = `96${run}${group}${seq++}`;
  const r = await api(token, 'POST', '/echeqs/custody', {
    number,
    amount,
    currency: 'ARS',
    issue_date: today,
    due_date: plusDays(today, 60),
    issuer: 'Librador Export E2E S.A.',
    beneficiary: 'Proveedor E2E S.R.L.',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const v = await api(token, 'GET', `/echeqs/validate/${r.body.data.echeq.id}`);
  expect(v.body.data?.validation_status, JSON.stringify(v.body)).toBe('VALIDATED');
  return { number, echeqId: r.body.data.echeq.id as string };
}

describe('exports and bulk actions on the lists', () => {
  let browser: Browser;
  let company: string;
  const cheques: { number: string; echeqId: string }[] = [];

  beforeAll(async () => {
    browser = await launch();
    company = await apiLogin(COMPANY);
    // Group 0: three cheques to export; groups 1 and 2: two pending discounts each, approved at 1366 and 390 px.
    for (const amount of [150_000.25, 250_000.5, 350_000.75]) cheques.push(await deposit(company, amount, 0));
    for (const group of [1, 2])
      for (const amount of [120_000, 130_000]) cheques.push(await deposit(company, amount, group));
    for (const c of cheques.slice(3)) {
      const r = await api(company, 'POST', '/discounts', { echeq_id: c.echeqId, requested_amount: 100_000 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(() => browser?.close());

  it("an export's rows are the filtered list's rows", async () => {
    const page = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(page, COMPANY);
    await page.goto(`/custody?search=96${run}0`);
    const table = page.getByRole('table', { name: 'ECHEQs en custodia' });
    await table.waitFor().catch(async (err) => {
      await shot(page, 'export-list-missing');
      throw err;
    });
    await page.waitForFunction(
      (n) => document.querySelectorAll('tbody tr').length === 3 && !!document.body.textContent?.includes(n),
      cheques[2]!.number,
    );
    const onScreen = (await table.locator('tbody tr').allInnerTexts()).map((t) => /96\d+/.exec(t)?.[0]);
    await page.getByRole('button', { name: 'Exportar' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (separado por ;)' }).click();
    const file = await (await download).path();
    // The export's own format: BOM, ';', CRLF, quotes where needed.
    const [header, ...rows] = parse(readFileSync(file), { delimiter: ';', bom: true });
    expect(header![0]).toBe('Número de ECHEQ');
    expect(rows.map((r) => r[0])).toEqual(onScreen);
    expect(rows.map((r) => r[1]).sort()).toEqual(['150000,25', '250000,50', '350000,75']);
    await page.context().close();
  });

  it('a bank approves two pending discounts at once and sees each outcome', async () => {
    for (const [viewport, tag, group] of [
      [{ width: 1366, height: 900 }, '1366', 1],
      [MOBILE, '390', 2],
    ] as const) {
      const page = await newPage(browser, viewport);
      await loginAs(page, BANK_ADMIN);
      await page.goto(`/discounts?search=96${run}${group}&status=PENDING&view=list`);
      const table = page.getByRole('table', { name: 'Descuentos' });
      await table.waitFor();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
      await page.getByRole('checkbox', { name: 'Seleccionar los pendientes de esta página' }).check();
      const bar = page.getByRole('region', { name: 'Acciones sobre los seleccionados' });
      await bar.getByText('2 seleccionados').waitFor();
      await bar.getByText('Total: $ 200.000,00 ARS').waitFor();
      await bar.scrollIntoViewIfNeeded();
      await shot(page, `bulk-bar-${tag}`);
      await bar.getByRole('button', { name: 'Aprobar seleccionados' }).click();
      const confirm = page.getByRole('dialog', { name: 'Aprobar descuentos' });
      await confirm.getByText(/Se aprobarán 2 descuentos/).waitFor();
      await confirm.getByRole('button', { name: 'Aprobar 2' }).click();
      const result = page.getByRole('dialog', { name: 'Resultado de la aprobación' });
      await result.getByText('2 de 2 realizados.').waitFor();
      // The confirmation has faded out and the result in before the picture.
      await confirm.waitFor({ state: 'hidden' });
      await page.waitForTimeout(400);
      await shot(page, `bulk-result-${tag}`);
      await page.context().close();
    }
    const bank = await apiLogin(BANK_ADMIN);
    const list = await api(bank, 'GET', `/discounts?search=96${run}&limit=100`);
    expect(list.body.data.data.map((d: { status: string }) => d.status)).toEqual(Array(4).fill('APPROVED'));
  });
});
