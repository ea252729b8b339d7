import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { SimulateReceivedDialog } from './simulate-received-dialog';

const COMPANY = { id: '1b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c', name: 'Empresa Demo S.A.', cuit: '30711111118' };

function renderDialog() {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SimulateReceivedDialog companies={[COMPANY]} onClose={vi.fn()} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone, dialog: screen.getByRole('dialog', { name: 'Simular ECHEQ recibido' }) };
}

const sent = (calls: { key: string }[]) => calls.filter((c) => c.key === 'POST /api/echeqs/simulate-received');

describe('Simular ECHEQ recibido', () => {
  it('explains itself and the test amounts, and sends nothing until company, amount and CUIT are right', async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    const { dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Simula un ECHEQ librado por una empresa fuera de la plataforma');
    expect(dialog).toHaveTextContent(/,13 .*«Sin fondos suficientes».*,14 «Cuenta\s+cerrada».*,15 «Orden de no pagar»/);

    await user.click(within(dialog).getByRole('button', { name: 'Simular' }));
    expect(within(dialog).getByText('Elija la empresa cliente')).toBeInTheDocument();
    expect(within(dialog).getByText('Ingrese el monto')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Monto/ }), 'mil');
    await user.type(within(dialog).getByRole('textbox', { name: /CUIT del librador/ }), '20-1');
    await user.click(within(dialog).getByRole('button', { name: 'Simular' }));
    expect(within(dialog).getByText('Ingrese un monto válido, por ejemplo 1.234,56')).toBeInTheDocument();
    expect(within(dialog).getByText('CUIT inválido')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Tipo/ }));
    await user.click(screen.getByRole('option', { name: 'De pago diferido' }));
    await user.click(within(dialog).getByRole('button', { name: 'Simular' }));
    expect(within(dialog).getByText('Ingrese la fecha de pago')).toBeInTheDocument();
    expect(sent(api.calls)).toEqual([]);
  });

  it('sends the company, the es-AR amount and the chosen fields, leaving out what is empty', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/echeqs/simulate-received': () =>
        json(201, { success: true, data: { id: 'x', number: '00000007', amount: 1500.13 } }),
    });
    const { dialog, onDone } = renderDialog();
    await user.click(within(dialog).getByRole('combobox', { name: /Empresa cliente/ }));
    await user.click(screen.getByRole('option', { name: 'Empresa Demo S.A. (30-71111111-8)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Monto/ }), '1.500,13');
    await user.click(within(dialog).getByRole('combobox', { name: /Concepto/ }));
    await user.click(screen.getByRole('option', { name: 'HON · Honorarios' }));
    await user.click(within(dialog).getByRole('button', { name: 'Simular' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent(api.calls).map((c) => (c as { body?: unknown }).body)).toEqual([
      { company_id: COMPANY.id, amount: 1500.13, tipo: 'COMUN', caracter: 'A_LA_ORDEN', concepto: 'HON' },
    ]);
    expect(onDone.mock.calls[0]?.[1]).toEqual(COMPANY);
  });
});
