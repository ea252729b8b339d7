import type { ChequeHistoryEntry, Echeq } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json, mockApi } from '../../test/fixtures';
import { EcheqDetailsDialog } from './echeq-details-dialog';

const ID = '5b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c';
const EMPRESA = '30711111118';
const NORTE = '30722222225';
const BENEF = '30733333332';

function registryEcheq(overrides: Partial<Echeq> = {}): Echeq {
  return {
    id: ID,
    number: '00000042',
    amount: 1500.25,
    currency: 'ARS',
    issue_date: '2026-06-01',
    due_date: '2026-06-10',
    issuer: 'Empresa Demo S.A.',
    issuer_cuit: EMPRESA,
    beneficiary: 'Distribuidora Norte S.A.',
    beneficiary_cuit: NORTE,
    status: 'PAID',
    validation_status: 'VALIDATED',
    validation_message: null,
    validated_at: '2026-06-01T15:00:00.000Z',
    customer_id: '1b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    company_name: 'Empresa Demo S.A.',
    tenant_id: '2b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    custody_status: null,
    discounted_at: null,
    version: 1,
    created_at: '2026-06-01T15:00:00.000Z',
    updated_at: '2026-06-10T16:00:00.000Z',
    origin: 'REGISTRY',
    cheque_id: 'A1B2C3D4E5F6G7H',
    state: 'PAGADO',
    syncing: false,
    tipo: 'DIFERIDO',
    caracter: 'A_LA_ORDEN',
    concepto: 'FAC',
    payment_date: '2026-06-10',
    holder_cuit: BENEF,
    endorsements: 1,
    actions: [],
    ...overrides,
  };
}

const FACE: NonNullable<Echeq['registry']> = {
  cmc7: '32200011000000004200000012345',
  motivo: 'Factura 0001-00001234',
  issuer: { cuit: EMPRESA, name: 'Empresa Demo S.A.', bank_code: '322', cbu: '3220001100000012345670' },
  beneficiary: { cuit: NORTE, name: 'Distribuidora Norte S.A.' },
  endorsements: [
    {
      from_cuit: NORTE,
      to_cuit: BENEF,
      to_name: 'Beneficiario Demo S.R.L.',
      at: '2026-06-02T13:30:00.000Z',
      status: 'ACCEPTED',
      motivo: null,
    },
  ],
  issued_at: '2026-06-01T15:00:00.000Z',
  deposit: { at: '2026-06-10T13:00:00.000Z', automatic: false, clearing_date: '2026-06-10' },
  presented_at: '2026-06-10T13:00:01.000Z',
  paid_at: '2026-06-10T16:00:00.000Z',
  annulment: null,
  repudiation: null,
  rejection: null,
};

const HISTORY: ChequeHistoryEntry[] = [
  {
    at: '2026-06-01T15:00:00.000Z',
    event: 'ISSUE',
    state: 'EMITIDO-PENDIENTE',
    party_cuit: EMPRESA,
    party_name: 'Empresa Demo S.A.',
    bank: '322',
    details: {},
  },
  {
    at: '2026-06-02T13:30:00.000Z',
    event: 'ENDORSE',
    state: 'ACTIVO-PENDIENTE',
    party_cuit: NORTE,
    party_name: 'Distribuidora Norte S.A.',
    bank: null,
    details: { endorsee_cuit: BENEF, endorsee_name: 'Beneficiario Demo S.R.L.' },
  },
  {
    at: '2026-06-10T13:00:01.000Z',
    event: 'PRESENT',
    state: 'PRESENTADO',
    party_cuit: null,
    party_name: 'COELSA',
    bank: null,
    details: {},
  },
  {
    at: '2026-06-10T16:00:00.000Z',
    event: 'PAY',
    state: 'PAGADO',
    party_cuit: null,
    party_name: null,
    bank: '322',
    details: {},
  },
];

