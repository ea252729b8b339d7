import type { Echeq, Role } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { EcheqsView } from './echeqs-view';

function echeq(overrides: Partial<Echeq> = {}): Echeq {
  return {
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
    tenant_id: '2b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    custody_status: null,
    discounted_at: null,
    version: 3,
    created_at: '2025-03-05T15:00:00.000Z',
    updated_at: '2025-03-05T15:00:00.000Z',
    ...overrides,
  };
}

const COMPANY: Role = 'COMPANY_USER';

const list =
  (rows: Echeq[], total = rows.length) =>
  () =>
    json(200, { success: true, data: { data: rows, page: 1, limit: 10, total } });

function renderView(role: Role = 'COMPANY_USER', clearingReady: boolean | null = true, path = '/echeqs') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <EcheqsView role={role} clearingReady={clearingReady} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, digits: string) {
  const group = within(scope).getByRole('group', { name: new RegExp(label) });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
}

describe('Gestión de ECHEQs', () => {
  it('the address opens a cheque: from the page, else asked by its id; one that does not exist opens nothing', async () => {
    const onPage = echeq();
    const other = echeq({ id: '00000000-0000-4000-8000-0000000000aa', number: '88001234' });
    const api = mockApi({
      'GET /api/echeqs': list([onPage]),
      [`GET /api/echeqs/${other.id}`]: () => json(200, { success: true, data: other }),
    });
    const first = renderView('COMPANY_USER', true, `/echeqs?status=ACTIVE&detail=${onPage.id}`);
    expect(await screen.findByRole('dialog', { name: /71001014/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estado', hidden: true })).toHaveTextContent('Activo');
    first.unmount();

    const second = renderView('COMPANY_USER', true, `/echeqs?detail=${other.id}`);
    expect(await screen.findByRole('dialog', { name: /88001234/ })).toBeInTheDocument();
    second.unmount();

    renderView('COMPANY_USER', true, '/echeqs?detail=00000000-0000-4000-8000-0000000000bb');
    await screen.findByRole('table', { name: 'ECHEQs' });
    await waitFor(() =>
      expect(api.calls.some((c) => c.key === 'GET /api/echeqs/00000000-0000-4000-8000-0000000000bb')).toBe(true),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists every column with amounts and dates in es-AR', async () => {
    mockApi({
      'GET /api/echeqs': list([echeq({ validation_status: 'VALIDATED', status: 'PAID' })], 31),
    });
    renderView();
    const table = await screen.findByRole('table', { name: 'ECHEQs' });
    for (const h of [
      'Número',
      'Monto',
      'Emisor',
      'Beneficiario',
      'Fecha Emisión',
      'Fecha Vencimiento',
      'Estado',
      'Validación',
      'Acciones',
    ]) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    expect(within(table).getByText('$ 1.234,56 ARS')).toBeInTheDocument();
    expect(within(table).getByText('05/03/2025')).toBeInTheDocument();
    expect(within(table).getByText('Pagado')).toBeInTheDocument();
    expect(within(table).getByText('Validado')).toBeInTheDocument();
    expect(screen.getByText('1–10 de 31')).toBeInTheDocument();
    for (const b of screen.getAllByRole('button', { name: 'Nuevo ECHEQ' })) expect(b).toBeEnabled();
  });

  it("a failed load shows 'Error al cargar los ECHEQs' and no rows", async () => {
    mockApi({
      'GET /api/echeqs': () => json(400, { success: false, code: 'VALIDATION_ERROR', message: 'x' }),
    });
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los ECHEQs');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('without a clearing house: the warning, and creation and editing blocked', async () => {
    mockApi({
      'GET /api/echeqs': list([echeq()]),
    });
    const user = userEvent.setup({ delay: null });
    renderView('COMPANY_USER', false);
    expect(await screen.findByText(/^Funcionalidad limitada: COELSA no está configurado/)).toBeInTheDocument();
    const fab = screen.getAllByRole('button', { name: 'Nuevo ECHEQ' });
    expect(fab).toHaveLength(2);
    for (const b of fab) expect(b).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Editar ECHEQ 71001014' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Ver ECHEQ 71001014' }));
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Editar' })).toBeDisabled();
    expect(screen.getAllByText(/COELSA no está configurado/).length).toBeGreaterThan(0);
  });

  it('creates a cheque: required fields checked, amount sent as a number', async () => {
    const { calls } = mockApi({
      'GET /api/echeqs': list([]),
      'POST /api/echeqs': ({ body }) =>
        json(200, { success: true, data: echeq({ ...(body as object), id: echeq().id }) }),
    });
    const user = userEvent.setup({ delay: null });
    renderView();
    expect(await screen.findByText('No hay ECHEQs registrados')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Nuevo ECHEQ' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo ECHEQ' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(within(dialog).getByText('Ingrese el número')).toBeInTheDocument();
    expect(within(dialog).getByText('Ingrese el monto')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/echeqs')).toBe(false);
    await user.type(within(dialog).getByLabelText(/^Número/), '100');
    await user.type(within(dialog).getByLabelText(/^Monto/), '2500,75');
    // Each keystroke renders the whole form again (two date pickers, eight fields), some 100–250 ms in jsdom on a busy
    // machine: the names are pasted, one change each, as the number, the amount and the dates are typed key by key.
    await user.click(within(dialog).getByLabelText(/^Emisor/));
    await user.paste('Molinos Tandil S.A.');
    await user.click(within(dialog).getByLabelText(/^Beneficiario/));
    await user.paste('Empresa Demo S.A.');
    await typeDate(user, dialog, 'Fecha de Emisión', '05032025');
    await typeDate(user, dialog, 'Fecha de Vencimiento', '05062025');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/echeqs')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/echeqs')!.body).toEqual({
      number: '100',
      amount: 2500.75,
      currency: 'ARS',
      issue_date: '2025-03-05',
      due_date: '2025-06-05',
      issuer: 'Molinos Tandil S.A.',
      beneficiary: 'Empresa Demo S.A.',
      status: 'ACTIVE',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    [503, 'COELSA_NOT_CONFIGURED', 'x', 'COELSA no está configurado. Contacte al administrador del sistema.'],
    [503, 'COELSA_NOT_AVAILABLE', 'x', 'COELSA no está disponible en este momento. Intente más tarde.'],
    [503, 'SANDBOX_NOT_CONFIGURED', 'x', 'El sandbox de COELSA no está configurado. Contacte al administrador.'],
    [503, 'OTHER', '', 'Error de configuración de COELSA'],
    [
      409,
      'CONFLICT',
      'El registro fue modificado por otra operación.',
      'El registro fue modificado por otra operación.',
    ],
    [500, 'INTERNAL_ERROR', '', 'Error al guardar el ECHEQ'],
  ])('editing: a %s %s answer reads %s; the number is locked', async (status, code, message, expected) => {
    const e = echeq();
    const { calls } = mockApi({
      'GET /api/echeqs': list([e]),
      [`PUT /api/echeqs/${e.id}`]: () => json(status, { success: false, code, message }),
    });
    const user = userEvent.setup({ delay: null });
    renderView('BANK_ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Editar ECHEQ 71001014' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar ECHEQ N° 71001014' });
    expect(within(dialog).getByLabelText(/^Número/)).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/^Monto/));
    await user.type(within(dialog).getByLabelText(/^Monto/), '99.5');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(expected);
    const body = calls.find((c) => c.key.startsWith('PUT'))!.body as Record<string, unknown>;
    expect(body).toMatchObject({ amount: 99.5, version: 3 });
    expect(body).not.toHaveProperty('number');
  });

  it('a cheque in custody or discounted by the bank offers no edit or delete, and says why', async () => {
    const inCustody = echeq({
      number: 'C-1',
      id: '00000000-0000-4000-8000-000000000001',
      custody_status: 'IN_CUSTODY',
    });
    const discounted = echeq({
      number: 'D-1',
      id: '00000000-0000-4000-8000-000000000002',
      custody_status: 'EXPIRED',
      status: 'EXPIRED',
      discounted_at: '2025-03-06T15:00:00.000Z',
    });
    const free = echeq({ number: 'F-1', id: '00000000-0000-4000-8000-000000000003', custody_status: 'RELEASED' });
    mockApi({ 'GET /api/echeqs': list([inCustody, discounted, free]) });
    const user = userEvent.setup({ delay: null });
    renderView('BANK_ADMIN');
    for (const n of ['C-1', 'D-1']) {
      expect(await screen.findByRole('button', { name: `Editar ECHEQ ${n}` })).toBeDisabled();
      expect(screen.getByRole('button', { name: `Eliminar ECHEQ ${n}` })).toBeDisabled();
      expect(screen.getByRole('button', { name: `Validar ECHEQ ${n}` })).toBeEnabled();
    }
    expect(screen.getByText('Descontado por el banco')).toBeInTheDocument();
    expect(screen.getByText('En custodia')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar ECHEQ F-1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Eliminar ECHEQ F-1' })).toBeEnabled();
    const editC = screen.getByRole('button', { name: 'Editar ECHEQ C-1' }).parentElement!;
    await user.hover(editC);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'En custodia: solo cambia mediante operaciones de custodia y descuento',
    );
    await user.unhover(editC);
    await user.hover(screen.getByRole('button', { name: 'Editar ECHEQ D-1' }).parentElement!);
    await waitFor(() =>
      expect(screen.getByRole('tooltip')).toHaveTextContent('Descontado por el banco: ya no puede modificarse'),
    );
    await user.click(screen.getByRole('button', { name: 'Ver ECHEQ D-1' }));
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Editar' })).toBeDisabled();
  });

  it('editing a validated cheque warns it goes back to pending; the server’s refusal is shown as written', async () => {
    const e = echeq({ validation_status: 'VALIDATED' });
    const message =
      'El ECHEQ fue descontado por el banco: desde la aprobación del descuento le pertenece y no puede modificarse, cancelarse ni eliminarse';
    mockApi({
      'GET /api/echeqs': list([e]),
      [`PUT /api/echeqs/${e.id}`]: () => json(409, { success: false, code: 'INVALID_TRANSITION', message }),
    });
    const user = userEvent.setup({ delay: null });
    renderView('COMPANY_USER');
    await user.click(await screen.findByRole('button', { name: 'Editar ECHEQ 71001014' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar ECHEQ N° 71001014' });
    expect(dialog).toHaveTextContent('volverá a quedar pendiente de validación por COELSA');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('a new cheque can start Activo or Cancelado, never Pagado or Vencido', async () => {
    mockApi({ 'GET /api/echeqs': list([]) });
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click((await screen.findAllByRole('button', { name: 'Nuevo ECHEQ' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo ECHEQ' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Estado' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Activo', 'Cancelado']);
  });

  it("a new ECHEQ proposes the user's company as 'Emisor' and takes only digits as its number", async () => {
    mockApi({ 'GET /api/echeqs': list([]) });
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <EcheqsView role={COMPANY} clearingReady ownCompany={{ name: 'Empresa Demo S.A.', cuit: '30712345671' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No hay ECHEQs registrados')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Nuevo ECHEQ' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo ECHEQ' });
    expect(within(dialog).getByLabelText(/^Emisor/)).toHaveValue('Empresa Demo S.A.');
    expect(within(dialog).getByLabelText(/^CUIT del emisor/)).toHaveValue('30-71234567-1');
    const number = within(dialog).getByLabelText(/^Número/);
    expect(number).toHaveAttribute('inputmode', 'numeric');
    await user.type(number, 'E-7100 1014');
    expect(number).toHaveValue('71001014');
    // Every message under its field, as in the custody form.
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(within(dialog).getByText('Ingrese el monto')).toBeVisible();
    expect(within(dialog).getByText('Ingrese el beneficiario')).toBeVisible();
    expect(within(dialog).queryByText('Ingrese el emisor')).toBeNull();
  });

  it('deletes after a confirmation naming the number; a refusal reads the server message', async () => {
    const e = echeq();
    let answer = () =>
      json(409, { success: false, code: 'CONFLICT', message: 'No se puede eliminar un ECHEQ en custodia.' });
    const { calls } = mockApi({
      'GET /api/echeqs': list([e]),
      [`DELETE /api/echeqs/${e.id}`]: () => answer(),
    });
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Eliminar ECHEQ 71001014' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar ECHEQ' });
    expect(confirm).toHaveTextContent('¿Está seguro de que desea eliminar el ECHEQ 71001014?');
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Error al eliminar el ECHEQ');
    expect(within(confirm).getByRole('alert')).toHaveTextContent('No se puede eliminar un ECHEQ en custodia.');
    answer = () => json(200, { success: true, data: { id: e.id } });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('ECHEQ N° 71001014 eliminado')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('DELETE'))).toHaveLength(2);
  });

  it('validates with the clearing house and says the answer', async () => {
    const e = echeq();
    mockApi({
      'GET /api/echeqs': list([e]),
      [`GET /api/echeqs/validate/${e.id}`]: () =>
        json(200, {
          success: true,
          data: { echeq: { ...e, validation_status: 'VALIDATED' }, validation_status: 'VALIDATED', message: null },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Validar ECHEQ 71001014' }));
    expect(await screen.findByText('ECHEQ N° 71001014 validado por COELSA')).toBeInTheDocument();
  });

  it('read-only roles see the book without create, edit, validate or delete', async () => {
    mockApi({
      'GET /api/echeqs': list([echeq()]),
    });
    renderView('AUDITOR');
    expect(await screen.findByRole('button', { name: 'Ver ECHEQ 71001014' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Nuevo ECHEQ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar ECHEQ 71001014' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar ECHEQ 71001014' })).not.toBeInTheDocument();
  });

  it("filters by the specification's statuses and by the Cancelado and Pagado that rows show", async () => {
    const seen: URLSearchParams[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      seen.push(new URL(String(input), 'http://localhost').searchParams);
      return list([echeq({ status: 'CANCELLED' })])();
    });
    const user = userEvent.setup();
    renderView('BANK_ADMIN');
    await screen.findByText('71001014');
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Todos', 'Activos', 'Inactivos', 'Vencidos', 'Cancelados', 'Pagados']);
    await user.click(screen.getByRole('option', { name: 'Cancelados' }));
    await waitFor(() => expect(seen.at(-1)?.get('status')).toBe('CANCELLED'));
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(screen.getByRole('option', { name: 'Pagados' }));
    await waitFor(() => expect(seen.at(-1)?.get('status')).toBe('PAID'));
  });

  it('a large book: the estimated total reads "aprox."; next pages by cursor, other moves by number', async () => {
    const seen: URLSearchParams[] = [];
    let hold: Promise<void> | null = null;
    vi.stubGlobal('fetch', async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      // Only the list's requests (bank staff also ask for their client companies, the company filter's options).
      if (url.pathname !== '/api/echeqs') return json(200, { success: true, data: [] });
      seen.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      if (hold) await hold;
      // Two rows stand for the page (the cursor says more follow): fewer rows keep the test quick.
      const data = Array.from({ length: 2 }, (_, i) =>
        echeq({
          id: `00000000-0000-4000-8000-${String(page * 1000 + i).padStart(12, '0')}`,
          number: `P${page}-${i}`,
        }),
      );
      return json(200, {
        success: true,
        data: { data, page, limit, total: 498512, totalIsEstimate: true, nextCursor: `after-${page}` },
      });
    });
    const last = () => Object.fromEntries(seen.at(-1)!);
    const user = userEvent.setup({ delay: null });
    renderView('BANK_ADMIN');
    expect(await screen.findByText('1–10 de aprox. 498.512')).toBeInTheDocument();
    expect(last()).toEqual({ page: '1', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('P2-0')).toBeInTheDocument();
    expect(last()).toEqual({ page: '2', limit: '10', cursor: 'after-1' });
    expect(screen.getByText('11–20 de aprox. 498.512')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('P3-0')).toBeInTheDocument();
    expect(last()).toEqual({ page: '3', limit: '10', cursor: 'after-2' });

    // While page 4 loads (page 3 still on screen), 'next' again asks page 5 by number, not with page 3's cursor.
    let release = () => {};
    hold = new Promise((r) => {
      release = r;
    });
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(last()).toEqual({ page: '4', limit: '10', cursor: 'after-3' }));
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(last()).toEqual({ page: '5', limit: '10' }));
    hold = null;
    release();
    expect(await screen.findByText('P5-0')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('P4-0')).toBeInTheDocument();
    expect(last()).toEqual({ page: '4', limit: '10' });

    await user.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(last()).toEqual({ page: '1', limit: '25' }));
    expect(await screen.findByText('1–25 de aprox. 498.512')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(last()).toEqual({ page: '2', limit: '25', cursor: 'after-1' }));
    await user.type(screen.getByLabelText('Buscar'), 'P');
    await waitFor(() => expect(last()).toEqual({ page: '1', limit: '25', search: 'P' }));
  });
});
