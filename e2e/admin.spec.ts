import { makeCuit } from '@echeq/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const NOMBRE = `Banco Prueba ${RUN}`;
const CODIGO = `BP${RUN}`;
const CUIT = makeCuit('30', String(70_000_000 + (Date.now() % 9_000_000)));

describe('bank administration (Panel de Administración ECHEQ)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a system admin creates a tenant, configures its clearing house and tests the connection', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'superadmin@plataforma.example');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Panel de Administración ECHEQ' }).waitFor();
    for (const title of ['Total de Entidades', 'Entidades Activas', 'Total Usuarios', 'Configuraciones COELSA']) {
      await page.getByRole('region', { name: title }).waitFor();
    }
    const table = page.getByRole('table', { name: 'Entidades' });
    await table.getByText('Banco Demo', { exact: true }).waitFor();
    await expect.poll(() => table.getByRole('row', { name: /Banco Sur/ }).innerText()).toContain('No configurado');
    const before = Number(await page.getByRole('region', { name: 'Total de Entidades' }).locator('p').innerText());

    // Create: a bad CUIT is refused on the form, then the tenant is created with tipo BANCO by default.
    await page.getByRole('button', { name: 'Crear Nuevo Tenant' }).click();
    const create = page.getByRole('dialog', { name: 'Nueva entidad' });
    await create.getByLabel('Nombre').fill(NOMBRE);
    await create.getByLabel('Código').fill(CODIGO.toLowerCase());
    await create.getByLabel('CUIT').fill('30-12345678-0');
    expect(await create.getByRole('combobox', { name: 'Tipo' }).innerText()).toBe('BANCO');
    await create.getByRole('button', { name: 'Crear entidad' }).click();
    await create.getByText('CUIT inválido').waitFor();
    await create.getByLabel('CUIT').fill(CUIT);
    await create.getByRole('button', { name: 'Crear entidad' }).click();
    await create.waitFor({ state: 'hidden' });
    const row = table.getByRole('row', { name: new RegExp(NOMBRE) });
    await row.waitFor();
    expect(await row.innerText()).toContain(CODIGO);
    expect(await row.innerText()).toContain('No configurado');
    await expect
      .poll(async () => Number(await page.getByRole('region', { name: 'Total de Entidades' }).locator('p').innerText()))
      .toBe(before + 1);

    // The same código again: 'Error al crear tenant' with the server's reason.
    await page.getByRole('button', { name: 'Crear Nuevo Tenant' }).click();
    await create.getByLabel('Nombre').fill('Otro banco');
    await create.getByLabel('Código').fill(CODIGO);
    await create.getByLabel('CUIT').fill(CUIT);
    await create.getByRole('button', { name: 'Crear entidad' }).click();
    await create.getByText('Error al crear tenant').waitFor();
    await create.getByText('Ya existe una entidad con ese código').waitFor();
    await create.getByRole('button', { name: 'Cancelar' }).click();

    // Configure the clearing house with the specified defaults.
    await row.getByRole('button', { name: `Configurar COELSA de ${NOMBRE}` }).click();
    const config = page.getByRole('dialog', { name: 'Configurar COELSA' });
    expect(await config.getByRole('combobox', { name: 'Entorno' }).innerText()).toContain('sandbox');
    expect(await config.getByLabel('Timeout (ms)').inputValue()).toBe('30000');
    expect(await config.getByLabel('Reintentos máximos').inputValue()).toBe('3');
    await config.getByLabel('API key').fill('clave-de-prueba');
    await config.getByLabel('API secret').fill('secreto-de-prueba');
    await shot(page, 'admin-coelsa-dialog');
    await config.getByRole('button', { name: 'Guardar Configuración' }).click();
    await config.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('SANDBOX');

    // Test the connection: the answer reads 'Prueba de conexión: …'.
    await row.getByRole('button', { name: `Probar conexión de ${NOMBRE}` }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Prueba de conexión:' });
    await alert.waitFor();
    await expect.poll(() => row.innerText()).toContain('Conexión exitosa');
    await shot(page, 'admin-desktop');
    await page.context().close();
  });

  it('deactivating a tenant keeps its users out; reactivating lets them back in', async () => {
    const sys = await apiLogin('superadmin@plataforma.example');
    const created = await api(sys, 'POST', '/admin/tenants', {
      nombre: `Banco Inactivo ${RUN}`,
      codigo: `BI${RUN}`,
      cuit: makeCuit('30', String(60_000_000 + (Date.now() % 9_000_000))),
    });
    expect(created.status).toBe(200);
    const tenantId = created.body.data.id as string;
    const email = `admin.${RUN.toLowerCase()}@inactivo.example`;
    const user = await api(sys, 'POST', '/users', {
      email,
      password: 'Tintero-Inactivo-Violeta',
      role: 'BANK_ADMIN',
      tenant_id: tenantId,
    });
    expect(user.status).toBe(200);
    const userToken = await apiLogin(email, 'Tintero-Inactivo-Violeta');

    const page = await newPage(browser);
    await loginAs(page, 'superadmin@plataforma.example');
    await page.goto('/admin');
    const row = page
      .getByRole('table', { name: 'Entidades' })
      .getByRole('row', { name: new RegExp(`Banco Inactivo ${RUN}`) });
    await row.getByRole('button', { name: `Editar Banco Inactivo ${RUN}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar entidad' });
    await dialog.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Inactivo' }).click();
    // One user: the warning agrees ('Su usuario no podrá iniciar sesión').
    await dialog.getByText('Su usuario no podrá iniciar sesión', { exact: false }).waitFor();
    await dialog.getByLabel('Tasa de descuento anual').fill('52,5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('Inactivo');
    expect(await row.innerText()).toContain('52,50%');
    expect((await api(userToken, 'GET', '/auth/profile')).status).toBe(401);
    await expect(apiLogin(email, 'Tintero-Inactivo-Violeta')).rejects.toThrow();

    await row.getByRole('button', { name: `Editar Banco Inactivo ${RUN}` }).click();
    await dialog.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Activo', exact: true }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await apiLogin(email, 'Tintero-Inactivo-Violeta')).toBeTruthy();
    await page.context().close();
  });

  it('is refused to everyone but a system admin, in the page and on the server', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    await page.goto('/admin');
    await page.getByText('Acceso denegado. Solo administradores del sistema pueden acceder a esta página.').waitFor();
    expect(await page.getByRole('button', { name: 'Crear Nuevo Tenant' }).count()).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect((await api(token!, 'GET', '/admin/tenants')).status).toBe(403);
    await page.goto('/settings');
    await page.getByText(/Acceso denegado/).waitFor();
    await page.context().close();
  });

  it('the settings screen changes a bank’s discount rate and the audit trail shows the change', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'superadmin@plataforma.example');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Configuración', exact: true }).waitFor();
    const field = page.getByLabel('Tasa de Banco Sur');
    await field.fill('47,25');
    await page.getByRole('button', { name: 'Guardar tasas' }).click();
    await page.getByText('Tasas guardadas').waitFor();
    await expect.poll(() => field.inputValue()).toBe('47,25');

    await page.goto('/audit');
    await page.getByRole('heading', { name: 'Auditoría' }).waitFor();
    // Actions are chosen by their Spanish name; the trail shows the name, not the code.
    await page.getByLabel('Acción').fill('Tasa de desc');
    await page.getByRole('option', { name: 'Tasa de descuento modificada' }).click();
    const table = page.getByRole('table', { name: 'Registros de auditoría' });
    await expect.poll(() => table.innerText()).toContain('Tasa de descuento modificada');
    expect(await table.innerText()).not.toContain('tenant.discount_rate.update');
    await table
      .getByRole('button', { name: /Ver registro/ })
      .first()
      .click();
    const detail = page.getByRole('dialog', { name: 'Detalle de auditoría' });
    await detail.getByText('superadmin@plataforma.example').waitFor();
    const diff = await detail.getByRole('table', { name: 'Antes y después' }).innerText();
    expect(diff).toContain('Tasa de descuento anual');
    expect(diff).toContain('47,25%');
    await shot(page, 'audit-detail');
    await page.context().close();
  });

  it('works on a phone', async () => {
    const page = await newPage(browser, MOBILE);
    await loginAs(page, 'superadmin@plataforma.example');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Panel de Administración ECHEQ' }).waitFor();
    await page.getByRole('list', { name: 'Entidades' }).getByText('Banco Demo', { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'admin-mobile');
    await page.context().close();
  });
});
