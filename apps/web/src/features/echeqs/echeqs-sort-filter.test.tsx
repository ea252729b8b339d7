import type { Echeq, Role } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { amountParam } from '../../components/range-filters';
import { nextSort } from '../../components/sort-header';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { stubPhone } from '../../test/media';
import { EcheqsView } from './echeqs-view';

const BANK = '2b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c';
const row: Echeq = {
  id: '5b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
  number: '71001014',
  amount: 1234.56,
  currency: 'ARS',
  issue_date: '2025-03-05',
  due_date: '2025-06-03',
  issuer: 'Metalúrgica San Martín S.A.',
  issuer_cuit: '30634567034',
  beneficiary: 'Empresa Demo S.A.',
  beneficiary_cuit: null,
  status: 'ACTIVE',
  validation_status: 'PENDING',
  validation_message: null,
  validated_at: null,
  customer_id: '1b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
  company_name: 'Empresa Demo S.A.',
  tenant_id: BANK,
  custody_status: null,
  discounted_at: null,
  version: 3,
  created_at: '2025-03-05T15:00:00.000Z',
  updated_at: '2025-03-05T15:00:00.000Z',
};

function setup(role: Role, path = '/echeqs') {
  const api = mockApi({
    'GET /api/echeqs': () => json(200, { success: true, data: { data: [row], page: 1, limit: 10, total: 1 } }),
    'GET /api/admin/tenants': () =>
      json(200, { success: true, data: [{ id: BANK, nombre: 'Banco Demo', codigo: 'BDEMO', estado: 'ACTIVE' }] }),
    'GET /api/accounts/clients': () =>
      json(200, {
        success: true,
        data: [{ id: row.customer_id, name: 'Empresa Demo S.A.', cuit: '30712345671', accounts: 1 }],
      }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <EcheqsView role={role} clearingReady />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const lastList = () => new URL(api.calls.filter((c) => c.key === 'GET /api/echeqs').at(-1)!.url, 'http://x');
  return { api, lastList };
}

describe('cheque list: sort headers and range filters', () => {
  it('a header sorts ascending, then descending, then back to the default order, on the server', async () => {
    expect([nextSort('', 'amount'), nextSort('amount', 'amount'), nextSort('-amount', 'amount')]).toEqual([
      'amount',
      '-amount',
      '',
    ]);
    const user = userEvent.setup();
    const { lastList } = setup('BANK_ADMIN');
    const table = await screen.findByRole('table', { name: 'ECHEQs' });
    const amount = within(table).getByRole('button', { name: 'Monto' });
    await user.click(amount);
    await waitFor(() => expect(lastList().searchParams.get('sort')).toBe('amount'));
    expect(within(table).getByRole('columnheader', { name: /Monto/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(amount);
    await waitFor(() => expect(lastList().searchParams.get('sort')).toBe('-amount'));
    expect(within(table).getByRole('columnheader', { name: /Monto/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: 'Fecha Vencimiento' }));
    await waitFor(() => expect(lastList().searchParams.get('sort')).toBe('due_date'));
  });

  it('typed dates (DD/MM/AAAA) and amounts (es-AR) filter on the server; the address sets them on arrival', async () => {
    expect([
      amountParam('1.500,50'),
      amountParam('1500'),
      amountParam('2.000'),
      amountParam('1,234'),
      amountParam('x'),
    ]).toEqual(['1500.50', '1500', '2000', null, null]);
    const user = userEvent.setup();
    const { lastList } = setup('BANK_ADMIN');
    const group = await screen.findByRole('group', { name: /Filtrar por vencimiento y monto/ });
    for (const [label, digits] of [
      ['Desde', '01122026'],
      ['Hasta', '31122026'],
    ] as const) {
      const field = within(group).getByRole('group', { name: new RegExp(label) });
      await user.click(within(field).getAllByRole('spinbutton')[0]!);
      await user.keyboard(digits);
    }
    await waitFor(() => expect(lastList().searchParams.get('date_to')).toBe('2026-12-31'));
    expect(lastList().searchParams.get('date_from')).toBe('2026-12-01');
    await user.type(within(group).getByRole('textbox', { name: 'Monto mínimo' }), '1.500,50{Enter}');
    await waitFor(() => expect(lastList().searchParams.get('amount_min')).toBe('1500.50'));
    // The company filter of bank staff.
    expect(screen.getByRole('combobox', { name: 'Empresa', hidden: true })).toBeInTheDocument();
  });

  it('the system administrator sees a bank column and a bank filter; the address keeps filters and sort', async () => {
    const { lastList } = setup('SYSTEM_ADMIN', `/echeqs?tenant_id=${BANK}&sort=-due_date&amount_max=900.5`);
    const table = await screen.findByRole('table', { name: 'ECHEQs' });
    expect(within(table).getByRole('columnheader', { name: 'Banco' })).toBeInTheDocument();
    expect(await within(table).findByRole('cell', { name: 'Banco Demo' })).toBeInTheDocument();
    const q = lastList().searchParams;
    expect([q.get('tenant_id'), q.get('sort'), q.get('amount_max')]).toEqual([BANK, '-due_date', '900.5']);
    expect(screen.getByRole('textbox', { name: 'Monto máximo' })).toHaveValue('900,5');
    expect(screen.queryByRole('combobox', { name: 'Empresa', hidden: true })).toBeNull();
  });

  it('bank staff sort by the Estado and Empresa headers; a company has no Empresa column', async () => {
    const user = userEvent.setup();
    const { lastList } = setup('BANK_OPERATOR', '/echeqs?sort=-status');
    const table = await screen.findByRole('table', { name: 'ECHEQs' });
    expect(within(table).getByRole('columnheader', { name: /Estado/ })).toHaveAttribute('aria-sort', 'descending');
    // Its company's column beside the beneficiary's.
    expect(await within(table).findAllByRole('cell', { name: 'Empresa Demo S.A.' })).toHaveLength(2);
    await user.click(within(table).getByRole('button', { name: 'Empresa' }));
    await waitFor(() => expect(lastList().searchParams.get('sort')).toBe('company'));
    expect(within(table).getByRole('columnheader', { name: /Empresa/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: /Estado/ })).not.toHaveAttribute('aria-sort');
    await user.click(within(table).getByRole('button', { name: 'Estado' }));
    await waitFor(() => expect(lastList().searchParams.get('sort')).toBe('status'));
    cleanup();

    setup('COMPANY_USER');
    const own = await screen.findByRole('table', { name: 'ECHEQs' });
    expect(await within(own).findAllByRole('cell', { name: 'Empresa Demo S.A.' })).toHaveLength(1);
    expect(within(own).queryByRole('columnheader', { name: /Empresa/ })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Estado' })).toBeInTheDocument();
  });

  it("on a phone the cards' sort select offers Estado and Empresa", async () => {
    stubPhone();
    const user = userEvent.setup();
    const { lastList } = setup('BANK_ADMIN', '/echeqs?sort=status');
    await screen.findByRole('list', { name: 'ECHEQs' });
    const select = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(select).toHaveTextContent('Estado ↑');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Empresa ↓' }));
    await waitFor(() => expect(lastList().searchParams.get('sort')).toBe('-company'));
  });
});
