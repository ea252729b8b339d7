import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, MOBILE, newPage, shot } from './harness';

const WIDE = { width: 1366, height: 900 };
/** An amount no other run uses (the cents and a few digits from the clock), typed as a person in es-AR would. */
const unit = String(Date.now()).slice(-4);
const AMOUNT_TYPED = `15${unit},37`;
const AMOUNT_SHOWN = `$ ${(15 * 10_000 + Number(unit)).toLocaleString('es-AR')},37 ARS`;

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A screenshot once the dialogs and menus have finished fading in or out (endless spinners aside). */
async function still(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await shot(page, name);
}

async function openTray(page: Page, tab: RegExp) {
  await page.goto('/echeqs');
  await page.getByRole('heading', { level: 1, name: 'Gestión de ECHEQs' }).waitFor();
  await page.getByRole('tab', { name: tab }).click();
}

/** The notice at the bottom, then it is closed so the next one can be read. */
async function notice(page: Page, text: RegExp): Promise<string> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  const said = await alert.innerText();
  await alert.getByRole('button', { name: /close|cerrar/i }).click();
  await alert.waitFor({ state: 'detached' });
  return said;
}

describe('the ECHEQ lifecycle on the screen: issue, accept, endorse, accept the endorsement', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  let number = '';

  it('Empresa Demo issues a cheque to Beneficiario Demo S.R.L. and finds it in Emitidos', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, 'emisor@empresa.example');
    await openTray(page, /^Emitidos/);
    await page.getByRole('button', { name: 'Emitir ECHEQ' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Emitir ECHEQ' });
    await dialog.getByRole('combobox', { name: /Cuenta corriente/ }).click();
    await page.getByRole('option', { name: /· ARS ·/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await dialog.getByRole('textbox', { name: /CUIT/ }).fill('30-72345678-5');
    await dialog.getByRole('textbox', { name: /Nombre del beneficiario/ }).fill('Beneficiario Demo S.R.L.');
    await dialog.getByRole('textbox', { name: /Monto/ }).fill(AMOUNT_TYPED);
    await dialog.getByRole('textbox', { name: /Motivo de pago/ }).fill('Factura 0001-00012345');
    await still(page, 'lifecycle-issue-form-desktop');
    await dialog.getByRole('button', { name: 'Continuar' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirmar emisión' });
    const preview = confirm.getByLabel('Vista previa del ECHEQ');
    await preview.waitFor();
    const text = await preview.innerText();
    for (const part of ['Beneficiario Demo S.R.L. (CUIT 30-72345678-5)', AMOUNT_SHOWN, 'De pago diferido', 'Factura']) {
      expect(text).toContain(part);
    }
    await still(page, 'lifecycle-issue-preview-desktop');
    await confirm.getByRole('button', { name: 'Emitir' }).click();
    const said = await notice(page, /emitido a Beneficiario Demo S\.R\.L\./);
    number = /ECHEQ N° (\d{8})/.exec(said)?.[1] ?? '';
    expect(number).toMatch(/^\d{8}$/);

    expect(page.url()).toContain('tray=emitidos');
    const row = page
      .getByRole('table', { name: 'Emitidos' })
      .getByRole('row')
      .filter({ hasText: number })
      .filter({ hasText: AMOUNT_SHOWN });
    await row.waitFor();
    expect(await row.innerText()).toContain('Emitido, pendiente de aceptación');
    await row.getByRole('button', { name: `Anular ECHEQ ${number}` }).waitFor();
    await still(page, 'lifecycle-emitidos-desktop');
    await page.context().close();

    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, 'emisor@empresa.example');
    await openTray(phone, /^Emitidos/);
    await phone
      .getByRole('list', { name: 'Emitidos' })
      .getByRole('listitem')
      .filter({ hasText: AMOUNT_SHOWN })
      .getByText(`N° ${number}`)
      .waitFor();
    await noSideScroll(phone);
    await still(phone, 'lifecycle-emitidos-mobile');
    await phone.getByRole('button', { name: 'Emitir ECHEQ' }).first().click();
    await phone
      .getByRole('dialog', { name: 'Emitir ECHEQ' })
      .getByRole('combobox', { name: /Cuenta corriente/ })
      .waitFor();
    await still(phone, 'lifecycle-issue-form-mobile');
    await phone.context().close();
  });

  it('Beneficiario Demo sees it in Recibidos, accepts it, and endorses it to Distribuidora Norte', async () => {
    expect(number).not.toBe('');
    const page = await newPage(browser, WIDE);
    await loginAs(page, 'beneficiario@beneficiario.example');
    await openTray(page, /^Recibidos, \d+ pendientes?$/);
    const table = page.getByRole('table', { name: 'Recibidos' });
    const row = table.getByRole('row').filter({ hasText: number }).filter({ hasText: AMOUNT_SHOWN });
    await row.waitFor();
    expect(await row.innerText()).toContain(AMOUNT_SHOWN);
    await still(page, 'lifecycle-recibidos-desktop');

    await row.getByRole('button', { name: `Aceptar ECHEQ ${number}` }).click();
    const accept = page.getByRole('dialog', { name: `Aceptar ECHEQ N° ${number}` });
    await accept
      .getByText(`Aceptará el ECHEQ N° ${number} por ${AMOUNT_SHOWN} de Empresa Demo S.A. Pasará a ser su tenedor.`)
      .waitFor();
    await still(page, 'lifecycle-accept-dialog-desktop');
    await accept.getByRole('button', { name: 'Aceptar' }).click();
    await notice(page, new RegExp(`ECHEQ N° ${number} aceptado`));
    await row.getByText('Activo', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Endosar ECHEQ ${number}` }).click();
    const endorse = page.getByRole('dialog', { name: `Endosar ECHEQ N° ${number}` });
    await endorse.getByRole('textbox', { name: /CUIT/ }).fill('30-75678901-1');
    await endorse.getByRole('textbox', { name: /Nombre del endosatario/ }).fill('Distribuidora Norte S.A.');
    await endorse.getByText(/a Distribuidora Norte S\.A\. \(CUIT 30-75678901-1\)/).waitFor();
    await still(page, 'lifecycle-endorse-dialog-desktop');
    await endorse.getByRole('button', { name: 'Endosar' }).click();
    await notice(page, new RegExp(`ECHEQ N° ${number} endosado`));

    await page.getByRole('tab', { name: /^Endosados/ }).click();
    const endorsed = page
      .getByRole('table', { name: 'Endosados' })
      .getByRole('row')
      .filter({ hasText: number })
      .filter({ hasText: AMOUNT_SHOWN });
    await endorsed.waitFor();
    expect(await endorsed.innerText()).toContain('Endoso pendiente de aceptación');
    await page.context().close();
  });

  it('Distribuidora Norte (another bank) accepts the endorsement from its phone', async () => {
    expect(number).not.toBe('');
    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, 'tesoreria@norte.example');
    await openTray(phone, /^Recibidos, \d+ pendientes?$/);
    const card = phone
      .getByRole('list', { name: 'Recibidos' })
      .getByRole('listitem')
      .filter({ hasText: number })
      .filter({ hasText: AMOUNT_SHOWN });
    await card.waitFor();
    await noSideScroll(phone);
    await still(phone, 'lifecycle-recibidos-mobile');
    await card.getByRole('button', { name: `Operaciones del ECHEQ ${number}` }).click();
    await phone.getByRole('menuitem', { name: 'Aceptar endoso' }).click();
    const dialog = phone.getByRole('dialog', { name: `Aceptar endoso ECHEQ N° ${number}` });
    await dialog
      .getByText(
        `Aceptará el endoso del ECHEQ N° ${number} por ${AMOUNT_SHOWN} de Empresa Demo S.A. Pasará a ser su tenedor.`,
      )
      .waitFor();
    await still(phone, 'lifecycle-accept-endorsement-mobile');
    await dialog.getByRole('button', { name: 'Aceptar endoso' }).click();
    await notice(phone, new RegExp(`ECHEQ N° ${number} recibido: endoso aceptado`));
    await card.getByText('Activo', { exact: true }).waitFor();
    await phone.context().close();
  });
});
