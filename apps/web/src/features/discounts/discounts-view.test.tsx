import type { Custody, Discount, Role } from '@echeq/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, signInStored } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ID = {
  pending: '3f2a9c4e-1b7d-4e8a-9c0f-5a6b7c8d9e01',
  approved: '8b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d02',
  orphan: 'c0ffee00-1111-4222-8333-444455556603',
  echeq1: 'e1e1e1e1-aaaa-4bbb-8ccc-ddddeeeeff01',
  echeq2: 'e2e2e2e2-aaaa-4bbb-8ccc-ddddeeeeff02',
  echeq3: 'e3e3e3e3-aaaa-4bbb-8ccc-ddddeeeeff03',
};

function discount(over: Partial<Discount> = {}): Discount {
  return {
    id: ID.pending,
    echeq_id: ID.echeq1,
    echeq: {
      id: ID.echeq1,
      number: '71001007',
      amount: 1250000,
      currency: 'ARS',
      due_date: '2030-01-05',
      issuer: 'Librador S.A.',
      beneficiary: 'Empresa Demo S.A.',
    },
    requested_amount: 625000,
    approved_amount: null,
    rate: null,
    days: null,
    status: 'PENDING',
    requested_at: '2026-11-21T13:00:00.000Z',
    approved_at: null,
    rejected_at: null,
    cancelled_at: null,
    completed_at: null,
    notes: 'Capital de trabajo',
    rejection_reason: null,
    company_name: 'Empresa Demo S.A.',
    version: 1,
    ...over,
  };
}

const ROWS: Discount[] = [
  discount(),
  discount({
    id: ID.approved,
    echeq_id: ID.echeq2,
    echeq: { ...discount().echeq!, id: ID.echeq2, number: '71001049', amount: 560000 },
    requested_amount: 100000,
    approved_amount: 96301.37,
    rate: 0.45,
    days: 30,
    status: 'APPROVED',
    approved_at: '2026-11-22T14:30:00.000Z',
    version: 2,
  }),
  discount({ id: ID.orphan, echeq: null, status: 'REJECTED', rejection_reason: 'Rechazado por el administrador' }),
];

function custody(echeqId: string, number: string, amount: number, beneficiary: string, due = '2030-02-01'): Custody {
  return {
    id: `${echeqId.slice(0, 30)}000000`,
    status: 'IN_CUSTODY',
    custody_date: '2026-11-01T12:00:00.000Z',
    release_date: null,
    release_reason: null,
    notes: null,
    presentation_deadline: '2030-03-03',
    echeq_id: echeqId,
    company_name: 'Empresa Demo S.A.',
    echeq: {
      id: echeqId,
      number,
      amount,
      currency: 'ARS',
      issuer: 'Librador S.A.',
      beneficiary,
      issue_date: '2026-10-01',
      due_date: due,
      status: 'ACTIVE',
      validation_status: 'VALIDATED',
      discounted_at: null,
    },
    version: 1,
  } as Custody;
}

const unvalidated = custody('0f0e0d0c-0b0a-4908-8706-050403020100', '71001091', 90000, 'Proveedor Cuatro S.A.');
unvalidated.echeq.validation_status = 'PENDING';

const CUSTODY = [
  custody(ID.echeq1, '71001007', 1250000, 'Proveedor Uno S.A.'),
  custody(ID.echeq3, '71001084', 675000, 'Proveedor Tres S.R.L.'),
  unvalidated,
];

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (c: Call) => Response | Promise<Response>;

/** A fetch stub that records method, path, query and body, answering from `handlers` ('GET /api/discounts'). */
function stubApi(role: Role, handlers: Record<string, Handler> = {}) {
  const user = makeUser(role, role === 'BANK_ADMIN' ? {} : { email: 'emisor@empresa.example' });
  signInStored(user);
  const calls: Call[] = [];
  const page = (data: unknown[], c: Call) =>
    json(200, {
      success: true,
      data: {
        data,
        page: Number(c.query.get('page') ?? 1),
        limit: Number(c.query.get('limit') ?? 10),
        total: data.length,
      },
    });
  const defaults: Record<string, Handler> = {
    'GET /api/auth/profile': () => json(200, { success: true, data: user }),
    'GET /api/discounts': (c) => {
      const status = c.query.get('status');
      return page(status ? ROWS.filter((r) => r.status === status) : ROWS, c);
    },
    'GET /api/echeqs/custody': (c) => page(CUSTODY, c),
    [`GET /api/discounts/${ID.pending}/quote`]: () =>
      json(200, {
        success: true,
        data: {
          discount_id: ID.pending,
          currency: 'ARS',
          requested_amount: 625000,
          rate: 0.45,
          days: 40,
          discount_amount: 30821.92,
          approved_amount: 594178.08,
          approval_date: '2026-11-25',
          due_date: '2027-01-04',
        },
      }),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const handler = handlers[key] ?? defaults[key];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', message: 'Recurso no encontrado' });
    return handler(call);
  });
  return { calls, user };
}

