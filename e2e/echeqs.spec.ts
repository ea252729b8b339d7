import { buenosAiresDateOf } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

function baDate(days: number): string {
  return buenosAiresDateOf(new Date(Date.now() + days * 86_400_000));
}
const digits = (iso: string) => iso.split('-').reverse().join('');
const esDate = (iso: string) => iso.split('-').reverse().join('/');

async function typeDate(page: Page, label: string, iso: string) {
  const group = page.getByRole('dialog').getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits(iso), { delay: 20 });
}

/** A cheque number no other run uses: digits only, as the form takes them. */
const unique = (prefix: string) => `${prefix}${String(Date.now()).slice(-9)}`;

async function openEcheqs(page: Page) {
  await page.getByRole('link', { name: 'ECHEQs', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Gestión de ECHEQs' }).waitFor();
}

describe('Gestión de ECHEQs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a company user creates, edits, validates and deletes a cheque', async () => {
    const number = unique('93');
    const issue = baDate(0);
    const due = baDate(60);
    const page = await newPage(browser);
    await loginAs(page, 'emisor@empresa.example');
    await openEcheqs(page);
    await page.getByText('Conectado a Sandbox').waitFor();
    expect(await page.getByText(/^Funcionalidad limitada/).count()).toBe(0);

    await page.getByRole('button', { name: 'Nuevo ECHEQ' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo ECHEQ' });
    await dialog.getByLabel('Número').fill(number);
    await dialog.getByLabel('Monto').fill('2500,75');
    await dialog.getByLabel(/^Emisor/).fill('Empresa Demo S.A.');
    await dialog.getByLabel(/^Beneficiario/).fill('Bodegas de Cuyo S.A.');
    await typeDate(page, 'Fecha de Emisión', issue);
    await typeDate(page, 'Fecha de Vencimiento', due);
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await page.getByText(`ECHEQ N° ${number} creado`).waitFor();

    await page.getByLabel('Buscar').fill(number.toLowerCase());
    const row = page.getByRole('row', { name: new RegExp(number) });
    await row.waitFor();
    const text = await row.innerText();
    for (const part of [
      '$ 2.500,75 ARS',
      'Empresa Demo S.A.',
      'Bodegas de Cuyo S.A.',
      esDate(issue),
      esDate(due),
      'Activo',
      'Pendiente',
    ]) {
      expect(text).toContain(part);
    }

    await row.getByRole('button', { name: `Editar ECHEQ ${number}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar ECHEQ N° ${number}` });
    expect(await edit.getByLabel('Número').isDisabled()).toBe(true);
    await edit.getByLabel('Monto').fill('3000');
    await edit.getByLabel(/^Beneficiario/).fill('Bodegas de Cuyo S.A. (sucursal Mendoza)');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByText(`ECHEQ N° ${number} actualizado`).waitFor();
    await row.getByText('$ 3.000,00 ARS').waitFor();

    await row.getByRole('button', { name: `Validar ECHEQ ${number}` }).click();
    await page.getByText(new RegExp(`ECHEQ N° ${number} (validado|rechazado) por COELSA`)).waitFor();
    await row.getByText(/Validado|Rechazado/).waitFor();
    await shot(page, 'echeqs-company');

    await row.getByRole('button', { name: `Eliminar ECHEQ ${number}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar ECHEQ' });
    expect(await confirm.innerText()).toContain(`¿Está seguro de que desea eliminar el ECHEQ ${number}?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText(`ECHEQ N° ${number} eliminado`).waitFor();
    await page.getByText('No hay ECHEQs que coincidan con la búsqueda').waitFor();

    // Deleting persists: after a reload the cheque is gone, and the server agrees.
    await page.reload();
    await page.getByLabel('Buscar').fill(number);
    await page.getByText('No hay ECHEQs que coincidan con la búsqueda').waitFor();
    const token = await apiLogin('emisor@empresa.example');
    expect((await api(token, 'GET', `/echeqs?search=${number}`)).body.data.total).toBe(0);
    await page.context().close();
  });

  it("the bank admin manages its bank's book but cannot create; another bank's cheques never show", async () => {
    const company = await apiLogin('emisor@empresa.example');
    const number = unique('94');
    const created = await api(company, 'POST', '/echeqs', {
      number,
      amount: 45000,
      issue_date: baDate(0),
      due_date: baDate(90),
      issuer: 'Frigorífico Santa Rosa S.A.',
      beneficiary: 'Empresa Demo S.A.',
    });
    expect(created.status).toBe(200);
    const sur = await apiLogin('admin@bancosur.example');
    // A cheque Banco Sur registered by hand (a registry cheque's number may also be on one of Banco Demo's accounts).
    const surRows = (await api(sur, 'GET', '/echeqs?limit=50')).body.data.data as {
      number: string;
      cheque_id?: string;
    }[];
    const surNumber = surRows.find((r) => !r.cheque_id)!.number;

    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await openEcheqs(page);
    await page.getByRole('table', { name: 'ECHEQs' }).waitFor();
    expect(await page.getByRole('button', { name: 'Nuevo ECHEQ' }).count()).toBe(0);
    await page.getByLabel('Buscar').fill(surNumber);
    await page.getByText('No hay ECHEQs que coincidan con la búsqueda').waitFor();

    await page.getByLabel('Buscar').fill(number);
    const row = page.getByRole('row', { name: new RegExp(number) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Empresa Demo S.A.');
    await row.getByRole('button', { name: `Editar ECHEQ ${number}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar ECHEQ N° ${number}` });
    await edit.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Pagado' }).click();
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await row.getByText('Pagado').waitFor();

    await page.getByLabel('Buscar').fill('');
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Inactivos', exact: true }).click();
    await page.getByLabel('Buscar').fill(number);
    await row.waitFor();
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Activos', exact: true }).click();
    await page.getByText('No hay ECHEQs que coincidan con la búsqueda').waitFor();

    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await row.getByRole('button', { name: `Eliminar ECHEQ ${number}` }).click();
    await page.getByRole('dialog', { name: 'Eliminar ECHEQ' }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText(`ECHEQ N° ${number} eliminado`).waitFor();
    await page.context().close();
  });

  it("Banco Sur's company user, without a clearing house, cannot create or edit", async () => {
    const page = await newPage(browser);
    await loginAs(page, 'empresa@sur.example');
    await openEcheqs(page);
    await page
      .getByText('Funcionalidad limitada: COELSA no está configurado. No se pueden crear ni editar ECHEQs.')
      .waitFor();
    const buttons = page.getByRole('button', { name: 'Nuevo ECHEQ' });
    expect(await buttons.count()).toBe(2);
    for (const b of await buttons.all()) expect(await b.isDisabled()).toBe(true);
    const table = page.getByRole('table', { name: 'ECHEQs' });
    await table.waitFor();
    const edit = table.getByRole('button', { name: /^Editar ECHEQ/ }).first();
    expect(await edit.isDisabled()).toBe(true);
    expect(await table.innerText()).toContain('Comercial Sur S.A.');
    await shot(page, 'echeqs-sur-unconfigured');
    await page.context().close();
  });

  it('a failed load shows its error, never sample rows; 390 px reads as cards', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, 'emisor@empresa.example');
    await page.route('**/api/echeqs?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: 'Error interno del servidor' }),
      }),
    );
    await page.goto('/echeqs');
    await page.getByText('Error al cargar los ECHEQs').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('listitem').count()).toBe(0);
    await page.unroute('**/api/echeqs?*');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('list', { name: 'ECHEQs' }).waitFor();
    expect(await page.getByRole('listitem').count()).toBeGreaterThan(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'echeqs-mobile');
    await page.context().close();
  });
});
