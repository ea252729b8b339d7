import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const COMPANY = 'emisor@empresa.example';
const BANK_ADMIN = 'admin@banco.example';
const SUR_COMPANY = 'empresa@sur.example';
const SUR_ADMIN = 'admin@bancosur.example';
const WIDE = { width: 1366, height: 900 };

/** The card of the account titled `title` (company view) or `title · company` (bank view). */
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function openAccounts(page: Page, heading: string) {
  await page.goto('/accounts');
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('current accounts and chequebooks: the company’s and the bank’s screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a company sees its accounts and requests a chequebook when fewer than 5 numbers are left', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, COMPANY);
    await page.getByRole('link', { name: 'Cuentas y chequeras', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Cuentas y chequeras' }).waitFor();
    const pesos = card(page, 'Cuenta corriente en pesos');
    const dollars = card(page, 'Cuenta corriente en dólares');
    // The pesos chequebook has numbers to spare (the demo data and other browser tests issue from it).
    await pesos.getByText(/^Quedan (\d{2,}|[5-9]) cheques$/).waitFor();
    await dollars.getByText('Quedan 4 cheques', { exact: true }).waitFor();
    expect(await pesos.getByRole('button', { name: 'Solicitar chequera' }).isDisabled()).toBe(true);
    await pesos.getByText('Podrá pedir otra cuando queden menos de 5 cheques').waitFor();
    expect(await dollars.getByText(/^CBU 901\d{5} \d{14}$/).count()).toBe(1);
    await shot(page, 'accounts-company-1366');
    await noSideways(page);

    await dollars.getByRole('button', { name: 'Solicitar chequera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar chequera' });
    await dialog.getByText(/chequera nueva de 25 cheques/).waitFor();
    await dialog.getByRole('button', { name: 'Solicitar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Chequera nueva activada' }).waitFor();
    await dollars.getByText('Quedan 29 cheques', { exact: true }).waitFor();
    expect(await dollars.getByRole('listitem').count()).toBe(2);
    expect(await dollars.getByRole('button', { name: 'Solicitar chequera' }).isDisabled()).toBe(true);

    const narrow = await newPage(browser, MOBILE);
    await loginAs(narrow, COMPANY);
    await openAccounts(narrow, 'Cuentas y chequeras');
    await card(narrow, 'Cuenta corriente en dólares').getByText('Quedan 29 cheques', { exact: true }).waitFor();
    await shot(narrow, 'accounts-company-390');
    await noSideways(narrow);
    await page.context().close();
    await narrow.context().close();
  });

  it('a bank admin opens an account for a client and sees it with its chequebook', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, BANK_ADMIN);
    await openAccounts(page, 'Cuentas de clientes');
    await card(page, 'Cuenta corriente en pesos · Empresa Demo S.A.').waitFor();
    expect(await page.getByRole('region', { name: /Distribuidora Norte/ }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Empresa' }).click();
    await page.getByRole('option', { name: /^Avalista Demo S\.A\./ }).click();
    await card(page, 'Cuenta corriente en pesos · Avalista Demo S.A.').waitFor();
    await page
      .getByRole('region', { name: /Empresa Demo S\.A\./ })
      .first()
      .waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Abrir cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Abrir cuenta corriente' });
    await dialog.getByRole('combobox', { name: 'Moneda' }).click();
    await page.getByRole('option', { name: 'Dólares (USD)' }).click();
    await dialog.getByLabel('CBU (opcional)').fill('9010001800000000000001');
    await dialog.getByRole('button', { name: 'Abrir cuenta' }).click();
    await dialog.getByText(/CBU inválido/).waitFor();
    await dialog.getByLabel('CBU (opcional)').fill('');
    await dialog.getByRole('button', { name: 'Abrir cuenta' }).click();
    await page.getByRole('alert').filter({ hasText: 'Cuenta abierta para Avalista Demo S.A.' }).waitFor();
    const opened = card(page, 'Cuenta corriente en dólares · Avalista Demo S.A.');
    await opened.getByText('Quedan 25 cheques', { exact: true }).waitFor();
    await opened.getByText('Activa', { exact: true }).first().waitFor();
    await shot(page, 'accounts-bank-1366');
    await noSideways(page);

    const narrow = await newPage(browser, MOBILE);
    await loginAs(narrow, BANK_ADMIN);
    await openAccounts(narrow, 'Cuentas de clientes');
    await card(narrow, 'Cuenta corriente en dólares · Avalista Demo S.A.').waitFor();
    await narrow.getByRole('combobox', { name: 'Empresa' }).getByText('Todas las empresas').waitFor();
    expect(await narrow.getByRole('button', { name: 'Abrir cuenta' }).isEnabled()).toBe(true);
    await shot(narrow, 'accounts-bank-390');
    await noSideways(narrow);
    await page.context().close();
    await narrow.context().close();
  });

  it('a bank off the sandbox activates the chequebook its client requested', async () => {
    const token = await apiLogin(SUR_COMPANY);
    const [account] = (await api(token, 'GET', '/accounts')).body.data;
    const asked = await api(token, 'POST', `/accounts/${account.id}/chequebooks`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.message).toBe('Chequera solicitada: el banco debe activarla');

    const page = await newPage(browser, WIDE);
    await loginAs(page, SUR_ADMIN);
    await openAccounts(page, 'Cuentas de clientes');
    await page.getByText('1 chequera espera su activación', { exact: false }).waitFor();
    const sur = card(page, 'Cuenta corriente en pesos · Comercial Sur S.A.');
    await sur.getByText('Pendiente de activación').waitFor();
    await sur.getByRole('button', { name: 'Activar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activar chequera' });
    await dialog.getByText(/Comercial Sur S\.A\. podrá emitir cheques/).waitFor();
    await dialog.getByRole('button', { name: 'Activar' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Chequera \d{8} – \d{8} activada/ })
      .waitFor();
    await sur.getByText('Quedan 29 cheques', { exact: true }).waitFor();
    expect(await sur.getByRole('button', { name: 'Activar' }).count()).toBe(0);
    await page.context().close();
  });
});
