import { buenosAiresDateOf, CUSTODY_STATUS_LABELS, type CustodyStatus } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const COMPANY = 'emisor@empresa.example';
const BANK = 'admin@banco.example';
/** This run's cheques, numbered from a prefix no other cheque has; due in 40..45 days, amounts out of order. */
const PREFIX = `94${String(Date.now()).slice(-8)}`;
const AMOUNTS = [3000, 1000, 6000, 2000, 5000, 4000];
const day = (n: number) => buenosAiresDateOf(new Date(Date.now() + n * 86_400_000));
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('');

async function typeDate(page: Page, label: string, iso: string) {
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy(iso), { delay: 25 });
}

/** The numbers of the rows on screen, in order. */
const numbers = async (page: Page) =>
  (await page.getByRole('table', { name: 'ECHEQs' }).locator('tbody tr td:first-child p').allInnerTexts()).map((t) =>
    t.trim(),
  );

describe('a book list sorted and filtered by typed dates keeps it across a reload (issue 24, items 5 and 6)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
    const token = await apiLogin(COMPANY);
    for (const [i, amount] of AMOUNTS.entries()) {
      const r = await api(token, 'POST', '/echeqs', {
        number: `${PREFIX}${i}`,
        amount,
        currency: 'ARS',
        issue_date: day(0),
        due_date: day(40 + i),
        issuer: 'Empresa Demo S.A.',
        beneficiary: 'Proveedor del Sur S.R.L.',
        status: 'ACTIVE',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('bank staff: due dates typed as DD/MM/AAAA and a sort by amount, in the address, the same after a reload', async () => {
    const page = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(page, BANK);
    await page.goto(`/echeqs?search=${PREFIX}`);
    await page.getByText('1–6 de 6').waitFor();

    // Due from day 41 to day 44: the cheques 1..4 (amounts 1000, 6000, 2000, 5000).
    await typeDate(page, 'Desde', day(41));
    await typeDate(page, 'Hasta', day(44));
    await page.waitForFunction((q) => location.search.includes(q), `date_to=${day(44)}`);
    await page.getByText('1–4 de 4').waitFor();

    const amount = page.getByRole('button', { name: 'Monto' });
    await amount.click();
    await page.waitForFunction(() => location.search.includes('sort=amount'));
    await amount.click();
    await page.waitForFunction(() => location.search.includes('sort=-amount'));
    const expected = [2, 4, 3, 1].map((i) => `${PREFIX}${i}`);
    await expect.poll(() => numbers(page)).toEqual(expected);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: PREFIX,
      date_from: day(41),
      date_to: day(44),
      sort: '-amount',
    });
    await shot(page, 'list-sort-filter-echeqs-1366');

    await page.reload();
    await page.getByText('1–4 de 4').waitFor();
    expect(page.url()).toBe(url.toString());
    await expect.poll(() => numbers(page)).toEqual(expected);
    const shown = await page.getByRole('group', { name: 'Desde', exact: true }).getByRole('spinbutton').allInnerTexts();
    expect(shown.join('/')).toBe(day(41).split('-').reverse().join('/'));
    expect(await page.getByRole('columnheader', { name: 'Monto' }).getAttribute('aria-sort')).toBe('descending');
    await page.close();
  });

  it('the system administrator: a bank filter and column; at 390 px the filters and a sort select wrap above the cards', async () => {
    const wide = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(wide, 'superadmin@plataforma.example');
    await wide.goto(`/echeqs?search=${PREFIX}&sort=due_date`);
    await wide.getByText('1–6 de 6').waitFor();
    await wide.getByRole('columnheader', { name: 'Banco' }).waitFor();
    await wide.getByRole('cell', { name: 'Banco Demo' }).first().waitFor();
    await expect.poll(() => numbers(wide)).toEqual(AMOUNTS.map((_, i) => `${PREFIX}${i}`));
    await shot(wide, 'list-sort-filter-echeqs-admin-1366');
    await wide.close();

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, BANK);
    await phone.goto(`/echeqs?search=${PREFIX}&date_from=${day(41)}&amount_min=2000&sort=-amount`);
    await phone.getByText('1–4 de 4').waitFor();
    expect(await phone.getByRole('textbox', { name: 'Monto mínimo' }).inputValue()).toBe('2000');
    // Cards have no headers: the sort is a select there.
    expect(await phone.getByRole('combobox', { name: 'Ordenar por' }).innerText()).toBe('Monto ↓');
    await expect.poll(() => phone.getByRole('listitem').locator('p').first().innerText()).toBe(`${PREFIX}2`);
    await shot(phone, 'list-sort-filter-echeqs-390');
    await phone.close();
  });

  it("bank staff: custody sorted by the Estado and Empresa headers (the server's order), kept after a reload; a phone's select", async () => {
    const token = await apiLogin(BANK);
    const serverOrder = async (sort: string) =>
      ((await api(token, 'GET', `/echeqs/custody?sort=${sort}&limit=10`)).body.data.data as any[]).map((c) => c.id);
    const page = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(page, BANK);
    await page.goto('/custody');
    const table = page.getByRole('table', { name: 'ECHEQs en custodia' });
    await table.waitFor();
    /** A column's cells on screen, in order (found by its header's position). */
    const column = async (name: string) => {
      const at = (await table.locator('thead th').allInnerTexts()).findIndex((t) => t.trim() === name);
      return (await table.locator(`tbody tr td:nth-child(${at + 1})`).allInnerTexts()).map((t) => t.trim());
    };
    const companies = () => column('Empresa');
    const statuses = () => column('Estado');

    await page.getByRole('button', { name: 'Estado', exact: true }).click();
    await page.waitForFunction(() => location.search.includes('sort=status'));
    const byStatus = await serverOrder('status');
    const statusOf = new Map(
      ((await api(token, 'GET', '/echeqs/custody?sort=status&limit=10')).body.data.data as any[]).map((c) => [
        c.id,
        c.status,
      ]),
    );
    await expect.poll(statuses).toEqual(byStatus.map((id) => CUSTODY_STATUS_LABELS[statusOf.get(id) as CustodyStatus]));

    await page.getByRole('button', { name: 'Empresa', exact: true }).click();
    await page.waitForFunction(() => location.search.includes('sort=company'));
    await page.getByRole('button', { name: 'Empresa', exact: true }).click();
    await page.waitForFunction(() => location.search.includes('sort=-company'));
    const byCompany = (await api(token, 'GET', '/echeqs/custody?sort=-company&limit=10')).body.data.data as any[];
    await expect.poll(companies).toEqual(byCompany.map((c) => c.company_name));
    await shot(page, 'list-sort-filter-custody-company-1366');
    await page.reload();
    await table.waitFor();
    await expect.poll(companies).toEqual(byCompany.map((c) => c.company_name));
    expect(await page.getByRole('columnheader', { name: 'Empresa' }).getAttribute('aria-sort')).toBe('descending');
    await page.close();

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, BANK);
    await phone.goto('/discounts?sort=status');
    expect(await phone.getByRole('combobox', { name: 'Ordenar por' }).innerText()).toBe('Estado ↑');
    await phone.getByRole('combobox', { name: 'Ordenar por' }).click();
    await phone.getByRole('option', { name: 'Empresa ↓' }).click();
    await phone.waitForFunction(() => location.search.includes('sort=-company'));
    await shot(phone, 'list-sort-filter-discounts-company-390');
    await phone.close();
  });
});
