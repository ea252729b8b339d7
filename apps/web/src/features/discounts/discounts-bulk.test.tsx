import type { Discount } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { DiscountsBulk } from './discounts-bulk';

const A = 'aaaaaaaa-1111-4111-8111-111111111111';
const B = 'bbbbbbbb-2222-4222-8222-222222222222';

function discount(id: string, number: string, requested: number, currency: 'ARS' | 'USD' = 'ARS'): Discount {
  return {
    id,
    echeq_id: id,
    echeq: { id, number, amount: 1e6, currency, due_date: '2030-01-05', issuer: 'L', beneficiary: 'E' },
    requested_amount: requested,
    approved_amount: null,
    rate: null,
    days: null,
    status: 'PENDING',
    requested_at: '2026-11-21T13:00:00.000Z',
    approved_at: null,
    rejected_at: null,
    cancelled_at: null,
    completed_at: null,
    notes: null,
    rejection_reason: null,
    company_name: 'Empresa Demo S.A.',
    version: 1,
  };
}

const outcome = {
  success: true,
  data: {
    succeeded: 1,
    failed: 1,
    results: [
      { id: A, ok: true, message: 'Descuento aprobado' },
      { id: B, ok: false, code: 'INVALID_TRANSITION', message: 'No se puede aprobar un descuento en estado Rechazado' },
    ],
  },
};

function renderBulk(chosen: Discount[], onClear = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DiscountsBulk chosen={chosen} onClear={onClear} />
    </QueryClientProvider>,
  );
  return onClear;
}

describe('Bulk decisions on discounts', () => {
  it('nothing chosen: no bar', () => {
    mockApi({});
    renderBulk([]);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('approves the chosen ones after a confirmation with count and total; each outcome shown', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'POST /api/discounts/bulk/approve': () => json(200, outcome) });
    const onClear = renderBulk([discount(A, '71001', 1000.1), discount(B, '71002', 2000.25)]);
    const bar = screen.getByRole('region', { name: 'Acciones sobre los seleccionados' });
    expect(within(bar).getByText('Total: $ 3.000,35 ARS')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Aprobar seleccionados' }));
    const confirm = await screen.findByRole('dialog', { name: 'Aprobar descuentos' });
    expect(
      within(confirm).getByText(/Se aprobarán 2 descuentos por un total solicitado de \$ 3\.000,35 ARS/),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Aprobar 2' }));
    const result = await screen.findByRole('dialog', { name: 'Resultado de la aprobación' });
    expect(within(result).getByText('1 de 2 realizados; 1 no se pudieron realizar.')).toBeInTheDocument();
    expect(within(result).getByText(/ECHEQ 71002/)).toBeInTheDocument();
    expect(within(result).getByText('No se puede aprobar un descuento en estado Rechazado')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/discounts/bulk/approve')?.body).toEqual({ ids: [A, B] });
    expect(onClear).toHaveBeenCalled();
  });

  it('rejects with a reason (the usual one proposed); totals per currency', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'POST /api/discounts/bulk/reject': () => json(200, outcome) });
    renderBulk([discount(A, '71001', 1000), discount(B, '71002', 15000, 'USD')]);
    expect(screen.getByText('Total: $ 1.000,00 ARS y US$ 15.000,00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rechazar seleccionados' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rechazar descuentos' });
    const reason = within(confirm).getByRole('textbox', { name: /Motivo de rechazo/ });
    expect(reason).toHaveValue('Rechazado por el administrador');
    await user.clear(reason);
    await user.type(reason, 'Documentación incompleta');
    await user.click(within(confirm).getByRole('button', { name: 'Rechazar 2' }));
    await screen.findByRole('dialog', { name: 'Resultado del rechazo' });
    expect(api.calls.find((c) => c.key === 'POST /api/discounts/bulk/reject')?.body).toEqual({
      ids: [A, B],
      rejection_reason: 'Documentación incompleta',
    });
  });
});
