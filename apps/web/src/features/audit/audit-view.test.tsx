import type { AuditEntry } from '@echeq/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockApi, signInStored } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ADMIN = makeUser('SYSTEM_ADMIN', { email: 'superadmin@plataforma.example', tenant_id: null });
const DISCOUNT_ID = '5562d6f9-6e31-47c9-86c8-ff6c7d5cf8c9';
const ECHEQ_ID = '3de68d3f-c86a-47b6-9611-c4bf961dcbf3';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-25T16:01:35.526Z',
  actor_id: '0480fab5-524d-4bfe-acb7-b27889961844',
  actor_email: 'admin@banco.example',
  actor_role: 'BANK_ADMIN',
  tenant_id: '7b09701e-0666-407f-9c4a-ecfacf7d8bd4',
  action: 'discount.reject',
  entity: 'discount',
  entity_id: DISCOUNT_ID,
  before: null,
  after: null,
  request_id: 'req-1',
  ...over,
});

const ROWS: AuditEntry[] = [
  entry({
    id: '3',
    before: {
      status: 'PENDING',
      requested_amount: '15000.00',
      rejection_reason: null,
      echeq_id: ECHEQ_ID,
      echeq_number: '22494674',
    },
    after: {
      status: 'REJECTED',
      requested_amount: '15000.00',
      rejection_reason: 'Rechazado por el administrador',
      echeq_id: ECHEQ_ID,
      echeq_number: '22494674',
    },
  }),
  entry({
    id: '2',
    action: 'echeq.create',
    entity: 'echeq',
    entity_id: ECHEQ_ID,
    actor_email: 'emisor@empresa.example',
    actor_role: 'COMPANY_USER',
    after: { number: '22494674', amount: 50000, currency: 'USD', due_date: '2027-01-24', status: 'ACTIVE' },
  }),
  entry({
    id: '1',
    action: 'tenant.discount_rate.update',
    entity: 'tenant',
    entity_id: '883c99f8-c341-4bfb-9ead-07b12ee50bf5',
    actor_email: 'superadmin@plataforma.example',
    actor_role: 'SYSTEM_ADMIN',
    before: { discount_rate: 0.45 },
    after: { discount_rate: 0.4725 },
  }),
];

