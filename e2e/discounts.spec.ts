import { buenosAiresDateOf, centsToNumber, discountedCents, divRoundHalfUp, rateToPpm, toCents } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const COMPANY = 'emisor@empresa.example';
const BANK_ADMIN = 'admin@banco.example';

/** es-AR amount as the screens print it: '$ 1.234,56 ARS'. */
function ars(n: number): string {
  const [int, dec] = n.toFixed(2).split('.');
  return `$ ${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec} ARS`;
}

/** Today in Buenos Aires and a date `days` later (the server counts discount days from this date). */
function baToday(): string {
  return buenosAiresDateOf(new Date());
}
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const run = String(Date.now());
let seq = 0;

/** A cheque deposited in custody by the company through the API: this spec's own data. */
async function depositCheque(token: string, amount: number, termDays: number) {
  const today = baToday();
  const number = `97${run}${seq++}`;
  const r = await api(token, 'POST', '/echeqs/custody', {
    number,
    amount,
    currency: 'ARS',
    issue_date: today,
    due_date: plusDays(today, termDays),
    issuer: 'Librador E2E S.A.',
    beneficiary: 'Proveedor E2E S.R.L.',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // A discount needs the cheque validated by the clearing house as it is.
  const v = await api(token, 'GET', `/echeqs/validate/${r.body.data.echeq.id}`);
  expect(v.body.data?.validation_status, JSON.stringify(v.body)).toBe('VALIDATED');
  return { number, echeqId: r.body.data.echeq.id as string, amount, termDays };
}

async function requestByApi(token: string, echeqId: string, amount: number) {
  const r = await api(token, 'POST', '/discounts', { echeq_id: echeqId, requested_amount: amount, notes: 'E2E' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as string;
}

async function openDiscounts(page: Page) {
  await page.goto('/discounts');
  await page.getByRole('heading', { level: 1, name: 'Descuentos de ECHEQs' }).waitFor();
  await page.getByRole('table', { name: 'Descuentos' }).waitFor();
}

/** Narrows the list to one cheque with the search box and answers its row. */
async function rowFor(page: Page, number: string) {
  await page.getByLabel('Buscar').fill(number);
  const row = page.getByRole('row').filter({ hasText: number });
  await row.first().waitFor();
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('tbody tr')].every((tr) => tr.textContent?.includes(n)),
    number,
  );
  return row.first();
}

describe('discounts between the demo company and the demo bank', () => {
  let browser: Browser;
  let companyToken: string;
  let chequeToRequest: Awaited<ReturnType<typeof depositCheque>>;
  let chequeToApprove: Awaited<ReturnType<typeof depositCheque>>;
  let chequeToReject: Awaited<ReturnType<typeof depositCheque>>;

  beforeAll(async () => {
    browser = await launch();
    companyToken = await apiLogin(COMPANY);
    chequeToRequest = await depositCheque(companyToken, 1_500_000, 60);
    chequeToApprove = await depositCheque(companyToken, 800_000, 45);
    chequeToReject = await depositCheque(companyToken, 250_000.5, 30);
    await requestByApi(companyToken, chequeToApprove.echeqId, 600_000);
    await requestByApi(companyToken, chequeToReject.echeqId, 250_000.5);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the company requests a discount on a cheque it holds in custody', async () => {
    const page = await newPage(browser);
    await loginAs(page, COMPANY);
    await openDiscounts(page);
    await page.getByRole('button', { name: 'Solicitar Descuento' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar Descuento' });
    await dialog.waitFor();
    await dialog.getByText('Ingrese el monto que desea descontar del ECHEQ').waitFor();
    await dialog.getByText('Información adicional sobre la solicitud').waitFor();
    await dialog.getByRole('combobox', { name: /ECHEQ en custodia/ }).click();
    const option = page.getByRole('option', { name: new RegExp(chequeToRequest.number) });
    expect(await option.innerText()).toContain('Proveedor E2E S.R.L.');
    expect(await option.innerText()).toContain(ars(chequeToRequest.amount));
    // The cheque with a pending request is offered but cannot be chosen again.
    const busy = page.getByRole('option', { name: new RegExp(chequeToApprove.number) });
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    await option.click();
    const amount = dialog.getByLabel(/Monto a descontar/);
    await amount.fill('1500000,01');
    await dialog.getByRole('button', { name: 'Solicitar', exact: true }).click();
    await dialog.getByText(/El monto no puede superar el del ECHEQ/).waitFor();
    await amount.fill('1200000,50');
    await dialog.getByLabel('Notas').fill('Adelanto para pago de sueldos');
    await shot(page, 'discounts-request-dialog');
    await dialog.getByRole('button', { name: 'Solicitar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Solicitud de descuento enviada').waitFor();

    const row = await rowFor(page, chequeToRequest.number);
    expect(await row.innerText()).toContain('Pendiente');
    expect(await row.innerText()).toContain(ars(1_200_000.5));
    await page.context().close();
  });

  it('the bank admin approves one request and rejects another', async () => {
    const page = await newPage(browser);
    await loginAs(page, BANK_ADMIN);
    await openDiscounts(page);
    expect(await page.getByRole('button', { name: 'Solicitar Descuento' }).isDisabled()).toBe(true);

    let row = await rowFor(page, chequeToApprove.number);
    await row.getByRole('button', { name: /^Aprobar descuento/ }).click();
    const approve = page.getByRole('dialog', { name: 'Aprobar descuento' });
    const expected = centsToNumber(discountedCents(toCents(600_000), rateToPpm('0.45'), chequeToApprove.termDays));
    // The server's figures before the click: the net amount, the rate and the days.
    const figures = await approve.getByLabel('Cálculo del descuento').innerText();
    expect(figures).toContain(ars(expected));
    expect(figures).toContain(ars(600_000 - expected));
    expect(figures).toContain('45,00%');
    expect(figures).toMatch(new RegExp(`Días hasta el vencimiento\\s+${chequeToApprove.termDays}\\b`));
    await approve.getByRole('button', { name: 'Aprobar' }).click();
    await approve.waitFor({ state: 'detached' });
    await page.getByText(`Descuento aprobado. Monto aprobado: ${ars(expected)}`).waitFor();
    await row.getByText('Aprobado', { exact: true }).waitFor();
    expect(await row.innerText()).toContain(ars(expected));

    row = await rowFor(page, chequeToReject.number);
    await row.getByRole('button', { name: /^Rechazar descuento/ }).click();
    const reject = page.getByRole('dialog', { name: 'Rechazar descuento' });
    expect(await reject.getByRole('radio', { name: 'Rechazado por el administrador' }).isChecked()).toBe(true);
    await shot(page, 'discounts-reject-dialog');
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await reject.waitFor({ state: 'detached' });
    await row.getByText('Rechazado', { exact: true }).waitFor();
    await shot(page, 'discounts-admin-desktop');
    await page.context().close();
  });

  it('the company sees the results in the list and in the grid, with the details', async () => {
    const expected = centsToNumber(discountedCents(toCents(600_000), rateToPpm('0.45'), chequeToApprove.termDays));
    const page = await newPage(browser);
    await loginAs(page, COMPANY);
    await openDiscounts(page);

    const approved = await rowFor(page, chequeToApprove.number);
    const text = await approved.innerText();
    expect(text).toContain('Aprobado');
    expect(text).toContain(ars(600_000));
    expect(text).toContain(ars(expected));
    // Tasa in the list: approved / requested with 2 decimals.
    const hundredths = Number(divRoundHalfUp(toCents(expected) * 10_000n, toCents(600_000)));
    expect(text).toContain(`${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')}%`);
    await approved.getByRole('button', { name: /^Ver detalles/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalles del Descuento' });
    const detailText = await details.innerText();
    expect(detailText).toContain('45,00%');
    expect(detailText).toContain(String(chequeToApprove.termDays));
    expect(detailText).toContain(ars(expected));
    await details.getByRole('button', { name: 'Cerrar' }).click();
    await details.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Vista de tarjetas' }).click();
    await page.getByLabel('Buscar').fill(chequeToReject.number);
    const card = page.getByRole('listitem').filter({ hasText: chequeToReject.number });
    await card.getByText('Rechazado', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Ver detalles' }).click();
    await page
      .getByRole('dialog', { name: 'Detalles del Descuento' })
      .getByText('Rechazado por el administrador')
      .waitFor();
    await page.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByLabel('Buscar').fill(chequeToApprove.number);
    const approvedCard = page.getByRole('listitem').filter({ hasText: chequeToApprove.number });
    await approvedCard.getByText('Aprobado', { exact: true }).waitFor();
    expect(await approvedCard.innerText()).toContain(ars(expected));
    await shot(page, 'discounts-company-grid');
    await page.context().close();
  });

  it('works on a 390 px phone: cards, the floating button and the request dialog', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, COMPANY);
    await page.goto('/discounts');
    await page.getByRole('heading', { level: 1, name: 'Descuentos de ECHEQs' }).waitFor();
    await page.getByRole('list', { name: 'Descuentos' }).waitFor();
    const fab = page.locator('.MuiFab-root[aria-label="Solicitar Descuento"]');
    await fab.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'discounts-company-mobile');
    await fab.click();
    await page.getByRole('dialog', { name: 'Solicitar Descuento' }).waitFor();
    await shot(page, 'discounts-request-mobile');
    await page.context().close();
  });
});
