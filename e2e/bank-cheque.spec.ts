/**
 * Issue 20 on the ECHEQs screen: a cheque the bank discounted, or one in custody, offers no edit or delete and says
 * why; editing a validated cheque warns that a new face needs a new validation, and saving it shows it Pendiente.
 * Real server, real data made through the API; desktop (1366 px) and phone (390 px).
 */
import { buenosAiresDateOf } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const COMPANY = 'emisor@empresa.example';
const run = `95${Date.now()}`;
const day = (n: number) => buenosAiresDateOf(new Date(Date.now() + n * 86_400_000));

function cheque(suffix: string) {
  return {
    number: `${run}${suffix}`,
    amount: 350000,
    currency: 'ARS',
    issue_date: day(-3),
    due_date: day(60),
    issuer: 'Bodegas de Cuyo S.A.',
    beneficiary: 'Empresa Demo S.A.',
  };
}

async function search(page: Page, number: string) {
  await page.getByLabel('Buscar').fill(number);
  await page.waitForFunction((n) => {
    const rows = [...document.querySelectorAll('tbody tr, ul[aria-label="ECHEQs"] > li')];
    return rows.length === 1 && rows[0]!.textContent?.includes(n);
  }, number);
}

describe('the bank’s cheque on the ECHEQs screen (issue 20)', () => {
  let browser: Browser;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launch();
    const company = await apiLogin(COMPANY);
    const bank = await apiLogin('admin@banco.example');
    // A cheque deposited, validated, discounted and paid out by the bank.
    const sold = await api(company, 'POST', '/echeqs/custody', cheque('1'));
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    numbers.discounted = sold.body.data.echeq.number;
    await api(company, 'GET', `/echeqs/validate/${sold.body.data.echeq.id}`);
    const d = await api(company, 'POST', '/discounts', { echeq_id: sold.body.data.echeq.id, requested_amount: 300000 });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect((await api(bank, 'PUT', `/discounts/${d.body.data.id}/approve`)).status).toBe(200);
    expect((await api(bank, 'PUT', `/discounts/${d.body.data.id}/complete`)).status).toBe(200);
    // One only in custody, one free and validated.
    const held = await api(company, 'POST', '/echeqs/custody', cheque('2'));
    numbers.custody = held.body.data.echeq.number;
    const free = await api(company, 'POST', '/echeqs', cheque('3'));
    numbers.free = free.body.data.number;
    await api(company, 'GET', `/echeqs/validate/${free.body.data.id}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop: no edit or delete for the bank’s cheque nor a cheque in custody; a new face goes back to Pendiente', async () => {
    const page = await newPage(browser, { width: 1366, height: 800 });
    await loginAs(page, COMPANY);
    await page.goto('/echeqs');
    await page.getByRole('table', { name: 'ECHEQs' }).waitFor();

    await search(page, numbers.discounted!);
    await page
      .getByRole('row', { name: new RegExp(numbers.discounted!) })
      .getByText('Descontado por el banco')
      .waitFor();
    const edit = page.getByRole('button', { name: `Editar ECHEQ ${numbers.discounted}` });
    expect(await edit.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Eliminar ECHEQ ${numbers.discounted}` }).isDisabled()).toBe(true);
    await edit.locator('..').hover();
    await page
      .getByRole('tooltip')
      .getByText('Descontado por el banco: ya no puede modificarse ni eliminarse')
      .waitFor();
    await shot(page, 'echeqs-bank-cheque-1366');

    await search(page, numbers.custody!);
    const editHeld = page.getByRole('button', { name: `Editar ECHEQ ${numbers.custody}` });
    expect(await editHeld.isDisabled()).toBe(true);
    await editHeld.locator('..').hover();
    await page
      .getByRole('tooltip')
      .getByText('En custodia: solo cambia mediante operaciones de custodia y descuento')
      .waitFor();

    await search(page, numbers.free!);
    const row = page.getByRole('row', { name: new RegExp(numbers.free!) });
    expect(await row.innerText()).toContain('Validado');
    await row.getByRole('button', { name: `Editar ECHEQ ${numbers.free}` }).click();
    const dialog = page.getByRole('dialog', { name: `Editar ECHEQ N° ${numbers.free}` });
    await dialog.getByText(/volverá a quedar pendiente de validación por COELSA/).waitFor();
    await dialog.getByLabel(/^Monto/).fill('349000');
    await shot(page, 'echeqs-edit-revalidate-1366');
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByText(`ECHEQ N° ${numbers.free} actualizado`).waitFor();
    await row.getByText('Pendiente').waitFor();
    await page.context().close();
  });

  it('phone (390 px): the bank’s cheque card offers no edit or delete', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, COMPANY);
    await page.goto('/echeqs');
    await page.getByRole('list', { name: 'ECHEQs' }).waitFor();
    await search(page, numbers.discounted!);
    await page
      .getByRole('listitem')
      .getByText(/Descontado por el banco/)
      .waitFor();
    expect(await page.getByRole('button', { name: `Editar ECHEQ ${numbers.discounted}` }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Eliminar ECHEQ ${numbers.discounted}` }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Validar ECHEQ ${numbers.discounted}` }).isDisabled()).toBe(false);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'echeqs-bank-cheque-390');
    await page.context().close();
  });
});