function stub(more: Parameters<typeof mockApi>[0] = {}) {
  signInStored(ADMIN);
  const queries: URLSearchParams[] = [];
  mockApi({
    ...more,
    'GET /api/auth/profile': () => json(200, { success: true, data: ADMIN }),
    'GET /api/audit': () => json(200, { success: true, data: { data: ROWS, page: 1, limit: 25, total: 3 } }),
    'GET /api/audit/facets': () =>
      json(200, {
        success: true,
        data: {
          entities: ['discount', 'echeq', 'tenant'],
          actions: ['discount.reject', 'echeq.create', 'tenant.discount_rate.update'],
          actors: [],
        },
      }),
  });
  const fetchMock = globalThis.fetch;
  globalThis.fetch = ((input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/audit') queries.push(url.searchParams);
    return fetchMock(input, init);
  }) as typeof fetch;
  return queries;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Auditoría in Spanish', () => {
  it('names actions and fields in words, formats values es-AR and links ids to their record', async () => {
    stub();
    renderApp('/audit');
    const table = await screen.findByRole('table', { name: 'Registros de auditoría' });
    expect(within(table).getByText('Descuento rechazado')).toBeVisible();
    expect(within(table).getByText('ECHEQ creado')).toBeVisible();
    expect(within(table).getByText('Tasa de descuento modificada')).toBeVisible();
    expect(within(table).queryByText('discount.reject')).toBeNull();

    const link = within(rowOf('Descuento rechazado')).getByRole('link', { name: `Abrir Descuento ${DISCOUNT_ID}` });
    expect(link).toHaveAttribute('href', `/discounts?search=${DISCOUNT_ID}`);
    expect(within(rowOf('ECHEQ creado')).getByRole('link')).toHaveAttribute('href', '/echeqs?search=22494674');
    expect(within(rowOf('Tasa de descuento modificada')).getByRole('link')).toHaveAttribute('href', '/admin');

    const user = userEvent.setup();
    await user.click(within(rowOf('Descuento rechazado')).getByRole('button', { name: /^Ver registro/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Detalle de auditoría' });
    const diff = within(dialog).getByRole('table', { name: 'Antes y después' });
    expect(within(diff).getByText('Estado').closest('tr')).toHaveTextContent('EstadoPendienteRechazado');
    expect(within(diff).getByText('Monto solicitado').closest('tr')).toHaveTextContent('15.000,00');
    expect(within(diff).getByText('Número de ECHEQ').closest('tr')).toHaveTextContent('22494674');
    // The cheque the discount is about, by its id, links to the cheque's list found by its number.
    expect(within(diff).getByRole('link', { name: ECHEQ_ID })).toHaveAttribute('href', '/echeqs?search=22494674');
    expect(within(diff).getByText('Motivo de rechazo').closest('tr')).toHaveTextContent(
      'Rechazado por el administrador',
    );
    expect(dialog).toHaveTextContent('Descuento rechazado');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    await user.click(within(rowOf('ECHEQ creado')).getByRole('button', { name: /^Ver registro/ }));
    dialog = await screen.findByRole('dialog', { name: 'Detalle de auditoría' });
    expect(within(dialog).getByText('Monto').closest('tr')).toHaveTextContent('US$ 50.000,00');
    expect(within(dialog).getByText('Fecha de vencimiento').closest('tr')).toHaveTextContent('24/01/2027');
    expect(within(dialog).getByText('Estado').closest('tr')).toHaveTextContent('Activo');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    await user.click(within(rowOf('Tasa de descuento modificada')).getByRole('button', { name: /^Ver registro/ }));
    dialog = await screen.findByRole('dialog', { name: 'Detalle de auditoría' });
    expect(within(dialog).getByText('Tasa de descuento anual').closest('tr')).toHaveTextContent('45,00%47,25%');
  });

  it('filters by an action chosen by its name and by dates typed as DD/MM/AAAA', async () => {
    const queries = stub();
    renderApp('/audit');
    await screen.findByRole('table', { name: 'Registros de auditoría' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Acción' }));
    await user.click(await screen.findByRole('option', { name: 'Descuento rechazado' }));
    await waitFor(() => expect(queries.at(-1)?.get('action')).toBe('discount.reject'));

    const desde = screen.getByRole('group', { name: 'Desde' });
    await user.click(within(desde).getAllByRole('spinbutton')[0]!);
    await user.keyboard('01112026');
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2026-11-01'));
    const hasta = screen.getByRole('group', { name: 'Hasta' });
    await user.click(within(hasta).getAllByRole('spinbutton')[0]!);
    await user.keyboard('01102026');
    expect(await screen.findByText('No puede ser anterior a "Desde"')).toBeVisible();
    // The impossible range is not asked for.
    expect(queries.some((q) => q.get('to') === '2026-10-01')).toBe(false);
    expect(queries.every((q) => !q.get('from') || /^\d{4}-\d{2}-\d{2}$/.test(q.get('from') ?? ''))).toBe(true);
  });

  it('a link naming a record not on the page opens it, asked by its number; one the user may not see is dropped', async () => {
    const far = entry({ id: '99', action: 'echeq.create', entity: 'echeq', after: { number: '70000001' } });
    stub({
      'GET /api/audit/99': () => json(200, { success: true, data: far }),
      'GET /api/audit/98': () =>
        json(404, { success: false, code: 'NOT_FOUND', message: 'Registro de auditoría no encontrado' }),
    });
    const first = renderApp('/audit?detail=99');
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de auditoría' });
    expect(dialog).toHaveTextContent('ECHEQ creado');
    expect(dialog).toHaveTextContent('70000001');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    first.unmount();

    const second = renderApp('/audit?detail=98');
    await screen.findByRole('table', { name: 'Registros de auditoría' });
    await waitFor(() => expect(second.router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'Detalle de auditoría' })).toBeNull();
  });
});
