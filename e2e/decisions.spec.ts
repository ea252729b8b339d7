import { readFileSync } from 'node:fs';
import { buenosAiresDateOf, centsToNumber, discountedCents, rateToPpm, toCents } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const COMPANY = 'emisor@empresa.example';
const BANK_ADMIN = 'admin@banco.example';
const WIDE = { width: 1366, height: 900 };

/** es-AR amount as the screens print it: '$ 1.234,56 ARS'. */
function ars(n: number): string {
  const [int, dec] = n.toFixed(2).split('.');
  return `$ ${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec} ARS`;
}

const run = String(Date.now()).slice(-7);

/** A cheque deposited and validated by the company, and a discount requested on it: this spec's own data. */
async function pendingDiscount(token: string, n: number, amount: number, termDays: number) {
  const today = buenosAiresDateOf(new Date());
  const due = new Date(Date.parse(`${today}T00:00:00Z`) + termDays * 86_400_000).toISOString().slice(0, 10);
  const number = `96${run}${n}`;
  const c = await api(token, 'POST', '/echeqs/custody', {
    number,
    amount,
    currency: 'ARS',
    issue_date: today,
    due_date: due,
    issuer: 'Librador E2E S.A.',
    beneficiary: 'Proveedor E2E S.R.L.',
  });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  await api(token, 'GET', `/echeqs/validate/${c.body.data.echeq.id}`);
  const d = await api(token, 'POST', '/discounts', { echeq_id: c.body.data.echeq.id, requested_amount: amount });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  return { number, id: d.body.data.id as string, amount, termDays };
}

async function rowFor(page: Page, number: string) {
  await page.goto(`/discounts?view=list&search=${number}`);
  const row = page.getByRole('row').filter({ hasText: number });
  await row.waitFor();
  return row;
}

describe('discount decisions, receipts and the dashboard (browser)', () => {
  let browser: Browser;
  let a: Awaited<ReturnType<typeof pendingDiscount>>;

  beforeAll(async () => {
    browser = await launch();
    const token = await apiLogin(COMPANY);
    a = await pendingDiscount(token, 1, 250_000, 45);
  });
  afterAll(() => browser?.close());

  for (const [name, viewport] of [
    ['1366', WIDE],
    ['390', MOBILE],
  ] as const) {
    it(`at ${name} px: the dashboard's pending counts, the approve dialog's figures and the reject reasons`, async () => {
      const page = await newPage(browser, viewport);
      await loginAs(page, BANK_ADMIN);
      await page.goto('/dashboard');
      const strip = page.getByRole('region', { name: 'Pendientes' });
      await strip.getByRole('link', { name: /^Descuentos por aprobar: \d+/ }).waitFor();
      await page.getByRole('region', { name: 'ECHEQs en Custodia' }).waitFor();
      await shot(page, `dashboard-pending-${name}`);

      const row = await rowFor(page, a.number);
      await row.getByRole('button', { name: /^Aprobar descuento/ }).click();
      const approve = page.getByRole('dialog', { name: 'Aprobar descuento' });
      const net = centsToNumber(discountedCents(toCents(a.amount), rateToPpm('0.45'), a.termDays));
      const figures = await approve.getByLabel('Cálculo del descuento').innerText();
      expect(figures).toContain(ars(net));
      expect(figures).toContain(ars(a.amount - net));
      expect(figures).toContain('45,00%');
      await expect.poll(() => approve.getByRole('button', { name: 'Aprobar' }).isEnabled()).toBe(true);
      await page.waitForTimeout(400); // let the dialog finish fading in before the picture
      await shot(page, `discount-approve-dialog-${name}`);
      await approve.getByRole('button', { name: 'Volver' }).click();
      await approve.waitFor({ state: 'detached' });

      await row.getByRole('button', { name: /^Rechazar descuento/ }).click();
      const reject = page.getByRole('dialog', { name: 'Rechazar descuento' });
      expect(await reject.getByRole('radio', { name: 'Rechazado por el administrador' }).isChecked()).toBe(true);
      await reject.getByRole('radio', { name: 'Otro motivo' }).click();
      await reject.getByRole('textbox', { name: /Otro motivo/ }).waitFor();
      await page.waitForTimeout(400);
      await shot(page, `discount-reject-dialog-${name}`);
      await reject.getByRole('button', { name: 'Volver' }).click();
      await page.context().close();
    });
  }

  it('downloads the discount’s receipt (PDF) from its row', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, COMPANY);
    const row = await rowFor(page, a.number);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Descargar comprobante de descuento/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`comprobante-descuento-${a.id.slice(0, 8)}.pdf`);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });
});
