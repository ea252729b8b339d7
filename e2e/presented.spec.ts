import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const ISSUER = 'emisor@empresa.example';
const BENEFICIARY = 'beneficiario@beneficiario.example';
const OPERATOR = 'operador@banco.example';
const BANK_ADMIN = 'admin@banco.example';
const WIDE = { width: 1366, height: 900 };

type Cheque = { id: string; number: string; cheque_id: string; state: string; syncing: boolean };

/** Asks `fn` until it gives a value (the registry's inboxes apply an operation to every party's bank within seconds). */
async function eventually<T>(what: string, fn: () => Promise<T | null | undefined>): Promise<T> {
  for (let i = 0; i < 60; i++) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No ocurrió: ${what}`);
}

/** The company's own copy of the registry cheque `chequeId`, as its book lists it. */
async function copyOf(token: string, number: string, chequeId: string): Promise<Cheque | null> {
  const r = await api<{ data: { data: Cheque[] } }>(token, 'GET', `/echeqs?search=${number}&limit=100`);
  return r.body.data.data.find((c) => c.cheque_id === chequeId) ?? null;
}

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Waits for an open dialog to finish fading in, so its screenshot shows it whole. */
async function settled(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await page.waitForFunction(
    (n) =>
      [...document.querySelectorAll('[role="dialog"]')].some(
        (d) => d.textContent?.includes(n) && getComputedStyle(d.parentElement ?? d).opacity === '1',
      ),
    name,
  );
  return dialog;
}

describe('the paying bank pays a presented cheque (issue 22)', () => {
  let browser: Browser;
  let cheque: Cheque;
  beforeAll(async () => {
    browser = await launch();
    // Empresa Demo issues a COMUN cheque (payable today) to Beneficiario Demo, who accepts it and deposits it at once.
    const issuer = await apiLogin(ISSUER);
    const beneficiary = await apiLogin(BENEFICIARY);
    const accounts = await api<{ data: { id: string; currency: string }[] }>(issuer, 'GET', '/accounts');
    const ars = accounts.body.data.find((a) => a.currency === 'ARS');
    const me = await api<{ data: { cuit: string } }>(beneficiary, 'GET', '/auth/profile');
    const issued = await api<{ data: Cheque }>(issuer, 'POST', '/echeqs/issue', {
      account_id: ars?.id,
      beneficiary_cuit: me.body.data.cuit,
      beneficiary_name: 'Beneficiario Demo S.R.L.',
      amount: 2468.1,
      tipo: 'COMUN',
      caracter: 'A_LA_ORDEN',
      concepto: 'FAC',
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    cheque = issued.body.data;
    const received = await eventually('el beneficiario recibe el ECHEQ', () =>
      copyOf(beneficiary, cheque.number, cheque.cheque_id),
    );
    const accepted = await api(beneficiary, 'POST', `/echeqs/${received.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const deposited = await api(beneficiary, 'POST', `/echeqs/${received.id}/deposit`, {});
    expect(deposited.status, JSON.stringify(deposited.body)).toBe(200);
    await eventually('el ECHEQ queda presentado al cobro', async () => {
      const r = await api<{ data: Cheque }>(issuer, 'GET', `/echeqs/${cheque.id}`);
      return r.body.data.state === 'PRESENTADO' && !r.body.data.syncing;
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Banco Demo’s operator sees it in the queue and its detail, on a desktop and on a phone', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, OPERATOR);
    await page.getByRole('link', { name: 'Cheques presentados al cobro', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Cheques presentados al cobro' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: cheque.cheque_id });
    await row.getByText('$ 2.468,10 ARS').waitFor();
    expect(await row.innerText()).toContain('Empresa Demo S.A.');
    expect(await row.innerText()).toContain('Beneficiario Demo S.R.L.');
    await shot(page, 'presented-queue-1366');
    await noSideways(page);

    await row.getByRole('button', { name: cheque.number, exact: true }).click();
    const detail = await settled(page, `ECHEQ N° ${cheque.number}`);
    const timeline = detail.getByRole('list', { name: 'Historial del ECHEQ' });
    await timeline.getByText('Presentado al cobro', { exact: true }).first().waitFor();
    const events = await timeline.getByRole('listitem').allInnerTexts();
    expect(events[0]).toContain('Emitido');
    expect(events.at(-1)).toContain('Presentado al cobro');
    await detail.getByText(/^\d{29}$/).waitFor();
    await timeline.scrollIntoViewIfNeeded();
    await shot(page, 'presented-detail-1366');
    await detail.getByRole('button', { name: 'Cerrar' }).click();

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, OPERATOR);
    await phone.goto('/presented');
    const card = phone.getByRole('listitem').filter({ hasText: cheque.cheque_id });
    await card.getByText('$ 2.468,10 ARS').waitFor();
    await shot(phone, 'presented-queue-390');
    await noSideways(phone);
    await card.getByRole('button', { name: `Rechazar ECHEQ ${cheque.number}` }).click();
    const reject = await settled(phone, 'Rechazar ECHEQ');
    expect(await reject.getByRole('button', { name: 'Rechazar' }).isDisabled()).toBe(true);
    await reject.getByRole('combobox', { name: /Motivo de rechazo/ }).click();
    await phone.getByRole('option', { name: 'Sin fondos suficientes' }).click();
    expect(await reject.getByRole('button', { name: 'Rechazar' }).isDisabled()).toBe(false);
    await shot(phone, 'presented-reject-390');
    await reject.getByRole('button', { name: 'Cancelar' }).click();
    await reject.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: `Pagar ECHEQ ${cheque.number}` }).click();
    const payPhone = await settled(phone, 'Pagar ECHEQ');
    await shot(phone, 'presented-pay-390');
    await payPhone.getByRole('button', { name: 'Cancelar' }).click();
    await phone.context().close();
    await page.context().close();
  });

  it('pays it: the notice, the queue without it, and the detail’s timeline ending in Pagado', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, OPERATOR);
    await page.goto('/presented');
    const row = page.getByRole('row').filter({ hasText: cheque.cheque_id });
    await row.getByRole('button', { name: `Pagar ECHEQ ${cheque.number}` }).click();
    const pay = await settled(page, 'Pagar ECHEQ');
    expect(await pay.innerText()).toContain(`¿Confirma el pago del ECHEQ N° ${cheque.number} por $ 2.468,10 ARS`);
    await shot(page, 'presented-pay-1366');
    await pay.getByRole('button', { name: 'Pagar' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `ECHEQ N° ${cheque.number} pagado` })
      .waitFor();
    await row.waitFor({ state: 'detached' });

    await page.goto(`/echeqs?detail=${cheque.id}`);
    const detail = await settled(page, `ECHEQ N° ${cheque.number}`);
    const timeline = detail.getByRole('list', { name: 'Historial del ECHEQ' });
    await timeline.getByText('Pagado', { exact: true }).first().waitFor();
    const events = await timeline.getByRole('listitem').allInnerTexts();
    const expected = ['Emitido', 'Aceptado por el beneficiario', 'Depositado', 'Presentado al cobro', 'Pagado'];
    expect(events).toHaveLength(expected.length);
    expected.forEach((words, i) => {
      expect(events[i]).toContain(words);
    });
    await timeline.scrollIntoViewIfNeeded();
    await shot(page, 'presented-paid-detail-1366');

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, OPERATOR);
    await phone.goto(`/echeqs?detail=${cheque.id}`);
    const small = await settled(phone, `ECHEQ N° ${cheque.number}`);
    const smallTimeline = small.getByRole('list', { name: 'Historial del ECHEQ' });
    await smallTimeline.getByText('Pagado', { exact: true }).first().waitFor();
    await shot(phone, 'presented-paid-detail-390');
    await smallTimeline.scrollIntoViewIfNeeded();
    await shot(phone, 'presented-paid-timeline-390');
    await noSideways(phone);
    await phone.context().close();
    await page.context().close();
  });

  it('Banco Demo’s administrator simulates a cheque received from outside the platform (sandbox)', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, BANK_ADMIN);
    await page.goto('/echeqs');
    await page.getByRole('button', { name: 'Simular ECHEQ recibido' }).click();
    const dialog = await settled(page, 'Simular ECHEQ recibido');
    await dialog.getByText(/,13 el banco girado lo rechaza «Sin fondos suficientes»/).waitFor();
    await dialog.getByRole('combobox', { name: /Empresa cliente/ }).click();
    await page.getByRole('option', { name: /^Empresa Demo S\.A\./ }).click();
    await dialog.getByRole('textbox', { name: /Monto/ }).fill('3.579,13');
    await shot(page, 'simulate-received-1366');
    await dialog.getByRole('button', { name: 'Simular' }).click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: /ECHEQ N° \d{8} simulado: Empresa Demo S\.A\. lo tiene en Recibidos/ });
    await notice.waitFor();
    await dialog.waitFor({ state: 'detached' });

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, BANK_ADMIN);
    await phone.goto('/echeqs');
    await phone.getByRole('button', { name: 'Simular ECHEQ recibido' }).click();
    const small = await settled(phone, 'Simular ECHEQ recibido');
    await small.getByRole('button', { name: 'Simular' }).click();
    await small.getByText('Elija la empresa cliente').waitFor();
    await shot(phone, 'simulate-received-390');
    await noSideways(phone);
    await phone.context().close();
    await page.context().close();
  });
});
