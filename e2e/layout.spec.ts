import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, MOBILE, newPage, shot } from './harness';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('sin caja');
  return b;
}

async function toEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
}

/** Every text piece of the elements (split where the text may wrap, `<wbr>`) lies on one line. */
async function brokenMidWord(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (els) => {
    const broken: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim() ?? '';
        if (!text.includes('@') && !/^[.\w-]+$/.test(text)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(text);
      }
    }
    return broken;
  });
}

describe('layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the floating add button leaves the pager clear at 1366×900 and a card’s delete icon clear on a phone', async () => {
    const desk = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(desk, 'emisor@empresa.example');
    for (const [path, label] of [
      ['/discounts', 'Solicitar Descuento'],
      ['/echeqs', 'Nuevo ECHEQ'],
    ] as const) {
      await desk.goto(path);
      const previous = desk.getByRole('button', { name: 'Página anterior' });
      await previous.waitFor();
      await toEnd(desk);
      const fab = desk.locator('button.MuiFab-root');
      expect(await fab.getAttribute('aria-label')).toBe(label);
      expect(overlaps(await box(previous), await box(fab)), path).toBe(false);
      expect(overlaps(await box(desk.getByRole('button', { name: 'Página siguiente' })), await box(fab)), path).toBe(
        false,
      );
    }
    await shot(desk, 'layout-fab-echeqs-1366');
    await desk.context().close();

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, 'emisor@empresa.example');
    await phone.goto('/echeqs');
    await phone.getByRole('list', { name: 'ECHEQs' }).waitFor();
    await toEnd(phone);
    const fab = phone.locator('.MuiFab-root');
    const fabBox = await box(fab);
    const deletes = phone.getByRole('button', { name: /^Eliminar ECHEQ/ });
    const last = deletes.last();
    expect(overlaps(await box(last), fabBox)).toBe(false);
    for (const b of await deletes.all()) {
      const r = await b.boundingBox();
      if (r && r.y + r.height > 0 && r.y < MOBILE.height) expect(overlaps(r, fabBox)).toBe(false);
    }
    expect(overlaps(await box(phone.getByRole('button', { name: 'Página anterior' })), fabBox)).toBe(false);
    await shot(phone, 'layout-fab-echeqs-390');
    await phone.context().close();
  });

  it('e-mails wrap only between their parts, and a table that ends its card keeps its last row clear', async () => {
    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, 'admin@banco.example');
    await phone.goto('/users');
    await phone.getByRole('list', { name: 'Usuarios' }).waitFor();
    expect(await brokenMidWord(phone, 'li p')).toEqual([]);
    await shot(phone, 'layout-users-390');
    await phone.context().close();

    // A user without company reads its e-mail on the dashboard's 'Usuario Actual' card.
    const narrow = await newPage(browser, { width: 340, height: 700 });
    await loginAs(narrow, 'superadmin@plataforma.example');
    await narrow.getByTestId('card-user').waitFor();
    expect(await brokenMidWord(narrow, '[data-testid="card-user"]')).toEqual([]);
    await narrow.context().close();

    const desk = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(desk, 'superadmin@plataforma.example');
    await desk.goto('/admin');
    const table = desk.getByRole('table', { name: 'Entidades' });
    await table.waitFor();
    const card = table.locator('xpath=ancestor::*[contains(@class,"MuiPaper-root")][1]');
    const lastRow = table.getByRole('row').last();
    const cardBox = await box(card);
    const rowBox = await box(lastRow);
    expect(cardBox.y + cardBox.height - (rowBox.y + rowBox.height)).toBeGreaterThanOrEqual(6);
    await desk.context().close();
  });

  it('a long registry state stays in its Estado column, and at the end of the list no row action lies under the floating button', async () => {
    const desk = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(desk, 'emisor@empresa.example');
    await desk.goto('/echeqs');
    const table = desk.getByRole('table', { name: 'ECHEQs' });
    await table.waitFor();
    // Empresa Demo's cheque to Distribuidora Norte awaits its answer: the longest state, beside the pinned Acciones.
    const chips = table.locator('.MuiChip-root', { hasText: 'Emitido, pendiente de aceptación' });
    expect(await chips.count()).toBeGreaterThan(0);
    for (const chip of await chips.all()) {
      const cell = chip.locator('xpath=ancestor::td[1]');
      const actions = chip.locator('xpath=ancestor::tr[1]/td[last()]');
      const [c, td, a] = [await box(chip), await box(cell), await box(actions)];
      expect(c.x + c.width).toBeLessThanOrEqual(td.x + td.width);
      expect(c.x + c.width).toBeLessThanOrEqual(a.x);
      // The whole text on two lines at most (a small chip's line is under 20 px).
      expect(c.height).toBeLessThan(48);
    }
    await shot(desk, 'layout-echeqs-state-1366');

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, 'emisor@empresa.example');
    for (const page of [desk, phone]) {
      // The whole list and the tray whose rows offer 'Anular' (the cheque awaiting its beneficiary's answer).
      for (const path of ['/echeqs', '/echeqs?tray=emitidos']) {
        await page.goto(path);
        await page.getByRole('button', { name: 'Página anterior' }).waitFor();
        await toEnd(page);
        const fab = await box(page.locator('.MuiFab-root'));
        for (const b of await page.locator('main button:not(.MuiFab-root)').all()) {
          const r = await b.boundingBox();
          if (r && r.width > 0) expect(overlaps(r, fab), `${path}: ${await b.getAttribute('aria-label')}`).toBe(false);
        }
      }
    }
    await shot(phone, 'layout-fab-emitidos-390');
    await phone.context().close();
    await desk.context().close();
  });
});
