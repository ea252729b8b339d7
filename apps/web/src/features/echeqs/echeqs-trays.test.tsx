import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fixtures';
import { stubPhone } from '../../test/media';
import { COUNTS, page, registryCheque, renderScreen } from './test/lifecycle-fixtures';

const cheque = registryCheque();
const ACCEPT = `POST /api/echeqs/${cheque.id}/accept`;
const REPUDIATE = `POST /api/echeqs/${cheque.id}/repudiate`;

describe("ECHEQs: a company's trays", () => {
  it('shows the trays as tabs with what awaits the user, the tab in the address, the search as q', async () => {
    const api = mockApi({
      'GET /api/echeqs': page([]),
      'GET /api/echeqs/trays/recibidos': page([cheque], { counts: COUNTS }),
      'GET /api/echeqs/trays/emitidos': page([], { counts: COUNTS }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen('BENEFICIARY');
    const tabs = await screen.findByRole('tablist', { name: 'Bandejas de ECHEQs' });
    expect(within(tabs).getByRole('tab', { name: 'Todos' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(tabs).findByRole('tab', { name: 'Recibidos, 2 pendientes' })).toBeInTheDocument();
    for (const name of ['Emitidos', 'Endosados', 'En custodia', 'Depositados', 'Historial']) {
      expect(within(tabs).getByRole('tab', { name })).toBeInTheDocument();
    }
    // 'Todos' is the specification's list with its filters.
    expect(screen.getByRole('combobox', { name: 'Estado', hidden: true })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Recibidos, 2 pendientes' }));
    expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent('/echeqs?tray=recibidos');
    const table = await screen.findByRole('table', { name: 'Recibidos' });
    const row = within(table).getByRole('row', { name: /12345678/ });
    expect(row).toHaveTextContent('$ 150.000,00 ARS');
    expect(row).toHaveTextContent('Emitido, pendiente de aceptación');
    expect(within(row).getByRole('button', { name: 'Aceptar ECHEQ 12345678' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Repudiar ECHEQ 12345678' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Estado', hidden: true })).toBeNull();
    // The tray's search goes to the server as `q`.
    await user.click(screen.getByRole('textbox', { name: 'Buscar' }));
    await user.paste('30-71234567-1');
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) =>
            c.key === 'GET /api/echeqs/trays/recibidos' &&
            new URL(c.url, 'http://x').searchParams.get('q') === '30-71234567-1',
        ),
      ).toBe(true),
    );

    await user.click(within(tabs).getByRole('tab', { name: 'Emitidos' }));
    expect(await screen.findByText('No hay ECHEQs en Emitidos')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent('/echeqs?tray=emitidos');
    expect(api.calls.some((c) => c.key === 'GET /api/echeqs/trays/emitidos')).toBe(true);
  });

  it("a bank's roles keep the whole list, without trays", async () => {
    mockApi({ 'GET /api/echeqs': page([]) });
    renderScreen('BANK_OPERATOR');
    await screen.findByText('No hay ECHEQs registrados');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it("'Todos' shows a registry cheque's COELSA state and offers no edit or delete (it moves by its operations)", async () => {
    mockApi({
      'GET /api/echeqs': page([registryCheque({ state: 'ACTIVO-PENDIENTE', actions: [] })]),
      'GET /api/echeqs/trays/recibidos': page([], { counts: COUNTS }),
    });
    renderScreen('COMPANY_USER');
    const row = within(await screen.findByRole('table', { name: 'ECHEQs' })).getByRole('row', { name: /12345678/ });
    expect(row).toHaveTextContent('Endoso pendiente de aceptación');
    expect(within(row).getByRole('button', { name: 'Ver ECHEQ 12345678' })).toBeEnabled();
    for (const name of ['Editar', 'Validar', 'Eliminar']) {
      expect(within(row).queryByRole('button', { name: `${name} ECHEQ 12345678` })).toBeNull();
    }
  });

  it("'Todos' offers a registry cheque's operations as the trays do, with the same confirmation", async () => {
    const manual = registryCheque({
      id: '7c8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
      number: '87654321',
      origin: 'MANUAL',
      state: null,
      actions: undefined,
    });
    const api = mockApi({
      'GET /api/echeqs': page([cheque, manual]),
      'GET /api/echeqs/trays/recibidos': page([], { counts: COUNTS }),
      [ACCEPT]: () => json(200, { success: true, data: { ...cheque, state: 'ACTIVO', actions: [] } }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen('COMPANY_USER');
    const table = await screen.findByRole('table', { name: 'ECHEQs' });
    const row = within(table).getByRole('row', { name: /12345678/ });
    expect(within(row).getByRole('button', { name: 'Repudiar ECHEQ 12345678' })).toBeInTheDocument();
    // A hand-registered cheque keeps the specification's actions.
    const other = within(table).getByRole('row', { name: /87654321/ });
    expect(within(other).getByRole('button', { name: 'Editar ECHEQ 87654321' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /^Aceptar/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Aceptar ECHEQ 12345678' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceptar ECHEQ N° 12345678' });
    expect(dialog).toHaveTextContent('Aceptará el ECHEQ N° 12345678 por $ 150.000,00 ARS de Empresa Demo S.A.');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('ECHEQ N° 12345678 aceptado')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === ACCEPT)?.body).toEqual({});
    // The whole list is asked again.
    await waitFor(() => expect(api.calls.filter((c) => c.key === 'GET /api/echeqs').length).toBe(2));
  });

  it("'Todos' on a phone: a registry cheque's operations in its card's menu; none for a reader", async () => {
    stubPhone();
    mockApi({
      'GET /api/echeqs': page([cheque]),
      'GET /api/echeqs/trays/recibidos': page([], { counts: COUNTS }),
    });
    const user = userEvent.setup({ delay: null });
    const view = renderScreen('BENEFICIARY');
    const card = within(await screen.findByRole('list', { name: 'ECHEQs' })).getByRole('listitem');
    await user.click(within(card).getByRole('button', { name: 'Operaciones del ECHEQ 12345678' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Aceptar', 'Repudiar']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Repudiar' }));
    expect(await screen.findByRole('dialog', { name: 'Repudiar ECHEQ N° 12345678' })).toBeInTheDocument();
    view.unmount();

    renderScreen('GUARANTOR');
    const read = within(await screen.findByRole('list', { name: 'ECHEQs' })).getByRole('listitem');
    expect(within(read).getByRole('button', { name: 'Ver ECHEQ 12345678' })).toBeInTheDocument();
    expect(within(read).queryByRole('button', { name: /Operaciones/ })).toBeNull();
  });

  it('a row being updated shows Actualizando and no operation; a party known by CUIT only reads as a CUIT', async () => {
    mockApi({
      'GET /api/echeqs/trays/recibidos': page([registryCheque({ syncing: true, beneficiary: '30723456785' })], {
        counts: COUNTS,
      }),
    });
    renderScreen('BENEFICIARY', '/echeqs?tray=recibidos');
    const row = within(await screen.findByRole('table', { name: 'Recibidos' })).getByRole('row', { name: /12345678/ });
    expect(row).toHaveTextContent('Actualizando');
    // A party the cheque knows only by CUIT reads as one.
    expect(row).toHaveTextContent('CUIT 30-72345678-5');
    expect(within(row).queryByRole('button', { name: /Aceptar/ })).toBeNull();
  });

  it('accepting: the confirmation says what will happen, then the call and a notice', async () => {
    const api = mockApi({
      'GET /api/echeqs/trays/recibidos': page([cheque], { counts: COUNTS }),
      [ACCEPT]: () => json(200, { success: true, data: { ...cheque, state: 'ACTIVO', actions: [] } }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen('BENEFICIARY', '/echeqs?tray=recibidos');
    await user.click(await screen.findByRole('button', { name: 'Aceptar ECHEQ 12345678' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceptar ECHEQ N° 12345678' });
    expect(dialog).toHaveTextContent(
      'Aceptará el ECHEQ N° 12345678 por $ 150.000,00 ARS de Empresa Demo S.A. Pasará a ser su tenedor.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('ECHEQ N° 12345678 aceptado')).toBeInTheDocument();
    const call = api.calls.find((c) => c.key === ACCEPT);
    expect(call?.body).toEqual({});
    // The trays and their counts are asked again.
    await waitFor(() => expect(api.calls.filter((c) => c.key === 'GET /api/echeqs/trays/recibidos').length).toBe(2));
  });

  it("repudiating asks for the motivo, sends it, and shows the server's refusal in the dialog", async () => {
    let answer = () =>
      json(409, {
        success: false,
        code: 'INVALID_TRANSITION',
        message: 'El ECHEQ está en estado ACTIVO: no puede repudiarse',
      });
    const api = mockApi({
      'GET /api/echeqs/trays/recibidos': page([cheque], { counts: COUNTS }),
      [REPUDIATE]: () => answer(),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen('BENEFICIARY', '/echeqs?tray=recibidos');
    await user.click(await screen.findByRole('button', { name: 'Repudiar ECHEQ 12345678' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repudiar ECHEQ N° 12345678' });
    await user.click(within(dialog).getByRole('button', { name: 'Repudiar' }));
    expect(within(dialog).getByText('Indique el motivo')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === REPUDIATE)).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'No corresponde a ninguna factura');
    await user.click(within(dialog).getByRole('button', { name: 'Repudiar' }));
    expect(await within(dialog).findByText('El ECHEQ está en estado ACTIVO: no puede repudiarse')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === REPUDIATE)?.body).toEqual({ motivo: 'No corresponde a ninguna factura' });

    // 202: the registry has not answered yet.
    answer = () => json(202, { success: true, data: { ...cheque, syncing: true, actions: [] } });
    await user.click(within(dialog).getByRole('button', { name: 'Repudiar' }));
    expect(await screen.findByText(/ECHEQ N° 12345678: la operación se está procesando/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('endorsing: the endorsee CUIT is checked, the preview names it, the body carries it', async () => {
    const active = registryCheque({ state: 'ACTIVO', actions: ['ENDORSE', 'CUSTODY'] });
    const ENDORSE = `POST /api/echeqs/${active.id}/endorse`;
    const api = mockApi({
      'GET /api/echeqs/trays/recibidos': page([active], { counts: COUNTS }),
      [ENDORSE]: () => json(200, { success: true, data: { ...active, state: 'ACTIVO-PENDIENTE', actions: [] } }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen('BENEFICIARY', '/echeqs?tray=recibidos');
    await user.click(await screen.findByRole('button', { name: 'Endosar ECHEQ 12345678' }));
    const dialog = await screen.findByRole('dialog', { name: 'Endosar ECHEQ N° 12345678' });
    const cuit = within(dialog).getByRole('textbox', { name: /CUIT/ });
    await user.type(cuit, '30-75678901-0');
    await user.click(within(dialog).getByRole('button', { name: 'Endosar' }));
    expect(within(dialog).getByText('CUIT inválido')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === ENDORSE)).toBe(false);

    await user.clear(cuit);
    await user.type(cuit, '30-75678901-1');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Nombre del endosatario/ }),
      'Distribuidora Norte S.A.',
    );
    expect(within(dialog).getByLabelText('Vista previa del endoso')).toHaveTextContent(
      'Endosará el ECHEQ N° 12345678 por $ 150.000,00 ARS a Distribuidora Norte S.A. (CUIT 30-75678901-1).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Endosar' }));
    expect(await screen.findByText(/ECHEQ N° 12345678 endosado/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === ENDORSE)?.body).toEqual({
      endorsee_cuit: '30756789011',
      endorsee_name: 'Distribuidora Norte S.A.',
    });
  });
});
