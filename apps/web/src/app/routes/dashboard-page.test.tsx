import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { custodyReport, performanceReport, performanceSummary } from '../../features/reports/report-fixtures';
import { json, makeUser, mockApi, signInStored } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ok = (data: unknown) => () => json(200, { success: true, data });

function answers(overrides: Record<string, () => Response | Promise<Response>> = {}, user = makeUser()) {
  return {
    'GET /api/auth/profile': ok(user),
    'GET /api/reports/custody': ok(custodyReport()),
    'GET /api/reports/performance': ok(performanceReport()),
    'GET /api/system/coelsa-config': ok({
      config: { isConfigured: true, isSandbox: true, baseUrl: null, hasUrl: false, hasApiKey: false },
      connection: { connected: true, status: 'SANDBOX', error: null },
      recommendations: { needsConfig: false, message: 'Sandbox activo' },
    }),
    'GET /api/integration/coelsa/status': ok({
      connected: true,
      status: 'SANDBOX',
      timestamp: '2026-11-21T12:00:00.000Z',
    }),
    ...overrides,
  };
}

describe('dashboard', () => {
  it('shows the four cards, the custody details and the performance metrics', async () => {
    signInStored(makeUser());
    mockApi(answers());
    renderApp('/dashboard');

    const custody = await screen.findByRole('region', { name: 'ECHEQs en Custodia' });
    expect(within(custody).getByText('7')).toBeInTheDocument();
    expect(within(custody).getByText('$ 1.234.567,89 ARS')).toBeInTheDocument();

    const speed = screen.getByRole('region', { name: 'Tiempo de Respuesta' });
    expect(within(speed).getByText('12,3 ms')).toBeInTheDocument();
    expect(within(speed).getByText('Disponibilidad 99,50%')).toBeInTheDocument();

    const coelsa = screen.getByRole('region', { name: 'Estado COELSA' });
    expect(within(coelsa).getByText('Conectado a Sandbox')).toBeInTheDocument();
    expect(within(coelsa).getByText('Modo simulación activo')).toBeInTheDocument();

    const user = screen.getByRole('region', { name: 'Usuario Actual' });
    expect(within(user).getByText('Banco Demo')).toBeInTheDocument();
    expect(within(user).getByText('Admin Banco')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Detalle de Custodia' });
    const expected: Array<[string, string]> = [
      ['En Custodia', '7'],
      ['Liberados', '3'],
      ['Expirados', '1'],
      ['Cancelados', '0'],
    ];
    for (const [label, count] of expected) {
      const row = within(details).getByText(label).closest('li')!;
      expect(within(row).getByText(count)).toBeInTheDocument();
    }

    const perf = screen.getByRole('region', { name: 'Métricas de Rendimiento' });
    expect(within(perf).getByText('12,3 ms')).toBeInTheDocument();
    expect(within(perf).getByText('99,50%')).toBeInTheDocument();
    expect(within(perf).getByText('0,25%')).toBeInTheDocument();
    expect(within(perf).getByText('Últimas 24 horas · 400 solicitudes de su entidad')).toBeInTheDocument();
    expect(within(perf).getByText('Mediana 8,1 ms')).toBeInTheDocument();
  });

  it("shows a company the three figures of its bank's requests, without counts", async () => {
    const user = makeUser('COMPANY_USER', { email: 'emisor@empresa.example', company_name: 'Empresa Demo S.A.' });
    signInStored(user);
    mockApi(answers({ 'GET /api/reports/performance': ok(performanceSummary()) }, user));
    renderApp('/dashboard');
    const perf = await screen.findByRole('region', { name: 'Métricas de Rendimiento' });
    expect(within(perf).getByText('12,3 ms')).toBeInTheDocument();
    expect(within(perf).getByText('99,50%')).toBeInTheDocument();
    expect(within(perf).getByText('0,25%')).toBeInTheDocument();
    expect(within(perf).getByText('Últimas 24 horas · solicitudes de su entidad')).toBeInTheDocument();
    expect(within(perf).queryByText(/Mediana/)).not.toBeInTheDocument();
    expect(perf).not.toHaveTextContent(/\d+ respuestas 5xx/);
  });

  it('asks for the three data sets in parallel', async () => {
    signInStored(makeUser());
    const pending: Array<() => void> = [];
    const later = (data: unknown) => () =>
      new Promise<Response>((resolve) => pending.push(() => resolve(json(200, { success: true, data }))));
    const { calls } = mockApi(
      answers({
        'GET /api/reports/custody': later(custodyReport()),
        'GET /api/reports/performance': later(performanceReport()),
        'GET /api/integration/coelsa/status': later({ connected: true, status: 'CONNECTED', timestamp: '' }),
      }),
    );
    renderApp('/dashboard');
    await screen.findByText('Cargando...');
    await expect.poll(() => pending.length).toBe(3);
    expect(calls.map((c) => c.key)).toEqual(
      expect.arrayContaining([
        'GET /api/reports/custody',
        'GET /api/reports/performance',
        'GET /api/integration/coelsa/status',
      ]),
    );
    for (const answer of pending) answer();
    const coelsa = await screen.findByRole('region', { name: 'Estado COELSA' });
    expect(within(coelsa).getByText('Conectado')).toBeInTheDocument();
  });

  it('is replaced by one error alert when any of the loads fails', async () => {
    signInStored(makeUser());
    mockApi(
      answers({
        'GET /api/reports/performance': () =>
          json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Error interno del servidor' }),
      }),
    );
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar los datos del dashboard');
    expect(screen.queryByRole('region', { name: 'ECHEQs en Custodia' })).not.toBeInTheDocument();
  });

  it("reads 'Desconectado' without a link and shows the e-mail of a user without company", async () => {
    const user = makeUser('SYSTEM_ADMIN', { company_name: null, email: 'superadmin@plataforma.example' } as never);
    signInStored(user);
    mockApi(
      answers(
        {
          'GET /api/integration/coelsa/status': ok({
            connected: false,
            status: 'NOT_CONFIGURED',
            timestamp: '2026-11-21T12:00:00.000Z',
          }),
        },
        user,
      ),
    );
    renderApp('/dashboard');
    const coelsa = await screen.findByRole('region', { name: 'Estado COELSA' });
    expect(within(coelsa).getByText('Desconectado')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Usuario Actual' });
    expect(within(card).getByText('superadmin@plataforma.example')).toBeInTheDocument();
    expect(within(card).getByText('Admin Sistema')).toBeInTheDocument();
  });
});
