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
});
