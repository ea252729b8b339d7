import type { Custody, Page, Role } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { CustodyView } from './custody-view';

function custody(overrides: Partial<Custody> = {}): Custody {
  return {
    id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    status: 'IN_CUSTODY',
    custody_date: '2025-03-05T15:00:00.000Z',
    release_date: null,
    release_reason: null,
    notes: null,
    presentation_deadline: '2025-06-04',
    echeq_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    company_name: 'Empresa Demo S.A.',
    echeq: {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      number: '71001007',
      amount: 1250000.5,
      currency: 'ARS',
      issuer: 'Agropecuaria Los Álamos S.A.',
      beneficiary: 'Empresa Demo S.A.',
      issue_date: '2025-02-03',
      due_date: '2025-05-05',
      status: 'ACTIVE',
      validation_status: 'VALIDATED',
      discounted_at: null,
    },
    version: 1,
    ...overrides,
  };
}

function page(rows: Custody[], total = rows.length): { success: true; data: Page<Custody> } {
  return { success: true, data: { data: rows, page: 1, limit: 10, total } };
}

function renderView(role: Role = 'COMPANY_USER', clearingReady: boolean | null = true) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CustodyView role={role} clearingReady={clearingReady} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Types a date into a picker field section by section (DD/MM/YYYY). */
async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, ddmmyyyy: string) {
  const group = screen.getByRole('group', { name: new RegExp(label) });
  const sections = within(group).getAllByRole('spinbutton');
  await user.click(sections[0]!);
  await user.keyboard(ddmmyyyy.replace(/\//g, ''));
}

describe('Gestión de Custodia', () => {
  it('shows the count, the rows and paging; an empty list says so', async () => {
    mockApi({ 'GET /api/echeqs/custody': () => json(200, page([custody()], 23)) });
    renderView();
    expect(await screen.findByText('ECHEQs en Custodia (23)')).toBeInTheDocument();
    expect(screen.getByText('71001007')).toBeInTheDocument();
    expect(screen.getByText('$ 1.250.000,50 ARS')).toBeInTheDocument();
    expect(screen.getByText('05/03/2025')).toBeInTheDocument();
    expect(screen.getByText('En Custodia')).toBeInTheDocument();
    expect(screen.getByText('Filas por página')).toBeInTheDocument();
    expect(screen.getByText('1–10 de 23')).toBeInTheDocument();
  });

  it("says 'No hay ECHEQs en custodia' when there are none", async () => {
    mockApi({ 'GET /api/echeqs/custody': () => json(200, page([])) });
    renderView();
    expect(await screen.findByText('No hay ECHEQs en custodia')).toBeInTheDocument();
    expect(screen.getByText('ECHEQs en Custodia (0)')).toBeInTheDocument();
  });

  it("shows 'Error al cargar la lista de custodia' when the list fails", async () => {
    mockApi({ 'GET /api/echeqs/custody': () => json(400, { success: false, code: 'VALIDATION_ERROR', message: 'x' }) });
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar la lista de custodia');
  });

  it('sends the status filter and the search to the server', async () => {
    const { calls } = mockApi({ 'GET /api/echeqs/custody': () => json(200, page([custody()])) });
    const seen: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((input: string, init?: RequestInit) => {
      seen.push(String(input));
      return original(input, init);
    }) as typeof fetch;
    const user = userEvent.setup({ delay: null });
    renderView();
    await screen.findByText('71001007');
    await user.type(screen.getByLabelText('Buscar'), 'álamos');
    await waitFor(() => expect(seen.some((u) => u.includes('search=%C3%A1lamos'))).toBe(true));
    await user.click(screen.getByLabelText('Estado'));
    await user.click(await screen.findByRole('option', { name: 'Liberado' }));
    await waitFor(() => expect(seen.some((u) => u.includes('status=RELEASED'))).toBe(true));
    expect(calls.length).toBeGreaterThan(0);
  });

  it("an empty submit lists the missing fields after 'Campos requeridos: ' and sends nothing", async () => {
    const { calls } = mockApi({ 'GET /api/echeqs/custody': () => json(200, page([])) });
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Nuevo ECHEQ en Custodia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo ECHEQ en Custodia' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Campos requeridos: Número, Monto, Fecha de Emisión, Fecha de Vencimiento, Emisor, Beneficiario',
    );
    // The empty required fields are marked, each with its message as in the ECHEQ form; the optional ones are not.
    expect(within(dialog).getByLabelText(/^Número/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Número/)).toHaveAccessibleDescription('Ingrese el número');
    expect(within(dialog).getByText('Ingrese la fecha de vencimiento')).toBeVisible();
    expect(within(dialog).getByLabelText(/^CUIT del emisor/)).toHaveAttribute('aria-invalid', 'false');
    await user.type(within(dialog).getByLabelText(/^Número/), '1');
    await user.type(within(dialog).getByLabelText(/^Emisor/), 'Molinos Tandil S.A.');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Campos requeridos: Monto, Fecha de Emisión, Fecha de Vencimiento, Beneficiario',
    );
    expect(calls.filter((c) => c.key === 'POST /api/echeqs/custody')).toHaveLength(0);
  });

  it('sends the form with the amount as a number and closes on success', async () => {
    const created = custody({ echeq: { ...custody().echeq, number: '1001' } });
    const { calls } = mockApi({
      'GET /api/echeqs/custody': () => json(200, page([])),
      'POST /api/echeqs/custody': () =>
        json(200, { success: true, data: { echeq: { ...created.echeq, number: '1001' }, custody: created } }),
    });
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Nuevo ECHEQ en Custodia' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Número/), '1001');
    await user.type(within(dialog).getByLabelText(/^Monto/), '1.250.000,50');
    await user.type(within(dialog).getByLabelText(/^Emisor/), 'Molinos Tandil S.A.');
    await user.type(within(dialog).getByLabelText(/^Beneficiario/), 'Empresa Demo S.A.');
    const today = new Date();
    const due = new Date(today.getTime() + 40 * 86_400_000);
    const fmt = (d: Date) =>
      `${String(d.getDate()).padStart(2, '0')}${String(d.getMonth() + 1).padStart(2, '0')}${d.getFullYear()}`;
    await typeDate(user, 'Fecha de Emisión', fmt(today));
    await typeDate(user, 'Fecha de Vencimiento', fmt(due));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/echeqs/custody')).toBe(true));
    const body = calls.find((c) => c.key === 'POST /api/echeqs/custody')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      number: '1001',
      amount: 1250000.5,
      currency: 'ARS',
      issuer: 'Molinos Tandil S.A.',
      beneficiary: 'Empresa Demo S.A.',
    });
    expect(typeof body.amount).toBe('number');
    expect(body.issue_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('ECHEQ N° 1001 depositado en custodia')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Error al crear custodia' when there is none", async () => {
    let answer = () =>
      json(409, { success: false, code: 'DUPLICATE', message: 'Ya existe un ECHEQ con ese número en este banco' });
    mockApi({ 'GET /api/echeqs/custody': () => json(200, page([])), 'POST /api/echeqs/custody': () => answer() });
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Nuevo ECHEQ en Custodia' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Número/), '123');
    await user.type(within(dialog).getByLabelText(/^Monto/), '100');
    await user.type(within(dialog).getByLabelText(/^Emisor/), 'A');
    await user.type(within(dialog).getByLabelText(/^Beneficiario/), 'B');
    const d = new Date();
    const s = `${String(d.getDate()).padStart(2, '0')}${String(d.getMonth() + 1).padStart(2, '0')}${d.getFullYear()}`;
    await typeDate(user, 'Fecha de Emisión', s);
    await typeDate(user, 'Fecha de Vencimiento', s);
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ya existe un ECHEQ con ese número en este banco',
    );
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Error al crear custodia$/));
  });

  it('releases from the detail dialog after asking the reason', async () => {
    const c = custody();
    const { calls } = mockApi({
      'GET /api/echeqs/custody': () => json(200, page([c])),
      [`PUT /api/echeqs/custody/${c.id}/release`]: () =>
        json(200, {
          success: true,
          data: { ...c, status: 'RELEASED', release_reason: 'Cobro', release_date: '2025-03-06T15:00:00Z' },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Ver ECHEQ 71001007' }));
    const details = await screen.findByRole('dialog', { name: /ECHEQ N° 71001007/ });
    await user.click(within(details).getByRole('button', { name: 'Liberar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Liberar ECHEQ de custodia' });
    await user.click(within(confirm).getByRole('button', { name: 'Liberar' }));
    expect(within(confirm).getByText('Indique el motivo de la liberación')).toBeInTheDocument();
    expect(calls.some((x) => x.key.startsWith('PUT'))).toBe(false);
    await user.type(within(confirm).getByLabelText(/Motivo de liberación/), 'Cobro');
    await user.click(within(confirm).getByRole('button', { name: 'Liberar' }));
    await waitFor(() => expect(calls.some((x) => x.key.startsWith('PUT'))).toBe(true));
    expect(calls.find((x) => x.key.startsWith('PUT'))!.body).toEqual({ reason: 'Cobro', version: 1 });
    expect(await screen.findByText('ECHEQ N° 71001007 liberado de custodia')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: /ECHEQ N° 71001007/ })).getByText('Liberado')).toBeInTheDocument();
  });

  it('read-only roles cannot create nor release; released records cannot be released again', async () => {
    mockApi({
      'GET /api/echeqs/custody': () =>
        json(200, page([custody(), custody({ id: 'b1c2d3e4-0000-4000-8000-000000000001', status: 'RELEASED' })])),
    });
    const user = userEvent.setup({ delay: null });
    renderView('AUDITOR');
    await screen.findAllByText('71001007');
    expect(screen.queryByRole('button', { name: 'Nuevo ECHEQ en Custodia' })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Ver ECHEQ 71001007' })[0]!);
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Liberar' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a cheque the bank discounted cannot be released from custody, and the dialog says why', async () => {
    mockApi({
      'GET /api/echeqs/custody': () =>
        json(200, page([custody({ echeq: { ...custody().echeq, discounted_at: '2025-03-06T15:00:00.000Z' } })])),
    });
    const user = userEvent.setup({ delay: null });
    renderView('COMPANY_USER');
    await user.click((await screen.findAllByRole('button', { name: 'Ver ECHEQ 71001007' }))[0]!);
    const release = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Liberar' });
    expect(release).toBeDisabled();
    await user.hover(release.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Descontado por el banco');
  });

  it('without a usable clearing house the deposit button is off and says why', async () => {
    mockApi({ 'GET /api/echeqs/custody': () => json(200, page([custody()])) });
    renderView('COMPANY_USER', false);
    expect(await screen.findByRole('button', { name: 'Nuevo ECHEQ en Custodia' })).toBeDisabled();
    expect(screen.getByText(/^COELSA no está configurado: no se pueden depositar/)).toBeInTheDocument();
  });

  it('a large book: the count and the pagination say "aprox."; next pages by cursor, back by number', async () => {
    const seen: Record<string, string>[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      seen.push(Object.fromEntries(url.searchParams));
      const page = Number(url.searchParams.get('page'));
      const row = custody({
        id: `00000000-0000-4000-8000-${String(page).padStart(12, '0')}`,
        echeq: { ...custody().echeq, number: `P${page}` },
      });
      return json(200, {
        success: true,
        data: { data: [row], page, limit: 10, total: 498512, totalIsEstimate: true, nextCursor: `after-${page}` },
      });
    });
    const user = userEvent.setup({ delay: null });
    renderView();
    expect(await screen.findByText('ECHEQs en Custodia (aprox. 498.512)')).toBeInTheDocument();
    expect(screen.getByText('1–10 de aprox. 498.512')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('P2')).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({ page: '2', limit: '10', cursor: 'after-1' });
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('P3')).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({ page: '3', limit: '10', cursor: 'after-2' });
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('P2')).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({ page: '2', limit: '10' });
    await user.click(screen.getByLabelText('Estado'));
    await user.click(await screen.findByRole('option', { name: 'Liberado' }));
    await waitFor(() => expect(seen.at(-1)).toEqual({ page: '1', limit: '10', status: 'RELEASED' }));
  });

  it('sorts by the custody date header and by the presentation deadline, filters by typed dates, on the server', async () => {
    const api = mockApi({ 'GET /api/echeqs/custody': () => json(200, page([custody()], 1)) });
    const last = () =>
      new URL(api.calls.filter((c) => c.key === 'GET /api/echeqs/custody').at(-1)!.url, 'http://x').searchParams;
    const user = userEvent.setup();
    renderView('BANK_ADMIN');
    const table = await screen.findByRole('table', { name: 'ECHEQs en custodia' });
    await user.click(within(table).getByRole('button', { name: 'Fecha de Custodia' }));
    await waitFor(() => expect(last().get('sort')).toBe('custody_date'));
    await user.click(screen.getByLabelText('Ordenar por'));
    await user.click(await screen.findByRole('option', { name: 'Plazo de presentación ↓' }));
    await waitFor(() => expect(last().get('sort')).toBe('-deadline'));
    await typeDate(user, 'Desde', '01122026');
    await waitFor(() => expect(last().get('date_from')).toBe('2026-12-01'));
    expect(last().get('sort')).toBe('-deadline');
  });
});
