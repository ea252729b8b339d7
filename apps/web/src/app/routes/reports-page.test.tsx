import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { custodyReport, discountReport, performanceReport } from '../../features/reports/report-fixtures';
import { json, makeUser, mockApi, signInStored } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ok = (data: unknown) => () => json(200, { success: true, data });

function answers(overrides: Record<string, () => Response | Promise<Response>> = {}) {
  return {
    'GET /api/auth/profile': ok(makeUser()),
    'GET /api/reports/custody': ok(custodyReport()),
    'GET /api/reports/discounts': ok(discountReport()),
    'GET /api/reports/performance': ok(performanceReport()),
    ...overrides,
  };
}

function rowOf(table: HTMLElement, label: string): string[] {
  const row = within(table).getByText(label).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}

describe('reports screen', () => {
  it('shows the summary, both status tables with rounded percentages, and the system performance', async () => {
    signInStored(makeUser());
    mockApi(answers());
    renderApp('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reportes y Analytics' })).toBeInTheDocument();

    const total = await screen.findByRole('region', { name: 'Total en Custodia' });
    expect(total).toHaveTextContent('7 ECHEQs');
    expect(total).toHaveTextContent('$ 1.234.567,89 ARS');
    expect(screen.getByRole('region', { name: 'Descuentos' })).toHaveTextContent('$ 3.000,30 ARS');
    expect(screen.getByRole('region', { name: 'Rendimiento' })).toHaveTextContent('99,50%');
    expect(screen.getByRole('region', { name: 'Rendimiento' })).toHaveTextContent('12,3 ms');
    expect(screen.getByRole('region', { name: 'Tasa de Error (24h)' })).toHaveTextContent('0,25%');

    // 7 / 3 / 1 / 0 of 11 → 64%, 27%, 9%, 0%.
    const custody = screen.getByRole('table', { name: 'Custodia por Estado' });
    expect(rowOf(custody, 'En Custodia').slice(1, 3)).toEqual(['7', '64%']);
    expect(rowOf(custody, 'Liberados').slice(1, 3)).toEqual(['3', '27%']);
    expect(rowOf(custody, 'Expirados').slice(1, 3)).toEqual(['1', '9%']);
    // 1 of 3 each → 33%.
    const discounts = screen.getByRole('table', { name: 'Descuentos por Estado' });
    for (const label of ['Pendientes', 'Aprobados', 'Rechazados']) {
      expect(rowOf(discounts, label).slice(1, 3)).toEqual(['1', '33%']);
    }
    expect(rowOf(discounts, 'Completados').slice(1, 3)).toEqual(['0', '0%']);

    expect(screen.getByRole('heading', { name: 'Rendimiento del Sistema' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Rendimiento por área de la API' })).toHaveTextContent(
      'ECHEQs y custodia',
    );
  });

  it("replaces everything with 'Error al cargar los reportes' when one report fails", async () => {
    signInStored(makeUser());
    mockApi(
      answers({
        'GET /api/reports/discounts': () => json(403, { success: false, code: 'FORBIDDEN', message: 'No' }),
      }),
    );
    renderApp('/reports');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los reportes');
    expect(screen.queryByRole('table', { name: 'Custodia por Estado' })).not.toBeInTheDocument();
  });

  it('asks again with the chosen period', async () => {
    signInStored(makeUser());
    const urls: string[] = [];
    const { calls } = mockApi(answers());
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      urls.push(String(input));
      return realFetch(input, init);
    });
    renderApp('/reports');
    await screen.findByRole('table', { name: 'Custodia por Estado' });
    fireEvent.click(screen.getByRole('button', { name: 'Este año' }));
    const year = new Date().getFullYear();
    await waitFor(() => expect(urls.some((u) => u.includes(`/api/reports/custody?from=${year}-01-01`))).toBe(true));
    expect(urls.some((u) => u.includes(`/api/reports/discounts?from=${year}-01-01`))).toBe(true);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('downloads an export with the bearer token and saves it under the server name', async () => {
    signInStored(makeUser(), 'tok-123');
    const seen: { url: string; auth?: string }[] = [];
    mockApi(answers());
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (String(input).startsWith('/api/reports/custody.xlsx')) {
        seen.push({ url: String(input), auth: (init.headers as Record<string, string>).Authorization });
        return Promise.resolve(
          new Response('xlsx', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="reporte-custodia-2026-11-21.xlsx"' },
          }),
        );
      }
      return realFetch(input, init);
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderApp('/reports');
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar custodia en XLSX' }));
    await waitFor(() => expect(clicked).toEqual(['reporte-custodia-2026-11-21.xlsx']));
    expect(seen).toEqual([{ url: '/api/reports/custody.xlsx', auth: 'Bearer tok-123' }]);
    expect(createObjectURL).toHaveBeenCalled();
  });
});
