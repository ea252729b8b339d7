import { createHmac } from 'node:crypto';
import { makeCuit } from '@echeq/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const RUN = Date.now().toString(36).slice(-6);
/** What the admin sets (temporary) and what the user chooses at its first sign-in. */
const TEMPORARY = `Tintero-Temporal-${RUN}-Violeta`;
const PASSWORD = `Tintero-Propia-${RUN}-Violeta`;

/** RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret, as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const ch of secret.replace(/\s/g, '')) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signInForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

describe('user management (Gestión de Usuarios)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const email = `cliente.${RUN}@empresa-e2e.example`;

  it('a bank admin creates a company user, who can then sign in', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Gestión de Usuarios' }).waitFor();
    const table = page.getByRole('table', { name: 'Usuarios' });
    // Newest first: other specs' users may have pushed the demo ones past page 1, so the bank's own are searched.
    await page.getByLabel('Buscar por email o empresa').fill('.example');
    await table.getByRole('row').nth(1).waitFor();
    await page.getByLabel('Buscar por email o empresa').fill('emisor@');
    await table.getByText('emisor@empresa.example').waitFor();
    await page.getByLabel('Buscar por email o empresa').fill('bancosur');
    await page.getByText('No hay usuarios que coincidan con los filtros').waitFor();
    await page.getByLabel('Buscar por email o empresa').fill('');
    for (const header of ['Email', 'Empresa', 'Rol', 'Estado', 'MFA']) {
      await table.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }

    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
    expect(await dialog.getByRole('combobox', { name: 'Rol' }).innerText()).toBe('Usuario Empresa');
    await dialog.getByRole('combobox', { name: 'Rol' }).click();
    const roles = await page.getByRole('option').allInnerTexts();
    expect(roles).not.toContain('Admin Sistema');
    expect(roles).toContain('Admin Banco');
    await page.getByRole('option', { name: 'Usuario Empresa' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Contraseña').fill(TEMPORARY);
    await dialog.getByLabel('Nombre de la empresa').fill(`Empresa E2E ${RUN}`);
    await dialog.getByLabel('CUIT').fill('30-12345678-0');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await dialog.getByText('CUIT inválido').waitFor();
    await dialog.getByLabel('CUIT').fill(makeCuit('30', String(71_000_000 + (Date.now() % 900_000))));
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Buscar por email o empresa').fill(email);
    const row = table.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(`Empresa E2E ${RUN}`);
    expect(text).toContain('Usuario Empresa');
    expect(text).toContain('Activo');
    expect(text).toContain('Desactivado');
    await row.getByRole('button', { name: `Ver ${email}` }).click();
    const details = page.getByRole('dialog', { name: 'Detalles del usuario' });
    await details.getByText('Último acceso').waitFor();
    await details.getByText('Nunca').waitFor();
    await details.getByRole('button', { name: 'Cerrar' }).click();
    await shot(page, 'users-desktop');
    await page.context().close();

    // The password the admin set is temporary: the first sign-in asks for one of the user's own.
    const user = await newPage(browser);
    await signInForm(user, email, TEMPORARY);
    await user.waitForURL('**/change-password');
    const form = user.getByRole('form', { name: 'Cambiar contraseña' });
    await form.getByLabel(/^Contraseña temporal/).fill(TEMPORARY);
    await form.getByLabel(/^Nueva contraseña/).fill(PASSWORD);
    await form.getByLabel(/^Confirmar nueva contraseña/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await user.waitForURL('**/dashboard');
    await user.goto('/users');
    await user.getByText(/Acceso denegado/).waitFor();
    await user.context().close();
  });

  it('a bank admin suspends the user: its open session ends and it cannot sign in', async () => {
    const userPage = await newPage(browser);
    await loginAs(userPage, email, PASSWORD);

    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await page.goto('/users');
    await page.getByLabel('Buscar por email o empresa').fill(email);
    const row = page
      .getByRole('table', { name: 'Usuarios' })
      .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByRole('button', { name: `Suspender ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspender usuario' });
    await confirm.getByText('Sus sesiones se cerrarán de inmediato').waitFor();
    await confirm.getByRole('button', { name: 'Suspender' }).click();
    await page.getByText(`Usuario ${email} suspendido`).waitFor();
    await expect.poll(() => row.innerText()).toContain('Suspendido');

    // The suspended user's open session stops working: the next call sends it to /login.
    await userPage.goto('/echeqs');
    await userPage.waitForURL('**/login');
    await signInForm(userPage, email, PASSWORD);
    await userPage.getByText('Credenciales inválidas').waitFor();
    expect(userPage.url()).toContain('/login');
    await userPage.context().close();

    // Reactivated, it signs in again.
    await row.getByRole('button', { name: `Reactivar ${email}` }).click();
    await page.getByRole('dialog', { name: 'Reactivar usuario' }).getByRole('button', { name: 'Reactivar' }).click();
    await expect.poll(() => row.innerText()).toContain('Activo');
    expect(await apiLogin(email, PASSWORD)).toBeTruthy();
    await page.context().close();
  });

  it('an auditor reads the list without management actions', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'auditor@banco.example');
    await page.goto('/users');
    await page.getByLabel('Buscar por email o empresa').fill('emisor@');
    await page.getByRole('table', { name: 'Usuarios' }).getByText('emisor@empresa.example').waitFor();
    expect(await page.getByRole('button', { name: 'Nuevo Usuario' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Suspender / }).count()).toBe(0);
    await page.context().close();
  });

  it('a user turns on two-step sign-in from Perfil; sign-in then asks for the code', async () => {
    const mfaEmail = `mfa.${RUN}@empresa-e2e.example`;
    const admin = await apiLogin('admin@banco.example');
    const created = await api(admin, 'POST', '/users', {
      email: mfaEmail,
      password: TEMPORARY,
      role: 'AUDITOR',
    });
    expect(created.status).toBe(200);
    const first = await apiLogin(mfaEmail, TEMPORARY);
    const own = await api(first, 'PUT', '/auth/change-password', { currentPassword: TEMPORARY, newPassword: PASSWORD });
    expect(own.status).toBe(200);

    const page = await newPage(browser);
    await loginAs(page, mfaEmail, PASSWORD);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Verificación en dos pasos' });
    await card.getByText('Desactivado').waitFor();
    await card.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
    await card.getByLabel('Contraseña actual').fill(PASSWORD);
    await card.getByRole('button', { name: 'Continuar' }).click();
    await card.getByRole('img', { name: 'Código QR para su aplicación de autenticación' }).waitFor();
    const secret = (await card.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByLabel('Código de verificación').fill(totp(secret) === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: 'Confirmar y activar' }).click();
    await card.getByText('Código inválido o ya utilizado').waitFor();
    await card.getByLabel('Código de verificación').fill(totp(secret));
    await card.getByRole('button', { name: 'Confirmar y activar' }).click();
    await card.getByText('Verificación en dos pasos activada').waitFor();
    await card.getByText('Activado', { exact: true }).waitFor();
    await shot(page, 'profile-mfa-on');
    await page.getByRole('button', { name: 'Cuenta de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL('**/login');

    // Sign-in asks for the 6-digit code; the code of the next 30-second step signs in.
    await signInForm(page, mfaEmail, PASSWORD);
    const code = page.getByLabel('Código de verificación');
    await code.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await code.fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/dashboard');

    // The bank admin sees 'Activado' in the MFA column.
    const adminPage = await newPage(browser, MOBILE);
    await loginAs(adminPage, 'admin@banco.example');
    await adminPage.goto('/users');
    await adminPage.getByLabel('Buscar por email o empresa').fill(mfaEmail);
    const item = adminPage.getByRole('list', { name: 'Usuarios' }).getByRole('listitem').filter({ hasText: mfaEmail });
    await expect.poll(() => item.innerText()).toContain('MFA Activado');
    const overflow = await adminPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(adminPage, 'users-mobile');
    await adminPage.context().close();
    await page.context().close();
  });
});
