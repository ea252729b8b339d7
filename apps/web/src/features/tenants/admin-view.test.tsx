import type { Role, Tenant } from '@echeq/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, signInStored } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const DEMO: Tenant = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  nombre: 'Banco Demo',
  codigo: 'BDEMO',
  cuit: '30500010912',
  tipo: 'BANCO',
  estado: 'ACTIVO',
  discount_rate: 0.45,
  created_at: '2026-01-15T12:00:00.000Z',
  users: [],
  users_count: 9,
  coelsaConfig: {
    environment: 'sandbox',
    base_url: null,
    timeout: 30000,
    max_retries: 3,
    has_api_key: false,
    has_api_secret: false,
    test_status: 'success',
    tested_at: '2026-11-20T10:00:00.000Z',
    test_message: 'Conectado al sandbox',
  },
};
const SUR: Tenant = {
  ...DEMO,
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb2',
  nombre: 'Banco Sur',
  codigo: 'BSUR',
  users_count: 2,
  coelsaConfig: null,
};

type Call = { method: string; path: string; body: any };
type Handler = (c: Call) => Response | Promise<Response>;

function stubApi(role: Role, handlers: Record<string, Handler> = {}) {
  const me = makeUser(role);
  signInStored(me);
  const calls: Call[] = [];
  const defaults: Record<string, Handler> = {
    'GET /api/auth/profile': () => json(200, { success: true, data: me }),
    'GET /api/admin/dashboard': () =>
      json(200, {
        success: true,
        data: { stats: { totalTenants: 2, activeTenants: 2, totalUsers: 11, coelsaConfigs: 1 } },
      }),
    'GET /api/admin/tenants': () => json(200, { success: true, data: [DEMO, SUR] }),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`] ?? defaults[`${call.method} ${call.path}`];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', message: 'Recurso no encontrado' });
    return handler(call);
  });
  return { calls };
}

async function openScreen() {
  renderApp('/admin');
  await screen.findByRole('heading', { level: 1, name: 'Panel de Administración ECHEQ' });
  await screen.findByRole('table', { name: 'Entidades' });
}

const rowOf = (text: string) =>
  within(screen.getByRole('table', { name: 'Entidades' }))
    .getByText(text)
    .closest('tr') as HTMLElement;

describe('Panel de Administración ECHEQ', () => {
  it('shows the stat cards, the buttons and the tenant table', async () => {
    stubApi('SYSTEM_ADMIN');
    await openScreen();
    expect(screen.getByRole('button', { name: 'Crear Nuevo Tenant' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Total de Entidades' })).toHaveTextContent('2');
    expect(screen.getByRole('region', { name: 'Total Usuarios' })).toHaveTextContent('11');
    expect(screen.getByRole('region', { name: 'Configuraciones COELSA' })).toHaveTextContent('1');
    const headers = within(screen.getByRole('table', { name: 'Entidades' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Tenant', 'Código', 'Estado', 'COELSA', 'Usuarios', 'Tasa', 'Acciones']);
    expect(rowOf('Banco Demo')).toHaveTextContent('SANDBOX');
    expect(rowOf('Banco Demo')).toHaveTextContent('Conexión exitosa');
    expect(rowOf('Banco Demo')).toHaveTextContent('Creado el 15/01/2026');
    expect(rowOf('Banco Sur')).toHaveTextContent('No configurado');
  });

  it("shows 'Error al cargar datos de administración' when a load fails", async () => {
    stubApi('SYSTEM_ADMIN', {
      'GET /api/admin/dashboard': () => json(503, { success: false, code: 'COELSA_NOT_AVAILABLE', message: 'x' }),
    });
    renderApp('/admin');
    expect(await screen.findByText('Error al cargar datos de administración', {}, { timeout: 15_000 })).toBeVisible();
  });

  it("the create dialog defaults tipo to BANCO and shows 'Error al crear tenant' on a repeated código", async () => {
    const { calls } = stubApi('SYSTEM_ADMIN', {
      'POST /api/admin/tenants': () =>
        json(409, { success: false, code: 'DUPLICATE', message: 'Ya existe una entidad con ese código' }),
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Crear Nuevo Tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva entidad' });
    expect(within(dialog).getByRole('combobox', { name: 'Tipo' })).toHaveTextContent('BANCO');
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Banco Norte');
    await user.type(within(dialog).getByLabelText(/^Código/), 'bdemo');
    await user.type(within(dialog).getByLabelText(/^CUIT/), '30-71234567-1');
    await user.click(within(dialog).getByRole('button', { name: 'Crear entidad' }));
    expect(await within(dialog).findByText('Error al crear tenant')).toBeVisible();
    expect(within(dialog).getByText('Ya existe una entidad con ese código')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      nombre: 'Banco Norte',
      codigo: 'BDEMO',
      cuit: '30-71234567-1',
      tipo: 'BANCO',
    });
  });

  it('configures COELSA with the specified defaults', async () => {
    const { calls } = stubApi('SYSTEM_ADMIN', {
      [`POST /api/admin/tenants/${SUR.id}/coelsa-config`]: () =>
        json(400, { success: false, code: 'VALIDATION_ERROR', message: 'Datos inválidos en cuerpo' }),
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(within(rowOf('Banco Sur')).getByRole('button', { name: 'Configurar COELSA de Banco Sur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar COELSA' });
    expect(within(dialog).getByRole('combobox', { name: 'Entorno' })).toHaveTextContent('sandbox');
    expect(within(dialog).getByLabelText('Timeout (ms)')).toHaveValue(30000);
    expect(within(dialog).getByLabelText('Reintentos máximos')).toHaveValue(3);
    await user.type(within(dialog).getByLabelText('API key'), 'k-1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Configuración' }));
    expect(await within(dialog).findByText('Error al configurar COELSA')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      environment: 'sandbox',
      base_url: null,
      timeout: 30000,
      max_retries: 3,
      api_key: 'k-1',
    });
  });

  it("tests the connection and shows 'Prueba de conexión: <message>'; a failure reads 'Error al probar conexión COELSA'", async () => {
    let ok = true;
    stubApi('SYSTEM_ADMIN', {
      [`POST /api/admin/tenants/${DEMO.id}/coelsa-config/test`]: () =>
        ok
          ? json(200, {
              success: true,
              message: 'Conectado al sandbox de COELSA',
              data: {
                success: true,
                message: 'Conectado al sandbox de COELSA',
                test_status: 'success',
                tested_at: '2026-11-21T10:00:00.000Z',
                latency_ms: 3,
              },
            })
          : json(404, { success: false, code: 'NOT_FOUND', message: 'Entidad no encontrada' }),
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(within(rowOf('Banco Demo')).getByRole('button', { name: 'Probar conexión de Banco Demo' }));
    expect(await screen.findByText('Prueba de conexión: Conectado al sandbox de COELSA')).toBeVisible();
    ok = false;
    await waitFor(() =>
      expect(within(rowOf('Banco Demo')).getByRole('button', { name: 'Probar conexión de Banco Demo' })).toBeEnabled(),
    );
    await user.click(within(rowOf('Banco Demo')).getByRole('button', { name: 'Probar conexión de Banco Demo' }));
    expect(await screen.findByText('Error al probar conexión COELSA')).toBeVisible();
    // A tenant without configuration cannot be tested yet.
    expect(within(rowOf('Banco Sur')).getByRole('button', { name: 'Probar conexión de Banco Sur' })).toBeDisabled();
  });

  it('refuses anyone but a system admin, without calling the admin API', async () => {
    const { calls } = stubApi('BANK_ADMIN');
    renderApp('/admin');
    expect(
      await screen.findByText('Acceso denegado. Solo administradores del sistema pueden acceder a esta página.'),
    ).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });
});
