import { addDays, buenosAiresDateOf, type CurrentAccount } from '@echeq/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fixtures';
import { COUNTS, page, registryCheque, renderScreen } from './test/lifecycle-fixtures';

const ACCOUNT: CurrentAccount = {
  id: '7a8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
  cbu: '9010001800000000012345',
  currency: 'ARS',
  status: 'ACTIVE',
  company_id: '1b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
  company_name: 'Empresa Demo S.A.',
  company_cuit: '30712345671',
  bank_name: 'Banco Demo',
  created_at: '2026-01-01T12:00:00.000Z',
  remaining: 20,
  can_request_chequebook: false,
  chequebooks: [
    {
      id: '8a8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
      first: '00000001',
      last: '00000025',
      next: '00000006',
      remaining: 20,
      status: 'ACTIVE',
      requested_at: '2026-01-01T12:00:00.000Z',
      activated_at: '2026-01-01T12:00:00.000Z',
    },
  ],
};

const esDate = (iso: string) => iso.split('-').reverse().join('/');

async function typeDate(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, iso: string) {
  const group = within(scope).getByRole('group', { name: new RegExp(label) });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(iso.split('-').reverse().join(''));
}

/** Types a whole value at once (a paste), as fast as the form can take it. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

function setup() {
  return mockApi({
    'GET /api/echeqs': page([]),
    'GET /api/echeqs/trays/recibidos': page([], { counts: COUNTS }),
    'GET /api/echeqs/trays/emitidos': page([], { counts: COUNTS }),
    'GET /api/accounts': () => json(200, { success: true, data: [ACCOUNT] }),
    'POST /api/echeqs/issue': ({ body }) =>
      json(201, {
        success: true,
        data: registryCheque({ number: '00000006', beneficiary: 'Beneficiario Demo S.R.L.', ...(body as object) }),
      }),
  });
}

describe('Emitir ECHEQ', () => {
  it('checks the form before the preview: CUIT, amount, not to its own CUIT', async () => {
    const api = setup();
    const user = userEvent.setup({ delay: null });
    renderScreen('COMPANY_USER');
    await user.click(await screen.findByRole('button', { name: 'Emitir ECHEQ' }));
    const account = await screen.findByRole('combobox', { name: /Cuenta corriente/ });
    const dialog = screen.getByRole('dialog', { name: 'Emitir ECHEQ' });
    expect(account).toHaveTextContent('CBU 9010001800000000012345 · ARS · 20 números disponibles');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByText('CUIT inválido')).toBeInTheDocument();
    expect(within(dialog).getByText('Ingrese el monto')).toBeInTheDocument();

    await fill(user, within(dialog).getByRole('textbox', { name: /CUIT/ }), '30-71234567-1');
    await fill(user, within(dialog).getByRole('textbox', { name: /Monto/ }), '150.000,00');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(within(dialog).getByText('No puede emitirse un ECHEQ a la CUIT de su propia empresa')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirmar emisión' })).toBeNull();
    expect(api.calls.some((c) => c.key === 'POST /api/echeqs/issue')).toBe(false);
  });

  it('one dialog from the loading of the accounts to the preview and back (it never closes and opens again)', async () => {
    let answer: () => void = () => {};
    const accounts = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi({
      'GET /api/echeqs': page([]),
      'GET /api/echeqs/trays/recibidos': page([], { counts: COUNTS }),
      'GET /api/accounts': async () => {
        await accounts;
        return json(200, { success: true, data: [ACCOUNT] });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen('COMPANY_USER');
    await user.click(await screen.findByRole('button', { name: 'Emitir ECHEQ' }));
    const loading = await screen.findByRole('dialog', { name: 'Emitir ECHEQ' });
    expect(within(loading).getByRole('status')).toHaveTextContent('Cargando sus cuentas...');
    const root = loading.closest('.MuiDialog-root');
    answer();
    await within(loading).findByRole('combobox', { name: /Cuenta corriente/ });
    expect(screen.getByRole('dialog', { name: 'Emitir ECHEQ' })).toBe(loading);

    await fill(user, within(loading).getByRole('textbox', { name: /CUIT/ }), '30-72345678-5');
    await fill(user, within(loading).getByRole('textbox', { name: /Monto/ }), '1000');
    await user.click(within(loading).getByRole('button', { name: 'Continuar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar emisión' });
    expect(confirm.closest('.MuiDialog-root')).toBe(root);
    await user.click(within(confirm).getByRole('button', { name: 'Volver' }));
    expect(within(confirm).getByRole('textbox', { name: /Monto/ })).toHaveValue('1000');
    expect(document.querySelectorAll('.MuiDialog-root')).toHaveLength(1);
  });

  it('a DIFERIDO cheque pays 1 to 360 days after today', async () => {
    const api = setup();
    const user = userEvent.setup({ delay: null });
    renderScreen('COMPANY_USER');
    await user.click(await screen.findByRole('button', { name: 'Emitir ECHEQ' }));
    await screen.findByRole('combobox', { name: /Cuenta corriente/ });
    const dialog = screen.getByRole('dialog', { name: 'Emitir ECHEQ' });
    await fill(user, within(dialog).getByRole('textbox', { name: /CUIT/ }), '30-72345678-5');
    await fill(user, within(dialog).getByRole('textbox', { name: /Monto/ }), '1000');
    await typeDate(user, dialog, 'Fecha de pago', addDays(buenosAiresDateOf(new Date()), 400));
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(
      within(dialog).getByText('Un ECHEQ de pago diferido se paga entre 1 y 360 días después de su emisión'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirmar emisión' })).toBeNull();
    expect(api.calls.some((c) => c.key === 'POST /api/echeqs/issue')).toBe(false);
  });

  it('a COMUN cheque pays today; the preview shows everything, then 201, a notice and Emitidos', async () => {
    const api = setup();
    const user = userEvent.setup({ delay: null });
    const today = buenosAiresDateOf(new Date());
    renderScreen('COMPANY_USER');
    await user.click(await screen.findByRole('button', { name: 'Emitir ECHEQ' }));
    await screen.findByRole('combobox', { name: /Cuenta corriente/ });
    const dialog = screen.getByRole('dialog', { name: 'Emitir ECHEQ' });
    await fill(user, within(dialog).getByRole('textbox', { name: /CUIT/ }), '30-72345678-5');
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /Nombre del beneficiario/ }),
      'Beneficiario Demo S.R.L.',
    );
    await user.click(within(dialog).getByRole('combobox', { name: /Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Común' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Concepto/ }));
    await user.click(await screen.findByRole('option', { name: 'Honorarios' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Monto/ }), '150000');
    await fill(user, within(dialog).getByRole('textbox', { name: /Motivo de pago/ }), 'Honorarios de octubre');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirmar emisión' });
    const preview = within(confirm).getByLabelText('Vista previa del ECHEQ');
    for (const text of [
      'CBU 9010001800000000012345 (ARS)',
      '00000006',
      'Beneficiario Demo S.R.L. (CUIT 30-72345678-5)',
      '$ 150.000,00 ARS',
      'Común',
      'A la orden',
      'Honorarios',
      `Fecha de pago${esDate(today)}`,
      'Honorarios de octubre',
    ]) {
      expect(preview).toHaveTextContent(text);
    }
    await user.click(within(confirm).getByRole('button', { name: 'Emitir' }));
    expect(await screen.findByText(/ECHEQ N° 00000006 emitido a Beneficiario Demo S\.R\.L\./)).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/echeqs/issue')?.body).toEqual({
      account_id: ACCOUNT.id,
      beneficiary_cuit: '30723456785',
      beneficiary_name: 'Beneficiario Demo S.R.L.',
      amount: 150000,
      tipo: 'COMUN',
      caracter: 'A_LA_ORDEN',
      concepto: 'HON',
      payment_date: today,
      motivo: 'Honorarios de octubre',
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent('/echeqs?tray=emitidos'),
    );
    expect(screen.getByRole('tab', { name: 'Emitidos' })).toHaveAttribute('aria-selected', 'true');
  });
});
