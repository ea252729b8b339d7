import { addDays, buenosAiresDateOf } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

/** Stored text is rendered as text: markup in a cheque's issuer shows literally and never runs. */
const ISSUER = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
const BENEFICIARY = '"><svg onload="window.__xss=3">';
const NUMBER = `98${String(Date.now()).slice(-8)}`;

function isoDay(offset: number): string {
  return addDays(buenosAiresDateOf(new Date()), offset);
}

async function noScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // No element built from the stored text: no injected <script>, <img src=x> nor <svg onload>.
  expect(await page.locator('img[src="x"], svg[onload], script:not([src])').count()).toBe(0);
}

describe('stored text is shown as text (no XSS)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
    const token = await apiLogin('emisor@empresa.example');
    const r = await api(token, 'POST', '/echeqs/custody', {
      number: NUMBER,
      amount: 12345.67,
      currency: 'ARS',
      issue_date: isoDay(0),
      due_date: isoDay(60),
      issuer: ISSUER,
      beneficiary: BENEFICIARY,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.echeq.issuer).toBe(ISSUER);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, viewport] of [
    ['escritorio', undefined],
    ['teléfono', MOBILE],
  ] as const) {
    it(`/custody and /echeqs show the issuer literally and run nothing (${name})`, async () => {
      const page = await newPage(browser, viewport);
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await loginAs(page, 'emisor@empresa.example');

      await page.goto('/custody');
      await page.getByRole('heading', { name: 'Gestión de Custodia' }).waitFor();
      await page.getByLabel('Buscar').fill(NUMBER);
      await page.getByText(ISSUER, { exact: false }).first().waitFor();
      await noScriptRan(page);
      await page
        .getByRole('button', { name: `Ver ECHEQ ${NUMBER}` })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(ISSUER, { exact: true }).waitFor();
      await dialog.getByText(BENEFICIARY, { exact: true }).waitFor();
      await noScriptRan(page);
      await shot(page, `xss-custody-${name}`);
      await page.keyboard.press('Escape');

      await page.goto('/echeqs');
      await page.getByRole('heading', { name: 'Gestión de ECHEQs' }).waitFor();
      await page.getByLabel('Buscar').fill(NUMBER);
      // A table cell on a desktop, 'issuer → beneficiary' on a phone's card.
      await page.getByText(ISSUER, { exact: false }).first().waitFor();
      expect(await page.locator('body').textContent()).toContain(ISSUER);
      await noScriptRan(page);
      await shot(page, `xss-echeqs-${name}`);
      expect(dialogs).toEqual([]);
      await page.context().close();
    });
  }
});
