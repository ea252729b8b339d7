import type { Custody, Page, Role } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { CustodyView } from './custody-view';

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const released = '33333333-3333-4333-8333-333333333333';

function custody(id: string, number: string, amount: number, status: Custody['status'] = 'IN_CUSTODY'): Custody {
  return {
    id,
    status,
    custody_date: '2025-03-05T15:00:00.000Z',
    release_date: null,
    release_reason: null,
    notes: null,
    presentation_deadline: '2025-06-04',
    echeq_id: id,
    company_name: 'Empresa Demo S.A.',
    echeq: {
      id,
      number,
      amount,
      currency: 'ARS',
      issuer: 'Librador S.A.',
      beneficiary: 'Empresa Demo S.A.',
      issue_date: '2025-02-03',
      due_date: '2025-05-05',
      status: 'ACTIVE',
      validation_status: 'VALIDATED',
      discounted_at: null,
    },
    version: 1,
  };
}

const rows = [
  custody(ids[0]!, '71001', 1000.1),
  custody(ids[1]!, '71002', 2000.2),
  custody(released, '71003', 5, 'RELEASED'),
];
const page: { success: true; data: Page<Custody> } = {
  success: true,
  data: { data: rows, page: 1, limit: 10, total: 3 },
};

function renderView(role: Role) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CustodyView role={role} clearingReady />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Bulk release of custody records', () => {
  it('chooses records in custody, confirms with count and total, and shows each outcome', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/echeqs/custody': () => json(200, page),
      'POST /api/echeqs/custody/bulk/release': () =>
        json(200, {
          success: true,
          data: {
            succeeded: 1,
            failed: 1,
            results: [
              { id: ids[0], ok: true, message: 'Custodia liberada' },
              {
                id: ids[1],
                ok: false,
                code: 'INVALID_TRANSITION',
                message: 'No se puede liberar la custodia: el ECHEQ tiene un descuento pendiente',
              },
            ],
          },
        }),
    });
    renderView('COMPANY_USER');
    await screen.findByText('71001');
    // A released record has no checkbox.
    expect(screen.queryByRole('checkbox', { name: 'Seleccionar ECHEQ 71003' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar los en custodia de esta página' }));
    const bar = screen.getByRole('region', { name: 'Acciones sobre los seleccionados' });
    expect(within(bar).getByText('2 seleccionados')).toBeInTheDocument();
    expect(within(bar).getByText('Total: $ 3.000,30 ARS')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Liberar seleccionados' }));
    const confirm = await screen.findByRole('dialog', { name: 'Liberar custodias' });
    expect(within(confirm).getByText(/Se liberarán 2 ECHEQs por un total de \$ 3\.000,30 ARS/)).toBeInTheDocument();
    await user.type(within(confirm).getByRole('textbox', { name: /Motivo de liberación/ }), 'Retiro del cliente');
    await user.click(within(confirm).getByRole('button', { name: 'Liberar 2' }));
    const result = await screen.findByRole('dialog', { name: 'Resultado de la liberación' });
    expect(within(result).getByText('1 de 2 realizados; 1 no se pudieron realizar.')).toBeInTheDocument();
    expect(within(result).getByText('ECHEQ 71001')).toBeInTheDocument();
    expect(within(result).getByText(/tiene un descuento pendiente/)).toBeInTheDocument();
    const sent = api.calls.find((c) => c.key === 'POST /api/echeqs/custody/bulk/release');
    expect(sent?.body).toEqual({ ids, reason: 'Retiro del cliente' });
  });

  it('a role that cannot release sees no checkboxes', async () => {
    mockApi({ 'GET /api/echeqs/custody': () => json(200, page) });
    renderView('AUDITOR');
    await screen.findByText('71001');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