function renderDialog(echeq: Echeq) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <EcheqDetailsDialog echeq={echeq} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('the detail of a registry cheque', () => {
  it('shows the state, the face with CMC7, issuer bank and CBU, the endorsement chain and the timeline in order', async () => {
    const row = registryEcheq();
    const api = mockApi({
      [`GET /api/echeqs/${ID}`]: () => json(200, { success: true, data: { ...row, registry: FACE } }),
      [`GET /api/echeqs/${ID}/history`]: () => json(200, { success: true, data: HISTORY }),
    });
    renderDialog(row);
    const dialog = screen.getByRole('dialog', { name: /ECHEQ N° 00000042/ });
    expect(within(dialog).getAllByText('Pagado')[0]).toBeInTheDocument();
    expect(await within(dialog).findByText('32200011000000004200000012345')).toBeInTheDocument();
    expect(within(dialog).getByText('3220001100000012345670')).toBeInTheDocument();
    expect(within(dialog).getByText('A1B2C3D4E5F6G7H')).toBeInTheDocument();
    expect(within(dialog).getByText('De pago diferido')).toBeInTheDocument();
    expect(within(dialog).getByText('A la orden')).toBeInTheDocument();
    expect(within(dialog).getByText('FAC · Factura')).toBeInTheDocument();
    expect(within(dialog).getByText('$ 1.500,25 ARS')).toBeInTheDocument();
    expect(within(dialog).getByText('Beneficiario Demo S.R.L. (CUIT 30-73333333-2)', { selector: 'dd' })).toBeVisible();

    const chain = within(dialog).getByRole('list', { name: 'Cadena de endosos' });
    const links = within(chain).getAllByRole('listitem');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent(
      'Distribuidora Norte S.A. (CUIT 30-72222222-5) → Beneficiario Demo S.R.L. (CUIT 30-73333333-2)',
    );
    expect(links[0]).toHaveTextContent('02/06/2026 10:30');
    expect(links[0]).toHaveTextContent('Aceptado');

    const timeline = await within(dialog).findByRole('list', { name: 'Historial del ECHEQ' });
    const events = within(timeline).getAllByRole('listitem');
    expect(events.map((e) => e.textContent)).toEqual([
      expect.stringContaining('01/06/2026 12:00Emitido'),
      expect.stringContaining('Endosado'),
      expect.stringContaining('Presentado al cobro'),
      expect.stringContaining('10/06/2026 13:00Pagado'),
    ]);
    expect(events[0]).toHaveTextContent('Empresa Demo S.A. (CUIT 30-71111111-8) · Banco 322');
    expect(events[1]).toHaveTextContent('A: Beneficiario Demo S.R.L. (CUIT 30-73333333-2)');
    expect(events[2]).toHaveTextContent('COELSA');
    expect(events[3]).toHaveTextContent('Banco 322');
    expect(within(dialog).getByRole('button', { name: 'Descargar comprobante' })).toBeEnabled();
    expect(api.calls.map((c) => c.key)).toEqual(
      expect.arrayContaining([`GET /api/echeqs/${ID}`, `GET /api/echeqs/${ID}/history`]),
    );
  });

  it('says "Actualizando" while the registry has not answered, and a rejection shows its motivo', async () => {
    const row = registryEcheq({ state: 'RECHAZADO', status: 'CANCELLED', syncing: true });
    mockApi({
      [`GET /api/echeqs/${ID}`]: () =>
        json(200, {
          success: true,
          data: {
            ...row,
            registry: { ...FACE, paid_at: null, rejection: { motivo: 'Cuenta cerrada', at: '2026-06-10T16:00:00Z' } },
          },
        }),
      [`GET /api/echeqs/${ID}/history`]: () =>
        json(200, {
          success: true,
          data: [
            ...HISTORY.slice(0, 3),
            { ...HISTORY[3], event: 'REJECT', state: 'RECHAZADO', details: { motivo: 'Cuenta cerrada' } },
          ],
        }),
    });
    renderDialog(row);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Actualizando')).toBeInTheDocument();
    expect(within(dialog).getByText(/todavía no confirmó/)).toBeInTheDocument();
    expect(await within(dialog).findByText('Cuenta cerrada (10/06/2026 13:00)')).toBeInTheDocument();
    const events = within(await within(dialog).findByRole('list', { name: 'Historial del ECHEQ' })).getAllByRole(
      'listitem',
    );
    expect(events.at(-1)).toHaveTextContent('Rechazado');
    expect(events.at(-1)).toHaveTextContent('Motivo: Cuenta cerrada');
  });

  it('a hand-registered cheque keeps the specification detail, with no history asked', () => {
    const api = mockApi({});
    const { origin: _o, state: _s, cheque_id: _c, ...manual } = registryEcheq({ status: 'ACTIVE' });
    renderDialog({ ...manual, validation_status: 'PENDING' });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Validación')).toBeInTheDocument();
    expect(within(dialog).getByText('Custodia')).toBeInTheDocument();
    expect(within(dialog).queryByText('Historial')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
