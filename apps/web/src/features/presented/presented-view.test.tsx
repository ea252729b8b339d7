import type { Echeq, PresentedCheque } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { PresentedView } from './presented-view';

function presented(overrides: Partial<PresentedCheque> = {}): PresentedCheque {
  const base: Echeq = {
    id: '5b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    number: '00000042',
    amount: 1500.25,
    currency: 'ARS',
    issue_date: '2026-06-10',
    due_date: '2026-06-10',
    issuer: 'Empresa Demo S.A.',
    issuer_cuit: '30711111118',
    beneficiary: 'Beneficiario Demo S.R.L.',
    beneficiary_cuit: '30733333332',
    status: 'ACTIVE',
    validation_status: 'VALIDATED',
    validation_message: null,
    validated_at: null,
    customer_id: '1b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    company_name: 'Empresa Demo S.A.',
    tenant_id: '2b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    custody_status: null,
    discounted_at: null,
    version: 1,
    created_at: '2026-06-10T13:00:00.000Z',
    updated_at: '2026-06-10T13:00:00.000Z',
    origin: 'REGISTRY',
    cheque_id: 'A1B2C3D4E5F6G7H',
    state: 'PRESENTADO',
    syncing: false,
    tipo: 'COMUN',
    caracter: 'A_LA_ORDEN',
    concepto: 'FAC',
    payment_date: '2026-06-10',
    holder_cuit: '30733333332',
    endorsements: 0,
    actions: ['PAY', 'REJECT'],
  };
  return {
    ...base,
    clearing_date: '2026-06-11',
    presented_at: '2026-06-10T13:00:00.000Z',
    issuer_cbu: '3220001100000012345670',
    ...overrides,
  };
}

const page = (rows: PresentedCheque[]) => () =>
  json(200, {
    success: true,
    data: {
      data: rows,
      page: 1,
      limit: 10,
      total: rows.length,
      nextCursor: null,
      totals: rows.length ? [{ currency: 'ARS', count: rows.length, amount: 1500.25 }] : [],
    },
  });

function renderView(renderDetails?: Parameters<typeof PresentedView>[0]['renderDetails']) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/presented']}>
        <PresentedView renderDetails={renderDetails} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listCalls = (calls: { key: string }[]) => calls.filter((c) => c.key === 'GET /api/echeqs/presented').length;

describe('Cheques presentados al cobro', () => {
  it('lists the queue: number, id, issuer, holder, amount, payment and clearing dates', async () => {
    mockApi({ 'GET /api/echeqs/presented': page([presented()]) });
    renderView();
    const table = await screen.findByRole('table', { name: 'Cheques presentados al cobro' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of [
      '00000042',
      'A1B2C3D4E5F6G7H',
      'Empresa Demo S.A. (30-71111111-8)',
      'Beneficiario Demo S.R.L.',
      '$ 1.500,25 ARS',
      '10/06/2026',
      '11/06/2026',
    ]) {
      expect(row).toHaveTextContent(text);
    }
    expect(screen.getByText('1 cheque · $ 1.500,25 ARS')).toBeInTheDocument();
  });

  it('a holder known only by CUIT (issued to a bare CUIT) reads as a formatted CUIT, not as a name', async () => {
    mockApi({ 'GET /api/echeqs/presented': page([presented({ beneficiary: '30733333332' })]) });
    renderView();
    const table = await screen.findByRole('table', { name: 'Cheques presentados al cobro' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('CUIT 30-73333333-2');
  });

  it('the number opens the detail with pay and reject; paying from it closes it and asks for confirmation', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/echeqs/presented': page([presented()]) });
    renderView((c, _close, actions) => <section aria-label={`Detalle ${c.number}`}>{actions}</section>);
    await user.click(await screen.findByRole('button', { name: '00000042' }));
    const detail = screen.getByRole('region', { name: 'Detalle 00000042' });
    await user.click(within(detail).getByRole('button', { name: 'Pagar ECHEQ 00000042' }));
    expect(screen.queryByRole('region', { name: 'Detalle 00000042' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Pagar ECHEQ' })).toBeInTheDocument();
  });

  it('pays after the confirmation: POST …/pay, a notice, and the queue asked again', async () => {
    const user = userEvent.setup();
    let paid = false;
    const api = mockApi({
      'GET /api/echeqs/presented': () => (paid ? page([])() : page([presented()])()),
      'POST /api/echeqs/5b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c/pay': () => {
        paid = true;
        return json(200, { success: true, data: { ...presented(), state: 'PAGADO', actions: [] } });
      },
    });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Pagar ECHEQ 00000042' }));
    const dialog = screen.getByRole('dialog', { name: 'Pagar ECHEQ' });
    expect(dialog).toHaveTextContent(
      '¿Confirma el pago del ECHEQ N° 00000042 por $ 1.500,25 ARS a Beneficiario Demo S.R.L.?',
    );
    expect(dialog).toHaveTextContent('CBU 3220001100000012345670');
    expect(api.calls.some((c) => c.key.endsWith('/pay'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('ECHEQ N° 00000042 pagado')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key.endsWith('/pay'))).toHaveLength(1);
    expect(await screen.findByText(/No hay cheques presentados al cobro/)).toBeInTheDocument();
    expect(listCalls(api.calls)).toBeGreaterThanOrEqual(2);
  });

  it('rejects only with a motivo from the list, sent as chosen; a refusal is said in a notice', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/echeqs/presented': page([presented()]),
      'POST /api/echeqs/5b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c/reject': () =>
        json(409, {
          success: false,
          code: 'INVALID_TRANSITION',
          message: 'El ECHEQ está en estado PAGADO: no puede rechazarse',
        }),
    });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Rechazar ECHEQ 00000042' }));
    const dialog = screen.getByRole('dialog', { name: 'Rechazar ECHEQ' });
    const confirm = within(dialog).getByRole('button', { name: 'Rechazar' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /Motivo de rechazo/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Sin fondos suficientes', 'Cuenta cerrada', 'Orden de no pagar']);
    await user.click(screen.getByRole('option', { name: 'Cuenta cerrada' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('El ECHEQ está en estado PAGADO: no puede rechazarse')).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.key.endsWith('/reject'));
    expect(sent.map((c) => c.body)).toEqual([{ motivo: 'Cuenta cerrada' }]);
    await waitFor(() => expect(listCalls(api.calls)).toBeGreaterThanOrEqual(2));
  });

  it('a cheque the registry is still answering offers no action; an empty queue says so', async () => {
    mockApi({ 'GET /api/echeqs/presented': page([presented({ syncing: true, actions: [] })]) });
    const first = renderView();
    expect(await screen.findByText('Actualizando')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pagar ECHEQ/ })).toBeNull();
    first.unmount();
    mockApi({ 'GET /api/echeqs/presented': page([]) });
    renderView();
    expect(
      await screen.findByText(
        'No hay cheques presentados al cobro. Cuando un tenedor deposite un ECHEQ librado contra una cuenta de sus clientes, aparecerá aquí.',
      ),
    ).toBeInTheDocument();
  });
});