async function openScreen() {
  const app = renderApp('/discounts');
  await screen.findByRole('heading', { level: 1, name: 'Descuentos de ECHEQs' });
  await screen.findByRole('table', { name: 'Descuentos' });
  return app;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Descuentos de ECHEQs', () => {
  it('loads discounts and custody together and shows the list columns', async () => {
    const { calls } = stubApi('COMPANY_USER');
    await openScreen();
    const list = calls.find((c) => c.path === '/api/discounts');
    const custodyCall = calls.find((c) => c.path === '/api/echeqs/custody');
    expect(list?.query.get('page')).toBe('1');
    expect(list?.query.get('limit')).toBe('10');
    expect(custodyCall?.query.get('status')).toBe('IN_CUSTODY');
    expect(custodyCall?.query.get('limit')).toBe('100');

    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'ID',
      'ECHEQ',
      'Monto Solicitado',
      'Monto Aprobado',
      'Tasa',
      'Estado',
      'Fecha Solicitud',
      'Acciones',
    ]);
    const approved = rowOf('8b1c2d3e...');
    expect(approved).toHaveTextContent('71001049');
    expect(approved).toHaveTextContent('$ 560.000,00 ARS');
    expect(approved).toHaveTextContent('$ 100.000,00 ARS');
    expect(approved).toHaveTextContent('$ 96.301,37 ARS');
    // approved / requested = 96,30 %
    expect(approved).toHaveTextContent('96,30%');
    expect(approved).toHaveTextContent('Aprobado');
    const pending = rowOf('3f2a9c4e...');
    expect(pending).toHaveTextContent('Pendiente');
    expect(within(pending).getAllByText('-')).toHaveLength(2);
    expect(pending).toHaveTextContent('21/11/2026');
    expect(rowOf('c0ffee00...')).toHaveTextContent('N/A');
  });

  it('a company user may request (button and floating button) and cancel pending ones; no decisions', async () => {
    stubApi('COMPANY_USER');
    await openScreen();
    const buttons = screen.getAllByRole('button', { name: 'Solicitar Descuento' });
    expect(buttons).toHaveLength(2);
    for (const b of buttons) expect(b).toBeEnabled();
    expect(buttons.some((b) => b.classList.contains('MuiFab-root'))).toBe(true);
    const pending = rowOf('3f2a9c4e...');
    expect(within(pending).getByRole('button', { name: /^Cancelar descuento/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Modificar descuento/ })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /^Aprobar/ })).toBeNull();
    expect(within(rowOf('8b1c2d3e...')).queryByRole('button', { name: /^Cancelar/ })).toBeNull();
  });

  it('a bank admin approves and completes; the request button is disabled and there is no floating button', async () => {
    const { calls } = stubApi('BANK_ADMIN', {
      'PUT /api/discounts/3f2a9c4e-1b7d-4e8a-9c0f-5a6b7c8d9e01/approve': () =>
        json(200, { success: true, data: { ...ROWS[1], id: ID.pending, approved_amount: 601917.81 } }),
      'PUT /api/discounts/8b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d02/complete': () =>
        json(200, { success: true, data: { ...ROWS[1], status: 'COMPLETED' } }),
    });
    await openScreen();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Solicitar Descuento' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: 'Solicitar Descuento' })).toHaveLength(1);

    await user.click(within(rowOf('3f2a9c4e...')).getByRole('button', { name: /^Aprobar descuento/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar descuento' });
    // The server's figures before the click: rate, days, discount and net.
    const figures = await within(dialog).findByLabelText('Cálculo del descuento');
    expect(figures).toHaveTextContent('Monto solicitado$ 625.000,00 ARS');
    expect(figures).toHaveTextContent('TNA del banco45,00%');
    expect(figures).toHaveTextContent('Días hasta el vencimiento40');
    expect(figures).toHaveTextContent('Descuento$ 30.821,92 ARS');
    expect(figures).toHaveTextContent('Monto neto a acreditar$ 594.178,08 ARS');
    expect(figures).toHaveTextContent('Calculado al 25/11/2026');
    expect(dialog).toHaveTextContent('Empresa Demo S.A.');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Descuento aprobado. Monto aprobado: $ 601.917,81 ARS')).toBeInTheDocument();
    const approve = calls.find((c) => c.path.endsWith('/approve'));
    expect(approve?.method).toBe('PUT');

    await user.click(within(rowOf('8b1c2d3e...')).getByRole('button', { name: /^Completar descuento/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Completar descuento' })).getByRole('button', {
        name: 'Completar',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/complete'))).toBe(true));
  });

  it('the approve dialog says why it cannot price a discount and keeps Aprobar off', async () => {
    stubApi('BANK_ADMIN', {
      [`GET /api/discounts/${ID.pending}/quote`]: () =>
        json(409, {
          success: false,
          code: 'CONFLICT',
          message: 'El ECHEQ ya venció o vence hoy: no puede descontarse',
        }),
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(within(rowOf('3f2a9c4e...')).getByRole('button', { name: /^Aprobar descuento/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar descuento' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El ECHEQ ya venció o vence hoy');
    expect(within(dialog).getByRole('button', { name: 'Aprobar' })).toBeDisabled();
  });

  it('bank staff see the requesting company beside the ID; a company does not', async () => {
    stubApi('BANK_ADMIN');
    await openScreen();
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // The first column holds the bulk selection's checkbox (who decides chooses pending rows).
    expect(headers.slice(0, 4)).toEqual(['', 'ID', 'Empresa', 'ECHEQ']);
    expect(rowOf('3f2a9c4e...')).toHaveTextContent('Empresa Demo S.A.');
  });

  it('reject offers the usual reasons or the admin’s own words', async () => {
    const { calls } = stubApi('BANK_ADMIN', {
      'PUT /api/discounts/3f2a9c4e-1b7d-4e8a-9c0f-5a6b7c8d9e01/reject': (c) =>
        json(200, {
          success: true,
          data: { ...ROWS[0], status: 'REJECTED', rejection_reason: (c.body as any).rejection_reason },
        }),
    });
    await openScreen();
    const user = userEvent.setup();
    const open = async () => {
      await user.click(within(rowOf('3f2a9c4e...')).getByRole('button', { name: /^Rechazar descuento/ }));
      return screen.findByRole('dialog', { name: 'Rechazar descuento' });
    };
    let dialog = await open();
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons[0]).toHaveAccessibleName('Rechazado por el administrador');
    expect(reasons.length).toBeGreaterThan(3);
    await user.click(within(dialog).getByRole('radio', { name: 'Documentación incompleta o inconsistente' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/reject')).at(-1)?.body).toEqual({
        rejection_reason: 'Documentación incompleta o inconsistente',
      }),
    );
    dialog = await open();
    await user.click(within(dialog).getByRole('radio', { name: 'Otro motivo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(within(dialog).getByText('Indique el motivo del rechazo')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Otro motivo/ }), '  Falta el aval  ');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/reject')).at(-1)?.body).toEqual({
        rejection_reason: 'Falta el aval',
      }),
    );
  });

  it("reject sends 'Rechazado por el administrador' unless the admin changes it", async () => {
    const { calls } = stubApi('BANK_ADMIN', {
      'PUT /api/discounts/3f2a9c4e-1b7d-4e8a-9c0f-5a6b7c8d9e01/reject': (c) =>
        json(200, {
          success: true,
          data: { ...ROWS[0], status: 'REJECTED', rejection_reason: (c.body as any).rejection_reason },
        }),
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(within(rowOf('3f2a9c4e...')).getByRole('button', { name: /^Rechazar descuento/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar descuento' });
    expect(within(dialog).getByRole('radio', { name: 'Rechazado por el administrador' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await screen.findByText('Descuento rechazado');
    const reject = calls.find((c) => c.path.endsWith('/reject'));
    expect(reject?.body).toEqual({ rejection_reason: 'Rechazado por el administrador' });
  });

  it('shows the specification messages with the server message when an action fails', async () => {
    stubApi('BANK_ADMIN', {
      'PUT /api/discounts/3f2a9c4e-1b7d-4e8a-9c0f-5a6b7c8d9e01/approve': () =>
        json(409, {
          success: false,
          code: 'INVALID_TRANSITION',
          message: 'No se puede aprobar un descuento en estado Cancelado (solo en estado Pendiente)',
        }),
      'PUT /api/discounts/3f2a9c4e-1b7d-4e8a-9c0f-5a6b7c8d9e01/cancel': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(within(rowOf('3f2a9c4e...')).getByRole('button', { name: /^Aprobar descuento/ }));
    const approveDialog = await screen.findByRole('dialog');
    await within(approveDialog).findByLabelText('Cálculo del descuento');
    await user.click(within(approveDialog).getByRole('button', { name: 'Aprobar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al aprobar el descuento');
    expect(alert).toHaveTextContent('No se puede aprobar un descuento en estado Cancelado');

    await user.click(within(rowOf('3f2a9c4e...')).getByRole('button', { name: /^Cancelar descuento/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar solicitud' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error al cancelar el descuento'));
  });

  it("shows 'Error al cargar los datos' when either load fails, and retries", async () => {
    let fail = true;
    stubApi('COMPANY_USER', {
      'GET /api/echeqs/custody': () =>
        fail
          ? json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Error interno del servidor' })
          : json(200, { success: true, data: { data: CUSTODY, page: 1, limit: 100, total: 2 } }),
    });
    renderApp('/discounts');
    expect(await screen.findByText('Error al cargar los datos', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Descuentos' })).toBeInTheDocument();
  });

  it('filters by status (Todos and the five statuses) and searches on the server', async () => {
    const { calls } = stubApi('BANK_ADMIN');
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Todos', 'Pendiente', 'Aprobado', 'Rechazado', 'Cancelado', 'Completado']);
    await user.click(screen.getByRole('option', { name: 'Completado' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/discounts' && c.query.get('status') === 'COMPLETED')).toBe(true),
    );
    expect(await screen.findByText('No hay descuentos que coincidan con la búsqueda')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Buscar'), '71001049');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/discounts' && c.query.get('search') === '71001049')).toBe(true),
    );
  });

  it('toggles between the list and the grid', async () => {
    stubApi('COMPANY_USER');
    await openScreen();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Vista de lista' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Vista de tarjetas' }));
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Descuentos' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[1]).toHaveTextContent('96,30%');
    expect(cards[2]).toHaveTextContent('ECHEQ N/A');
  });

  it('the details dialog shows every field; the applied rate is rate × 100', async () => {
    stubApi('COMPANY_USER');
    await openScreen();
    await userEvent.setup().click(within(rowOf('8b1c2d3e...')).getByRole('button', { name: /^Ver detalles/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Descuento' });
    for (const text of [
      ID.approved,
      'Aprobado',
      '$ 100.000,00 ARS',
      '$ 96.301,37 ARS',
      '45,00%',
      '30',
      '21/11/2026 10:00',
      '22/11/2026 11:30',
      'Capital de trabajo',
      'Motivo de rechazo',
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
  });

  it("says what the list's 'Tasa' is and names the detail's rate 'TNA aplicada'", async () => {
    stubApi('COMPANY_USER');
    await openScreen();
    const header = within(screen.getByRole('table')).getByText('Tasa');
    expect(header).toHaveAccessibleDescription(/monto aprobado ÷ monto solicitado/);
    expect(screen.getByText(/^Tasa: monto aprobado ÷ monto solicitado\./)).toBeVisible();
    const user = userEvent.setup();
    await user.hover(header);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('monto aprobado ÷ monto solicitado');
    await user.click(within(rowOf('8b1c2d3e...')).getByRole('button', { name: /^Ver detalles/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Descuento' });
    expect(within(dialog).getByText('TNA aplicada')).toBeVisible();
    expect(within(dialog).queryByText('Tasa aplicada')).toBeNull();
  });

  it("beside the details' 'Cerrar' the withdrawal reads 'Cancelar solicitud', never a bare 'Cancelar'", async () => {
    stubApi('COMPANY_USER');
    await openScreen();
    const user = userEvent.setup();
    await user.click(within(rowOf('3f2a9c4e...')).getByRole('button', { name: /^Ver detalles/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del Descuento' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar solicitud' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).toBeNull();
  });

  it("a disabled 'Solicitar Descuento' says why in its tooltip; bank staff get no floating button", async () => {
    stubApi('BANK_ADMIN');
    await openScreen();
    const button = screen.getByRole('button', { name: 'Solicitar Descuento' });
    expect(button).toBeDisabled();
    expect(document.querySelector('.MuiFab-root')).toBeNull();
    await userEvent.setup().hover(button.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Solo los usuarios de una empresa solicitan descuentos',
    );
  });

  it('the request dialog lists the cheques in custody, validates the amount and sends a number', async () => {
    const { calls } = stubApi('COMPANY_USER', {
      'POST /api/discounts': () =>
        json(200, {
          success: true,
          data: discount({ id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', echeq_id: ID.echeq3 }),
        }),
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Solicitar Descuento' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar Descuento' });
    expect(dialog).toHaveTextContent('Ingrese el monto que desea descontar del ECHEQ');
    expect(dialog).toHaveTextContent('Información adicional sobre la solicitud');

    await user.click(within(dialog).getByRole('combobox', { name: /ECHEQ en custodia/ }));
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('N° 71001007');
    expect(options[0]).toHaveTextContent('$ 1.250.000,00 ARS');
    expect(options[0]).toHaveTextContent('Proveedor Uno S.A.');
    // 71001007 already has a PENDING discount (from the list of open ones): offered but disabled.
    await waitFor(() => expect(options[0]).toHaveAttribute('aria-disabled', 'true'));
    expect(options[0]).toHaveTextContent('Descuento pendiente');
    // A cheque not validated by the clearing house as it is now: offered but disabled, and said why.
    expect(options[2]).toHaveAttribute('aria-disabled', 'true');
    expect(options[2]).toHaveTextContent('Sin validar por COELSA');
    await user.click(screen.getByRole('option', { name: /71001084/ }));

    const amount = within(dialog).getByLabelText(/Monto a descontar/);
    await user.type(amount, '675000,01');
    await user.click(within(dialog).getByRole('button', { name: 'Solicitar' }));
    expect(dialog).toHaveTextContent('El monto no puede superar el del ECHEQ ($ 675.000,00 ARS)');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Solicitar' }));
    expect(dialog).toHaveTextContent('El monto debe ser mayor que cero');

    await user.clear(amount);
    await user.type(amount, '500.000,50');
    await user.type(within(dialog).getByLabelText('Notas'), 'Pago a proveedores');
    await user.click(within(dialog).getByRole('button', { name: 'Solicitar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/discounts');
    expect(post?.body).toEqual({ echeq_id: ID.echeq3, requested_amount: 500000.5, notes: 'Pago a proveedores' });
    expect(await screen.findByText('Solicitud de descuento enviada')).toBeInTheDocument();
  });

  it("a refused request shows 'Error al guardar el descuento' with the server's reason", async () => {
    stubApi('COMPANY_USER', {
      'POST /api/discounts': () =>
        json(409, { success: false, code: 'CONFLICT', message: 'El ECHEQ ya tiene un descuento pendiente o aprobado' }),
    });
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Solicitar Descuento' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar Descuento' });
    await user.click(within(dialog).getByRole('combobox', { name: /ECHEQ en custodia/ }));
    await user.click(await screen.findByRole('option', { name: /71001084/ }));
    await user.type(within(dialog).getByLabelText(/Monto a descontar/), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Solicitar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar el descuento');
    expect(alert).toHaveTextContent('El ECHEQ ya tiene un descuento pendiente o aprobado');
  });

  it('sorts by the requested amount header and by the select, filters by amount, all on the server and in the address', async () => {
    const { calls } = stubApi('BANK_ADMIN');
    const user = userEvent.setup();
    const { router } = await openScreen();
    const last = () => calls.filter((c) => c.path === '/api/discounts').at(-1)!.query;
    await user.click(screen.getByRole('button', { name: 'Monto Solicitado' }));
    await waitFor(() => expect(last().get('sort')).toBe('amount'));
    await user.click(screen.getByLabelText('Ordenar por'));
    await user.click(await screen.findByRole('option', { name: 'Fecha de solicitud ↑' }));
    await waitFor(() => expect(last().get('sort')).toBe('requested_at'));
    await user.type(screen.getByRole('textbox', { name: 'Monto máximo' }), '600.000{Enter}');
    await waitFor(() => expect(last().get('amount_max')).toBe('600000'));
    expect(router.state.location.search).toBe('?sort=requested_at&amount_max=600000');
  });
});
