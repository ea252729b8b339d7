import { makeCuit } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, baseURL, launch, loginAs, MOBILE, newPage, shot } from './harness';

const RUN = Date.now().toString(36).slice(-6);
const WIDE = { width: 1366, height: 900 };
const cuit = (n: number) => makeCuit('30', String(62_000_000 + ((Date.now() + n) % 9_000_000)));
const password = (tag: string) => `Tintero-${tag}-${RUN}-Violeta`;

async function signIn(page: Page, email: string, pw: string, lands: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(pw);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL(`**${lands}`);
}

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function usersRow(page: Page, email: string) {
  await page.goto('/users');
  await page.getByLabel('Buscar por email o empresa').fill(email);
  const row = page
    .getByRole('table', { name: 'Usuarios' })
    .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await row.waitFor();
  return row;
}

describe('accounts: registration requests, temporary passwords, confirmation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const company = `Solicitante ${RUN} S.A.`;
  const email = `alta.${RUN}@solicitante.example`;
  const companyPassword = password('alta');

  it('a company registers and sees only that its registration awaits the bank', async () => {
    const page = await newPage(browser, WIDE);
    await page.goto('/register');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('solicitante2024');
    await page.locator('input[name="company_name"]').fill(company);
    await page.locator('input[name="cuit"]').fill(cuit(1));
    await page.getByRole('button', { name: 'Registrarse' }).click();
    // A guessable password is refused with the server's advice.
    await page
      .getByText(/La contraseña es fácil de adivinar/)
      .first()
      .waitFor();
    await page.locator('input[name="password"]').fill(companyPassword);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.waitForURL('**/registration-pending');
    await page.getByRole('heading', { name: 'Su alta está pendiente de aprobación por el banco' }).waitFor();
    await page.getByText(company).waitFor();
    await shot(page, 'registration-pending-desktop');
    // Nothing else: the dashboard and the other screens send it back here.
    await page.goto('/custody');
    await page.waitForURL('**/registration-pending');
    await page.getByRole('button', { name: 'Verificar nuevamente' }).click();
    await page.getByText('El alta sigue pendiente. Vuelva a verificar más tarde.').waitFor();
    await page.context().close();

    const phone = await newPage(browser, MOBILE);
    await signIn(phone, email, companyPassword, '/registration-pending');
    await phone.getByRole('heading', { name: 'Su alta está pendiente de aprobación por el banco' }).waitFor();
    await noSideScroll(phone);
    await shot(phone, 'registration-pending-mobile');
    await phone.context().close();
  });

  it('the bank admin finds it among the pending ones and approves it; the company then works', async () => {
    const page = await newPage(browser, WIDE);
    await loginAs(page, 'admin@banco.example');
    await page.goto('/users');
    await page.getByRole('combobox', { name: 'Pendientes' }).click();
    await page.getByRole('option', { name: 'Altas por aprobar' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.locator('.MuiMenu-root').waitFor({ state: 'detached' }); // the menu fades out before the picture
    const table = page.getByRole('table', { name: 'Usuarios' });
    const row = table.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Alta pendiente');
    await shot(page, 'users-pending-desktop');
    await row.getByRole('button', { name: `Aprobar el alta de ${company}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprobar alta' });
    await dialog.getByText(/La empresa podrá operar con ECHEQs/).waitFor();
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await page.getByText(`Alta de la empresa aprobada: ${email}`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.context().close();

    const user = await newPage(browser, WIDE);
    await signIn(user, email, companyPassword, '/dashboard');
    await user.goto('/custody');
    await user.getByRole('heading', { name: 'Gestión de Custodia' }).waitFor();
    await user.context().close();
  });

  it('a rejected request reads so on phones; the admin sees pending requests on phones too', async () => {
    const rejectedEmail = `rechazo.${RUN}@solicitante.example`;
    const pw = password('rechazo');
    const reg = await fetch(`${baseURL()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: rejectedEmail,
        password: pw,
        company_name: `Rechazada ${RUN} S.R.L.`,
        cuit: cuit(3),
      }),
    });
    expect(reg.status).toBe(200);
    const phone = await newPage(browser, MOBILE);
    await loginAs(phone, 'admin@banco.example');
    await phone.goto('/users');
    await phone.getByLabel('Buscar por email o empresa').fill(rejectedEmail);
    const item = phone.getByRole('list', { name: 'Usuarios' }).getByRole('listitem').filter({ hasText: rejectedEmail });
    await item.getByText('Alta pendiente').waitFor();
    await expect.poll(() => phone.getByRole('list', { name: 'Usuarios' }).getByRole('listitem').count()).toBe(1);
    await noSideScroll(phone);
    await shot(phone, 'users-pending-mobile');
    await item.getByRole('button', { name: `Rechazar el alta de Rechazada ${RUN} S.R.L.` }).click();
    await phone.getByRole('dialog', { name: 'Rechazar alta' }).getByRole('button', { name: 'Rechazar' }).click();
    await item.getByText('Alta rechazada').waitFor();
    await phone.context().close();

    const user = await newPage(browser, MOBILE);
    await signIn(user, rejectedEmail, pw, '/registration-pending');
    await user.getByRole('heading', { name: 'Su solicitud de alta fue rechazada por el banco' }).waitFor();
    await shot(user, 'registration-rejected-mobile');
    await user.context().close();
  });

  it('a password the admin sets is temporary: the user must change it at the next sign-in', async () => {
    const target = `temporal.${RUN}@banco.example`;
    const admin = await apiLogin('admin@banco.example');
    const created = await api(admin, 'POST', '/users', {
      email: target,
      password: password('inicial'),
      role: 'AUDITOR',
    });
    expect(created.status).toBe(200);

    const page = await newPage(browser, WIDE);
    await loginAs(page, 'admin@banco.example');
    const row = await usersRow(page, target);
    await row.getByRole('button', { name: `Editar ${target}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
    const temporary = password('temporal');
    await dialog.getByLabel('Nueva contraseña').fill(temporary);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('Contraseña temporal');
    await page.context().close();

    const user = await newPage(browser, WIDE);
    await signIn(user, target, temporary, '/change-password');
    await user.getByRole('heading', { name: 'Cambie su contraseña' }).waitFor();
    await shot(user, 'change-password-forced-desktop');
    await user.goto('/dashboard');
    await user.waitForURL('**/change-password');
    const form = user.getByRole('form', { name: 'Cambiar contraseña' });
    await form.getByLabel(/^Contraseña temporal/).fill(temporary);
    await form.getByLabel(/^Nueva contraseña/).fill('contraseña2024');
    await form.getByLabel(/^Confirmar nueva contraseña/).fill('contraseña2024');
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await form
      .getByText(/La contraseña es fácil de adivinar/)
      .first()
      .waitFor();
    const own = password('propia');
    await form.getByLabel(/^Nueva contraseña/).fill(own);
    await form.getByLabel(/^Confirmar nueva contraseña/).fill(own);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await user.waitForURL('**/dashboard');
    await user.context().close();

    const phone = await newPage(browser, MOBILE);
    const again = temporary.replace('temporal', 'temporal2');
    await api(admin, 'PUT', `/users/${created.body.data.id}`, { password: again });
    await signIn(phone, target, again, '/change-password');
    await phone.getByRole('heading', { name: 'Cambie su contraseña' }).waitFor();
    await noSideScroll(phone);
    await shot(phone, 'change-password-forced-mobile');
    await phone.context().close();
  });

  it('a user added to an existing company waits for another administrator to confirm it', async () => {
    const added = `sumado.${RUN}@empresa.example`;
    const admin = await apiLogin('admin@banco.example');
    const demo = await api(admin, 'GET', '/users?search=emisor@empresa.example');
    const demoCuit = demo.body.data.data[0].cuit as string;
    const created = await api(admin, 'POST', '/users', {
      email: added,
      password: password('sumado'),
      company_name: 'Empresa Demo S.A.',
      cuit: demoCuit,
    });
    expect(created.body.data.confirmed).toBe(false);

    const page = await newPage(browser, WIDE);
    await loginAs(page, 'admin@banco.example');
    const row = await usersRow(page, added);
    expect(await row.innerText()).toContain('Sin confirmar');
    expect(await row.getByRole('button', { name: `Confirmar a ${added}` }).isDisabled()).toBe(true);
    await page.context().close();

    const root = await newPage(browser, WIDE);
    await loginAs(root, 'superadmin@plataforma.example');
    const rootRow = await usersRow(root, added);
    await rootRow.getByRole('button', { name: `Confirmar a ${added}` }).click();
    await root.getByRole('dialog', { name: 'Confirmar usuario' }).getByRole('button', { name: 'Confirmar' }).click();
    await root.getByText(`Usuario confirmado: ya puede operar: ${added}`).waitFor();
    await expect.poll(() => rootRow.innerText()).not.toContain('Sin confirmar');
    await root.context().close();
  });
});
