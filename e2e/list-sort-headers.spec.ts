import { buenosAiresDateOf } from '@echeq/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const COMPANY = 'emisor@empresa.example';
const BANK = 'admin@banco.example';
const WIDE = { width: 1366, height: 900 };
/** This run's cheques, numbered from a prefix no other cheque has: active and cancelled ones created alternately. */
const PREFIX = `92${String(Date.now()).slice(-8)}`;
const STATUSES = ['ACTIVE', 'CANCELLED', 'ACTIVE', 'CANCELLED', 'ACTIVE', 'CANCELLED'] as const;
/** How long a page may take to show a new order (a loaded machine; the previous rows stay meanwhile). */
const WAIT = { timeout: 20_000 };
const TOTAL = `1–${STATUSES.length} de ${STATUSES.length}`;

/** The groups of a column, in order: each run of equal values once. */
const runsOf = (xs: string[]) => xs.filter((x, i) => i === 0 || x !== xs[i - 1]);
/** Each value's rows together: as many runs as values. */
const grouped = (xs: string[]) => runsOf(xs).length === new Set(xs).size;

const waitForSort = (page: Page, sort: string) =>
  page.waitForFunction((s) => new URLSearchParams(location.search).get('sort') === s, sort);

/** A column's cells on screen, in order (found by its header): a chip's label (the first, a status), or the text. */
async function column(table: Locator, header: string): Promise<string[]> {
  const at = (await table.locator('thead th').allInnerTexts()).findIndex((t) => t.trim() === header);
  if (at < 0) throw new Error(`No hay columna ${header}`);
  return table
    .locator(`tbody tr td:nth-child(${at + 1})`)
    .evaluateAll((tds) => tds.map((td) => (td.querySelector('.MuiChip-label') ?? td).textContent?.trim() ?? ''));
}

