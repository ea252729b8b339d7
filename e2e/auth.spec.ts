import { menuFor, type Role } from '@echeq/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launch, loginAs, MOBILE, newPage, shot } from './harness';

const ACCOUNTS: Array<[string, Role]> = [
  ['superadmin@plataforma.example', 'SYSTEM_ADMIN'],
  ['admin@banco.example', 'BANK_ADMIN'],
  ['operador@banco.example', 'BANK_OPERATOR'],
  ['auditor@banco.example', 'AUDITOR'],
  ['emisor@empresa.example', 'COMPANY_USER'],
  ['autorizante@empresa.example', 'COMPANY_AUTHORIZER'],
  ['beneficiario@beneficiario.example', 'BENEFICIARY'],
  ['entidad@financiera.example', 'FINANCIAL_ENTITY'],
  ['avalista@avalista.example', 'GUARANTOR'],
];

describe('sign-in and the application shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor to /login and shows the sign-in screen with the demo accounts', async () => {
    const page = await newPage(browser);
    await page.goto('/custody');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor();
    await page.getByText('¿No tienes cuenta?').waitFor();
    await page.getByRole('link', { name: 'Regístrate aquí' }).waitFor();
    const text = await page.locator('body').innerText();
    for (const [email] of ACCOUNTS) expect(text).toContain(email);
    expect(text).toContain('Demo1234!');
    await shot(page, 'login-desktop');
    await page.context().close();
  });

  it('shows "Credenciales inválidas" for a wrong password', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.locator('input[name="email"]').fill('admin@banco.example');
    await page.locator('input[name="password"]').fill('Equivocada1');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('Credenciales inválidas').waitFor();
    expect(page.url()).toContain('/login');
    await page.context().close();
  });

  it.each(ACCOUNTS)('%s signs in and sees the menu of %s, then signs out', async (email, role) => {
    const page = await newPage(browser);
    await loginAs(page, email);
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    const entries = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(entries).toEqual(menuFor(role).map((e) => e.title));
    if (role === 'BANK_ADMIN') await shot(page, 'shell-desktop');
    await page.getByRole('button', { name: 'Cuenta de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('revokes the token on the server at logout', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'operador@banco.example');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Cuenta de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL('**/login');
    await expect
      .poll(
        async () =>
          (await fetch(`${baseURL()}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } })).status,
      )
      .toBe(401);
    await page.context().close();
  });

  it('uses a temporary drawer at 390 px that closes after a choice', async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto('/login');
    await shot(page, 'login-mobile');
    await loginAs(page, 'admin@banco.example');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await nav.waitFor({ state: 'visible' });
    await page.waitForTimeout(400); // let the drawer finish sliding in before the picture
    await shot(page, 'shell-mobile-drawer');
    await nav.getByRole('link', { name: 'Custodia' }).click();
    await page.waitForURL('**/custody');
    await nav.waitFor({ state: 'hidden' });
    await shot(page, 'shell-mobile');
    await page.context().close();
  });

  it('keeps a signed-in user away from /login and refuses /admin to a bank admin', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await page.getByText('Acceso denegado. Solo administradores del sistema pueden acceder a esta página.').waitFor();
    await page.context().close();
  });

  it('an expired or revoked session in storage sends the user back to /login', async () => {
    const token = await apiLogin('auditor@banco.example');
    await fetch(`${baseURL()}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const page = await newPage(browser);
    await page.goto('/login');
    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify({ email: 'auditor@banco.example', role: 'AUDITOR' }));
    }, token);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });
});
