import { buenosAiresDateOf } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const COMPANY = 'emisor@empresa.example';
/** This run's cheques: 11 active and 1 cancelled, numbered from a prefix no other cheque has. */
const PREFIX = `93${String(Date.now()).slice(-8)}`;
const day = (n: number) => buenosAiresDateOf(new Date(Date.now() + n * 86_400_000));

const query = (page: Page) => new URL(page.url()).search;
const historyLength = (page: Page) => page.evaluate(() => history.length);

async function waitForQuery(page: Page, expected: string) {
  await page.waitForFunction((q) => location.search === q, expected);
}

describe('lists keep their state in the address (issue 24, item 7)', () => {
  let browser: Browser;
  const ids: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    const token = await apiLogin(COMPANY);
    for (let i = 0; i < 12; i++) {
      const r = await api(token, 'POST', '/echeqs', {
        number: `${PREFIX}${String(i).padStart(2, '0')}`,
        amount: 1000 + i,
        currency: 'ARS',
        issue_date: day(0),
        due_date: day(30 + i),
        issuer: 'Empresa Demo S.A.',
        beneficiary: 'Proveedor del Sur S.R.L.',
        status: i === 11 ? 'CANCELLED' : 'ACTIVE',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.data.id);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('search, filter and page survive a reload; typing adds no history entries; the open cheque too', async () => {
    const page = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(page, COMPANY);
    await page.goto('/echeqs');
    await page.getByRole('table', { name: 'ECHEQs' }).waitFor();
    expect(query(page)).toBe('');

    const before = await historyLength(page);
    await page.getByLabel('Buscar').pressSequentially(PREFIX, { delay: 15 });
    await waitForQuery(page, `?search=${PREFIX}`);
    // The search replaced the entry: no history entry per keystroke.
    expect(await historyLength(page)).toBe(before);
    await page.getByText('1–10 de 12').waitFor();

    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Activos', exact: true }).click();
    await waitForQuery(page, `?search=${PREFIX}&status=ACTIVE`);
    await page.getByText('1–10 de 11').waitFor();
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await waitForQuery(page, `?search=${PREFIX}&status=ACTIVE&page=2`);
    await page.getByText('11–11 de 11').waitFor();

    await page.reload();
    await page.getByText('11–11 de 11').waitFor();
    expect(query(page)).toBe(`?search=${PREFIX}&status=ACTIVE&page=2`);
    expect(await page.getByLabel('Buscar').inputValue()).toBe(PREFIX);
    expect(await page.getByRole('combobox', { name: 'Estado' }).innerText()).toBe('Activos');
    // The oldest of the active ones is on page 2 (newest first).
    const last = `${PREFIX}00`;
    await page.getByRole('row', { name: new RegExp(last) }).waitFor();

    // The open cheque is in the address too, and 'back' closes it.
    await page.getByRole('button', { name: `Ver ECHEQ ${last}` }).click();
    await page.getByRole('dialog').getByText(last).first().waitFor();
    await waitForQuery(page, `?search=${PREFIX}&status=ACTIVE&page=2&detail=${ids[0]}`);
    await shot(page, 'list-url-echeqs-detail-1366');
    await page.reload();
    await page.getByRole('dialog').getByText(last).first().waitFor();
    await page.goBack();
    await waitForQuery(page, `?search=${PREFIX}&status=ACTIVE&page=2`);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await shot(page, 'list-url-echeqs-1366');

    // Back again: the first page of the filter.
    await page.goBack();
    await waitForQuery(page, `?search=${PREFIX}&status=ACTIVE`);
    await page.getByText('1–10 de 11').waitFor();
    await page.close();
  });

  it('a link opens a cheque that is on no page on screen; closing it leaves a clean address', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, COMPANY);
    await page.goto(`/echeqs?detail=${ids[11]}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${PREFIX}11`).first().waitFor();
    await shot(page, 'list-url-echeqs-link-390');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await waitForQuery(page, '');
    await dialog.waitFor({ state: 'hidden' });

    // Values the list does not know read as its defaults.
    await page.goto('/echeqs?status=BORRADO&page=abc&limit=7');
    await page
      .getByRole('list', { name: 'ECHEQs' })
      .or(page.getByRole('table', { name: 'ECHEQs' }))
      .waitFor();
    expect(await page.getByRole('combobox', { name: 'Estado' }).innerText()).toBe('Todos');
    await page.getByText(/^1–10 de /).waitFor();
    await page.close();
  });

  it('discounts: the filter and the chosen view survive a reload, on a phone and on a desktop', async () => {
    for (const viewport of [MOBILE, { width: 1366, height: 900 }]) {
      const page = await newPage(browser, viewport);
      await loginAs(page, 'admin@banco.example');
      await page.goto('/discounts');
      await page.getByRole('combobox', { name: 'Estado' }).waitFor();
      await page.getByRole('combobox', { name: 'Estado' }).click();
      await page.getByRole('option', { name: 'Pendiente', exact: true }).click();
      await waitForQuery(page, '?status=PENDING');
      // The other view than the screen's own is written down.
      const other = viewport === MOBILE ? 'Vista de lista' : 'Vista de tarjetas';
      await page.getByRole('button', { name: other }).click();
      const view = viewport === MOBILE ? 'list' : 'grid';
      await waitForQuery(page, `?status=PENDING&view=${view}`);
      await page.reload();
      await page.getByRole('button', { name: other, pressed: true }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Estado' }).innerText()).toBe('Pendiente');
      await shot(page, `list-url-discounts-${viewport.width}`);
      await page.close();
    }
  });
});
