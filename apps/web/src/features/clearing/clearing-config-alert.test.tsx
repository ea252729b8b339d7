import type { CoelsaConfigCheck } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { ClearingConfigAlert } from './clearing-config-alert';

const PATH = 'GET /api/system/coelsa-config';

const sandbox: CoelsaConfigCheck = {
  config: { isConfigured: true, isSandbox: true, baseUrl: null, hasUrl: false, hasApiKey: false },
  connection: { connected: true, status: 'SANDBOX', error: null },
  recommendations: {
    needsConfig: false,
    message: 'Modo simulación activo: las operaciones se registran en el sandbox.',
  },
};
const http: CoelsaConfigCheck = {
  config: { isConfigured: true, isSandbox: false, baseUrl: 'https://coelsa.example', hasUrl: true, hasApiKey: true },
  connection: { connected: true, status: 'CONNECTED', error: null },
  recommendations: { needsConfig: false, message: 'Configuración completa. Conectado a COELSA (Producción).' },
};
const none: CoelsaConfigCheck = {
  config: { isConfigured: false, isSandbox: false, baseUrl: null, hasUrl: false, hasApiKey: false },
  connection: { connected: false, status: 'NOT_CONFIGURED', error: 'COELSA no está configurado para esta entidad' },
  recommendations: {
    needsConfig: true,
    message: 'COELSA no está configurado para esta entidad. Contacte al administrador.',
  },
};
const incomplete: CoelsaConfigCheck = {
  config: { isConfigured: false, isSandbox: false, baseUrl: 'https://coelsa.example', hasUrl: true, hasApiKey: false },
  connection: {
    connected: false,
    status: 'NOT_CONFIGURED',
    error: 'Configuración incompleta: falta API key, API secret',
  },
  recommendations: { needsConfig: true, message: 'Configuración incompleta: falta API key, API secret.' },
};
const down: CoelsaConfigCheck = {
  ...http,
  connection: {
    connected: false,
    status: 'DISCONNECTED',
    error: 'COELSA no está disponible: tiempo de espera agotado',
  },
  recommendations: { needsConfig: false, message: 'COELSA no responde.' },
};

const ok = (data: unknown) => () => json(200, { success: true, data });

function renderAlert() {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ClearingConfigAlert />
    </QueryClientProvider>,
  );
}

const region = () => screen.getByRole('region', { name: 'Integración COELSA' });

describe('clearing-integration configuration alert', () => {
  it('verifying (info) while the check is on its way', async () => {
    let answer!: () => void;
    mockApi({
      [PATH]: () => new Promise<Response>((r) => (answer = () => r(json(200, { success: true, data: sandbox })))),
    });
    renderAlert();
    const status = within(region()).getByRole('status');
    expect(status).toHaveTextContent('Verificando configuración de COELSA...');
    expect(status).toHaveClass('MuiAlert-colorInfo');
    answer();
    await screen.findByText('Conectado a Sandbox');
  });

  it('configured and connected on the sandbox: success, SANDBOX chip, the specification’s texts', async () => {
    mockApi({ [PATH]: ok(sandbox) });
    renderAlert();
    const title = await screen.findByText('Conectado a Sandbox');
    const alert = title.closest('.MuiAlert-root')!;
    expect(alert).toHaveClass('MuiAlert-colorSuccess');
    expect(within(alert as HTMLElement).getByText('Modo simulación activo')).toBeInTheDocument();
    expect(within(alert as HTMLElement).getByText('SANDBOX')).toBeInTheDocument();
  });

  it('configured and connected over HTTP: success without the chip', async () => {
    mockApi({ [PATH]: ok(http) });
    renderAlert();
    const title = await screen.findByText('Integración COELSA configurada');
    expect(title.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorSuccess');
    expect(screen.queryByText('SANDBOX')).not.toBeInTheDocument();
    expect(screen.getByText(/Conectado\. Configuración completa/)).toBeInTheDocument();
  });

  it('needs configuration: error, "Configuración requerida"', async () => {
    mockApi({ [PATH]: ok(none) });
    renderAlert();
    const title = await screen.findByText('Configuración requerida');
    const alert = title.closest('.MuiAlert-root')!;
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('Contacte al administrador');
  });

  it('incomplete: warning, "Configuración incompleta"', async () => {
    mockApi({ [PATH]: ok(incomplete) });
    renderAlert();
    const title = await screen.findByText('Configuración incompleta');
    expect(title.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorWarning');
  });

  it('configured but unreachable: warning with the reason and a retry', async () => {
    const { calls } = mockApi({ [PATH]: ok(down) });
    renderAlert();
    const title = await screen.findByText('Sin conexión con COELSA');
    expect(title.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorWarning');
    expect(screen.getByText('COELSA no está disponible: tiempo de espera agotado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.key === PATH)).toHaveLength(2));
  });

  it('details expand and collapse', async () => {
    mockApi({ [PATH]: ok(incomplete) });
    renderAlert();
    await screen.findByText('Configuración incompleta');
    const toggle = screen.getByRole('button', { name: 'Ver detalles' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('URL base')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar detalles' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('URL base')).toBeInTheDocument();
    expect(screen.getByText('https://coelsa.example')).toBeInTheDocument();
    expect(screen.getByText('No configurada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar detalles' }));
    await vi.waitFor(() => expect(screen.queryByText('URL base')).not.toBeInTheDocument());
  });

  describe('error with a retry button', () => {
    it('"Error verificando configuración" for an unsuccessful answer without a message', async () => {
      mockApi({ [PATH]: () => json(200, { success: false }) });
      renderAlert();
      const msg = await screen.findByText('Error verificando configuración', {}, { timeout: 4000 });
      expect(msg.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
    });

    it('"Error de conexión" when the call throws without a message of the server', async () => {
      vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
      renderAlert();
      expect(await screen.findByText('Error de conexión', {}, { timeout: 4000 })).toBeInTheDocument();
    });

    it('the server’s message when it gave one; retry asks again and recovers', async () => {
      let fail = true;
      const { calls } = mockApi({
        [PATH]: () =>
          fail
            ? json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Error interno del servidor' })
            : json(200, { success: true, data: sandbox }),
      });
      renderAlert();
      await screen.findByText('Error interno del servidor', {}, { timeout: 4000 });
      fail = false;
      await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
      await screen.findByText('Conectado a Sandbox');
      expect(calls.filter((c) => c.key === PATH).length).toBeGreaterThanOrEqual(3);
    });
  });
});