describe('the headers sort every column the server sorts by, kept in the address (issue 24, item 5)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
    const token = await apiLogin(COMPANY);
    const today = buenosAiresDateOf(new Date());
    const due = buenosAiresDateOf(new Date(Date.now() + 30 * 86_400_000));
    for (const [i, status] of STATUSES.entries()) {
      const r = await api(token, 'POST', '/echeqs', {
        number: `${PREFIX}${i}`,
        amount: 1000 + i,
        currency: 'ARS',
        issue_date: today,
        due_date: due,
        issuer: 'Empresa Demo S.A.',
        beneficiary: 'Proveedor del Sur S.R.L.',
        status,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('bank staff: Estado groups the cheques by status, a second click reverses the groups, a reload keeps it', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, BANK);
    await page.goto(`/echeqs?search=${PREFIX}`);
    await page.getByText(TOTAL).waitFor();
    const table = page.getByRole('table', { name: 'ECHEQs' });
    const statuses = () => column(table, 'Estado');
    // Newest first: the statuses alternate.
    expect(grouped(await statuses())).toBe(false);

    const header = page.getByRole('button', { name: 'Estado', exact: true });
    await header.click();
    await waitForSort(page, 'status');
    await expect.poll(async () => grouped(await statuses()), WAIT).toBe(true);
    const ascending = runsOf(await statuses());
    expect(ascending).toHaveLength(2);
    expect(await page.getByRole('columnheader', { name: 'Estado' }).getAttribute('aria-sort')).toBe('ascending');

    await header.click();
    await waitForSort(page, '-status');
    const groups = async () => {
      const s = await statuses();
      return grouped(s) ? runsOf(s) : s;
    };
    await expect.poll(groups, WAIT).toEqual([...ascending].reverse());
    await shot(page, 'list-sort-headers-echeqs-status-1366');

    await page.reload();
    await page.getByText(TOTAL).waitFor();
    await expect.poll(groups, WAIT).toEqual([...ascending].reverse());
    expect(await page.getByRole('columnheader', { name: 'Estado' }).getAttribute('aria-sort')).toBe('descending');
    await page.close();
  });

  it("bank staff: Empresa sorts the bank's book by company (the server's order), grouped; reversed; kept", async () => {
    const token = await apiLogin(BANK);
    const server = async (sort: string) =>
      ((await api(token, 'GET', `/echeqs?sort=${sort}&limit=100`)).body.data.data as any[]).map(
        (e) => e.company_name ?? '-',
      );
    const page = await newPage(browser, WIDE);
    await loginAs(page, BANK);
    await page.goto('/echeqs?limit=100');
    const table = page.getByRole('table', { name: 'ECHEQs' });
    await table.locator('tbody tr').first().waitFor();
    const companies = () => column(table, 'Empresa');
    const header = page.getByRole('button', { name: 'Empresa', exact: true });

    await header.click();
    await waitForSort(page, 'company');
    const ascending = await server('company');
    // The bank's book holds several companies' cheques, each company's together.
    expect(new Set(ascending).size).toBeGreaterThan(1);
    expect(grouped(ascending)).toBe(true);
    await expect.poll(companies, WAIT).toEqual(ascending);

    await header.click();
    await waitForSort(page, '-company');
    const descending = await server('-company');
    expect(grouped(descending)).toBe(true);
    expect(runsOf(descending)[0]).not.toBe(runsOf(ascending)[0]);
    // The companies on both pages come in the opposite order.
    const both = runsOf(ascending).filter((c) => descending.includes(c));
    expect(runsOf(descending).filter((c) => ascending.includes(c))).toEqual([...both].reverse());
    await expect.poll(companies, WAIT).toEqual(descending);

    await page.reload();
    await table.locator('tbody tr').first().waitFor();
    await expect.poll(companies, WAIT).toEqual(descending);
    expect(await page.getByRole('columnheader', { name: 'Empresa' }).getAttribute('aria-sort')).toBe('descending');
    await page.close();
  });

  it('at 390 px the cards are sorted from a select that offers Estado and Empresa', async () => {
    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, BANK);
    await phone.goto(`/echeqs?search=${PREFIX}&sort=-status`);
    await phone.getByText(TOTAL).waitFor();
    const select = phone.getByRole('combobox', { name: 'Ordenar por' });
    expect(await select.innerText()).toBe('Estado ↓');
    const cards = phone.getByRole('list', { name: 'ECHEQs' });
    const statuses = () =>
      cards
        .locator(':scope > li')
        .evaluateAll((lis) => lis.map((li) => li.querySelector('.MuiChip-label')?.textContent));
    await expect.poll(async () => grouped((await statuses()) as string[]), WAIT).toBe(true);
    await shot(phone, 'list-sort-headers-echeqs-390');
    await select.click();
    await phone.getByRole('option', { name: 'Empresa ↑' }).click();
    await waitForSort(phone, 'company');
    await phone.close();
  });

  it('users: the Email header sorts them, a second click reverses them, a reload keeps it; a select at 390 px', async () => {
    const token = await apiLogin(BANK);
    const search = encodeURIComponent('@banco.example');
    const server = async (sort: string) =>
      ((await api(token, 'GET', `/users?search=${search}&sort=${sort}&limit=100`)).body.data.data as any[]).map(
        (u) => u.email as string,
      );
    const page = await newPage(browser, WIDE);
    await loginAs(page, BANK);
    await page.goto(`/users?search=${search}&limit=100`);
    const table = page.getByRole('table', { name: 'Usuarios' });
    await table.getByText('auditor@banco.example').waitFor();
    const emails = async () =>
      (await table.locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.replace('(usted)', '').trim());
    const header = page.getByRole('button', { name: 'Email', exact: true });

    await header.click();
    await waitForSort(page, 'email');
    const ascending = await server('email');
    expect(ascending.length).toBeGreaterThanOrEqual(3);
    await expect.poll(emails, WAIT).toEqual(ascending);
    await header.click();
    await waitForSort(page, '-email');
    await expect.poll(emails, WAIT).toEqual([...ascending].reverse());
    await shot(page, 'list-sort-headers-users-1366');
    await page.reload();
    await table.getByText('auditor@banco.example').waitFor();
    await expect.poll(emails, WAIT).toEqual([...ascending].reverse());
    expect(await page.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe('descending');
    await page.close();

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, BANK);
    await phone.goto(`/users?search=${search}&sort=-email`);
    const select = phone.getByRole('combobox', { name: 'Ordenar por' });
    expect(await select.innerText()).toBe('Email ↓');
    await phone.getByRole('list', { name: 'Usuarios' }).getByText('auditor@banco.example').waitFor();
    await shot(phone, 'list-sort-headers-users-390');
    await select.click();
    await phone.getByRole('option', { name: 'Estado ↑' }).click();
    await waitForSort(phone, 'status');
    await phone.close();
  });

  it('users: the Rol header sorts them by the roles as the table names them (es-AR), a select at 390 px', async () => {
    const token = await apiLogin(BANK);
    const page = await newPage(browser, WIDE);
    await loginAs(page, BANK);
    await page.goto('/users?limit=100');
    const table = page.getByRole('table', { name: 'Usuarios' });
    await table.getByText('auditor@banco.example').waitFor();
    const header = page.getByRole('button', { name: 'Rol', exact: true });
    const spanish = new Intl.Collator('es-AR');
    for (const [sort, dir] of [
      ['role', 1],
      ['-role', -1],
    ] as const) {
      await header.click();
      await waitForSort(page, sort);
      const server = (await api(token, 'GET', `/users?sort=${sort}&limit=100`)).body.data.data as any[];
      const emails = async () =>
        (await table.locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.replace('(usted)', '').trim());
      await expect.poll(emails, WAIT).toEqual(server.map((u) => u.email));
      const roles = await column(table, 'Rol');
      expect(new Set(roles).size).toBeGreaterThan(3);
      // Admin Banco, Auditor, Autorizante Empresa, Avalista, Beneficiario, Operador Banco, Usuario Empresa (or back).
      expect(roles).toEqual([...roles].sort((a, b) => dir * spanish.compare(a, b)));
      expect(grouped(roles)).toBe(true);
      if (sort === 'role') await shot(page, 'list-sort-headers-users-role-1366');
    }
    await page.close();

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, BANK);
    await phone.goto('/users?limit=100');
    const cards = phone.getByRole('list', { name: 'Usuarios' });
    await cards.getByText('auditor@banco.example').waitFor();
    await phone.getByRole('combobox', { name: 'Ordenar por' }).click();
    await phone.getByRole('option', { name: 'Rol ↑' }).click();
    await waitForSort(phone, 'role');
    const server = (await api(token, 'GET', '/users?sort=role&limit=100')).body.data.data as any[];
    const first = server[0]!.email as string;
    await expect
      .poll(async () => (await cards.getByRole('listitem').first().innerText()).includes(first), WAIT)
      .toBe(true);
    await shot(phone, 'list-sort-headers-users-role-390');
    await phone.close();
  });

  it("the sign-in page's test users include Banco Norte's and Banco Sur's; choosing one signs in with it", async () => {
    for (const [viewport, name] of [
      [WIDE, 'list-sort-headers-login-1366'],
      [MOBILE, 'list-sort-headers-login-390'],
    ] as const) {
      const page = await newPage(browser, viewport);
      await page.goto('/login');
      const box = page.getByRole('region', { name: 'Usuarios de prueba' });
      await box.getByRole('button', { name: /Admin Banco Norte\s*admin@banconorte\.example/ }).waitFor();
      await box.getByRole('button', { name: /tesoreria@norte\.example/ }).waitFor();
      await box.getByRole('button', { name: /Admin Banco Sur\s*admin@bancosur\.example/ }).waitFor();
      await box.getByRole('button', { name: /Empresa de Banco Sur\s*empresa@sur\.example/ }).waitFor();
      await shot(page, name);
      await page.close();
    }
    const page = await newPage(browser, WIDE);
    await page.goto('/login');
    await page.getByRole('button', { name: /tesoreria@norte\.example/ }).click();
    expect(await page.locator('input[name="email"]').inputValue()).toBe('tesoreria@norte.example');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/dashboard');
    await page.close();
  });
});
