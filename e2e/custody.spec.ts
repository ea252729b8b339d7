import { addDays, buenosAiresDateOf } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

/** DD/MM/YYYY digits of a date `days` from today in Buenos Aires (what the date pickers expect typed). */
function pickerDigits(days: number): string {
  const [y, m, day] = buenosAiresDateOf(new Date(Date.now() + days * 86_400_000)).split('-');
  return `${day}${m}${y}`;
}

async function typeDate(page: Page, label: string, digits: string) {
  const group = page.getByRole('dialog').getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits, { delay: 20 });
}

/** A cheque number no other run uses: digits only, as the form takes them. */
const unique = (prefix: string) => `${prefix}${String(Date.now()).slice(-9)}`;

describe('Gestión de Custodia', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a company user deposits a cheque through the dialog, finds it, views it and releases it', async () => {
    const number = unique('91');
    const page = await newPage(browser);
    await loginAs(page, 'emisor@empresa.example');
    await page.getByRole('link', { name: 'Custodia', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Gestión de Custodia' }).waitFor();
    await page.getByText(/^ECHEQs en Custodia \(\d+\)$/).waitFor();
    const before = Number((await page.getByText(/^ECHEQs en Custodia \(\d+\)$/).innerText()).match(/\d+/)![0]);

    await page.getByRole('button', { name: 'Nuevo ECHEQ en Custodia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo ECHEQ en Custodia' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await dialog
      .getByText('Campos requeridos: Número, Monto, Fecha de Emisión, Fecha de Vencimiento, Emisor, Beneficiario')
      .waitFor();
    await shot(page, 'custody-required-fields');

    await dialog.getByLabel('Número').fill(number);
    await dialog.getByLabel('Monto').fill('1.250.000,50');
    await typeDate(page, 'Fecha de Emisión', pickerDigits(0));
    await typeDate(page, 'Fecha de Vencimiento', pickerDigits(45));
    await dialog.getByLabel(/^Emisor/).fill('Molinos Tandil S.A.');
    await dialog.getByLabel('CUIT del emisor').fill('30-71234567-1');
    await dialog.getByLabel(/^Beneficiario/).fill('Empresa Demo S.A.');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await page.getByText(`ECHEQ N° ${number} depositado en custodia`).waitFor();
    expect(await dialog.count()).toBe(0);
    await page.getByText(`ECHEQs en Custodia (${before + 1})`).waitFor();

    await page.getByLabel('Buscar').fill(number.toLowerCase());
    await page.getByText('ECHEQs en Custodia (1)').waitFor();
    const row = page.getByRole('row', { name: new RegExp(number) });
    expect(await row.innerText()).toContain('$ 1.250.000,50 ARS');
    expect(await row.innerText()).toContain('En Custodia');

    await page.getByRole('button', { name: `Ver ECHEQ ${number}` }).click();
    const details = page.getByRole('dialog', { name: new RegExp(`ECHEQ N° ${number}`) });
    await details.waitFor();
    expect(await details.innerText()).toContain('Molinos Tandil S.A.');
    await details.getByRole('button', { name: 'Liberar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Liberar ECHEQ de custodia' });
    await confirm.getByLabel('Motivo de liberación').fill('Cobro al vencimiento');
    await confirm.getByRole('button', { name: 'Liberar' }).click();
    await page.getByText(`ECHEQ N° ${number} liberado de custodia`).waitFor();
    await details.getByText('Liberado', { exact: true }).waitFor();
    expect(await details.innerText()).toContain('Cobro al vencimiento');
    expect(await details.getByRole('button', { name: 'Liberar' }).isDisabled()).toBe(true);
    await shot(page, 'custody-released');
    await details.getByRole('button', { name: 'Cerrar' }).click();
    await row.getByText('Liberado').waitFor();

    // The release is on the server, not only on screen.
    const token = await apiLogin('emisor@empresa.example');
    const list = await api(token, 'GET', `/echeqs/custody?search=${number}`);
    expect(list.body.data.data[0]).toMatchObject({ status: 'RELEASED', release_reason: 'Cobro al vencimiento' });
    await page.context().close();
  });

  it("the bank admin sees its bank's custody, not another bank's, and releases with a reason", async () => {
    const company = await apiLogin('emisor@empresa.example');
    const number = unique('92');
    const today = buenosAiresDateOf(new Date());
    const due = addDays(today, 30);
    const created = await api(company, 'POST', '/echeqs/custody', {
      number,
      amount: 98765.43,
      issue_date: today,
      due_date: due,
      issuer: 'Química del Sur S.A.',
      beneficiary: 'Empresa Demo S.A.',
    });
    expect(created.status).toBe(200);
    const sur = await apiLogin('admin@bancosur.example');
    const surNumber = (await api(sur, 'GET', '/echeqs/custody?limit=1')).body.data.data[0].echeq.number;

    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await page.goto('/custody');
    await page.getByText(/^ECHEQs en Custodia \(\d+\)$/).waitFor();
    expect(await page.getByRole('button', { name: 'Nuevo ECHEQ en Custodia' }).count()).toBe(0);
    await page.getByLabel('Buscar').fill(surNumber);
    await page.getByText('No hay ECHEQs en custodia que coincidan con la búsqueda').waitFor();
    await page.getByLabel('Buscar').fill(number);
    await page.getByText('ECHEQs en Custodia (1)').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(number) }).innerText()).toContain('Empresa Demo S.A.');
    await page.getByRole('button', { name: `Ver ECHEQ ${number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Liberar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Liberar ECHEQ de custodia' });
    await confirm.getByRole('button', { name: 'Liberar' }).click();
    await confirm.getByText('Indique el motivo de la liberación').waitFor();
    await confirm.getByLabel('Motivo de liberación').fill('Solicitud del cliente');
    await confirm.getByRole('button', { name: 'Liberar' }).click();
    await page.getByText(`ECHEQ N° ${number} liberado de custodia`).waitFor();
    await page.context().close();
  });

  it('filters by status and reads well at 390 px', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, 'emisor@empresa.example');
    await page.goto('/custody');
    await page.getByText(/^ECHEQs en Custodia \(\d+\)$/).waitFor();
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Expirado' }).click();
    await page.getByRole('listitem').first().getByText('Expirado').waitFor();
    const chips = await page.getByRole('listitem').allInnerTexts();
    expect(chips.length).toBeGreaterThan(0);
    for (const text of chips) expect(text).toContain('Expirado');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'custody-mobile');
    await page.context().close();
  });
});
