import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

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

/** Asks `fn` until it says yes (the registry's job presents a deposited cheque and its paying bank answers). */
async function eventually(what: string, fn: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No ocurrió: ${what}`);
}

describe('a cheque for ,13 from a bank off the platform: accepted and deposited from Todos, rejected', () => {
  let browser: Browser;
  /** The sandbox's test amount (README): a paying bank it plays rejects cents ,13 «Sin fondos suficientes». */
  const pesos = 30_000 + Number(unit);
  const SHOWN = `$ ${pesos.toLocaleString('es-AR')},13 ARS`;
  let cheque = { id: '', number: '' };

  beforeAll(async () => {
    browser = await launch();
    // Banco Demo's administrator has an outside company issue it to Empresa Demo (COMUN: payable today in Buenos
    // Aires, so it can be deposited at once, without moving any clock).
    const admin = await apiLogin('admin@banco.example');
    const clients = await api<{ data: { id: string; name: string }[] }>(admin, 'GET', '/accounts/clients');
    const empresa = clients.body.data.find((c) => c.name === 'Empresa Demo S.A.');
    const r = await api<{ data: { id: string; number: string } }>(admin, 'POST', '/echeqs/simulate-received', {
      company_id: empresa?.id,
      amount: pesos + 0.13,
      tipo: 'COMUN',
      caracter: 'A_LA_ORDEN',
      concepto: 'FAC',
      motivo: 'Factura 0003-00000113',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    cheque = r.body.data;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Empresa Demo finds it in Todos with its operations: a menu on a phone, buttons on a desktop', async () => {
    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, 'emisor@empresa.example');
    await phone.goto('/echeqs');
    const card = phone
      .getByRole('list', { name: 'ECHEQs' })
      .getByRole('listitem')
      .filter({ hasText: cheque.number })
      .filter({ hasText: SHOWN });
    await card.getByRole('button', { name: `Operaciones del ECHEQ ${cheque.number}` }).click();
    const menu = phone.getByRole('menu');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Aceptar', 'Repudiar']);
    await noSideScroll(phone);
    await still(phone, 'lifecycle-todos-actions-390');
    await phone.keyboard.press('Escape');
    await phone.context().close();

    const page = await newPage(browser, WIDE);
    await loginAs(page, 'emisor@empresa.example');
    await page.goto('/echeqs');
    expect(await page.getByRole('tab', { name: 'Todos' }).getAttribute('aria-selected')).toBe('true');
    const row = page
      .getByRole('table', { name: 'ECHEQs' })
      .getByRole('row')
      .filter({ hasText: cheque.number })
      .filter({ hasText: SHOWN });
    await row.getByRole('button', { name: `Aceptar ECHEQ ${cheque.number}` }).waitFor();
    await row.getByRole('button', { name: `Repudiar ECHEQ ${cheque.number}` }).waitFor();
    await noSideScroll(page);
    await still(page, 'lifecycle-todos-actions-1366');
    await page.context().close();
  });

  it('accepts it and deposits it from Todos; the paying bank off the platform rejects it', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, 'emisor@empresa.example');
    await page.goto('/echeqs');
    const row = page
      .getByRole('table', { name: 'ECHEQs' })
      .getByRole('row')
      .filter({ hasText: cheque.number })
      .filter({ hasText: SHOWN });
    await row.getByRole('button', { name: `Aceptar ECHEQ ${cheque.number}` }).click();
    const accept = page.getByRole('dialog', { name: `Aceptar ECHEQ N° ${cheque.number}` });
    await accept.getByText(`Aceptará el ECHEQ N° ${cheque.number} por ${SHOWN} de Proveedor Externo S.A.`).waitFor();
    await accept.getByRole('button', { name: 'Aceptar' }).click();
    await notice(page, new RegExp(`ECHEQ N° ${cheque.number} aceptado`));

    await row.getByRole('button', { name: `Depositar ECHEQ ${cheque.number}` }).click();
    const deposit = page.getByRole('dialog', { name: `Depositar ECHEQ N° ${cheque.number}` });
    await deposit.getByText(/Se presentará al cobro al banco girado\./).waitFor();
    await still(page, 'lifecycle-deposit-dialog-1366');
    await deposit.getByRole('button', { name: 'Depositar' }).click();
    await notice(page, new RegExp(`ECHEQ N° ${cheque.number} (depositado|: la operación se está procesando)`));
    await page.context().close();

    const token = await apiLogin('emisor@empresa.example');
    await eventually('el banco girado rechaza el ECHEQ', async () => {
      const r = await api<{ data: { state: string; syncing: boolean } }>(token, 'GET', `/echeqs/${cheque.id}`);
      return r.body.data.state === 'RECHAZADO' && !r.body.data.syncing;
    });
  });

  it('Historial and the detail show the rejection and its reason, on a desktop and on a phone', async () => {
    expect(cheque.number).not.toBe('');
    const expected = ['Emitido', 'Aceptado por el beneficiario', 'Depositado', 'Presentado al cobro', 'Rechazado'];
    for (const [viewport, size] of [
      [WIDE, '1366'],
      [MOBILE, '390'],
    ] as const) {
      const page = await newPage(browser, viewport);
      await loginAs(page, 'emisor@empresa.example');
      await openTray(page, /^Historial/);
      const rows =
        viewport === WIDE
          ? page.getByRole('table', { name: 'Historial' }).getByRole('row')
          : page.getByRole('list', { name: 'Historial' }).getByRole('listitem');
      const row = rows.filter({ hasText: cheque.number }).filter({ hasText: SHOWN });
      await row.getByText('Rechazado', { exact: true }).waitFor();
      await noSideScroll(page);
      await still(page, `lifecycle-historial-rejected-${size}`);

      await row.getByRole('button', { name: `Ver ECHEQ ${cheque.number}` }).click();
      const detail = page.getByRole('dialog', { name: `ECHEQ N° ${cheque.number}` });
      const timeline = detail.getByRole('list', { name: 'Historial del ECHEQ' });
      await timeline.getByText('Rechazado', { exact: true }).first().waitFor();
      const events = await timeline.getByRole('listitem').allInnerTexts();
      expect(events).toHaveLength(expected.length);
      expected.forEach((words, i) => {
        expect(events[i]).toContain(words);
      });
      expect(events.at(-1)).toContain('Motivo: Sin fondos suficientes');
      expect(await detail.innerText()).toMatch(/Motivo de rechazo\s+Sin fondos suficientes/);
      await timeline.scrollIntoViewIfNeeded();
      await still(page, `lifecycle-rejected-detail-${size}`);
      await page.context().close();
    }
  });
});
