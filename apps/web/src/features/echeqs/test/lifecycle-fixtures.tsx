import type { Echeq, Role } from '@echeq/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { json } from '../../../test/fixtures';
import { EcheqsView } from '../echeqs-view';

/** A registry cheque as the trays answer it (Empresa Demo S.A. to Beneficiario Demo S.R.L.). */
export function registryCheque(overrides: Partial<Echeq> = {}): Echeq {
  return {
    id: '6c8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    number: '12345678',
    amount: 150000,
    currency: 'ARS',
    issue_date: '2026-11-20',
    due_date: '2026-12-20',
    issuer: 'Empresa Demo S.A.',
    issuer_cuit: '30712345671',
    beneficiary: 'Beneficiario Demo S.R.L.',
    beneficiary_cuit: '30723456785',
    status: 'ACTIVE',
    validation_status: 'VALIDATED',
    validation_message: null,
    validated_at: '2026-11-20T15:00:00.000Z',
    customer_id: '1b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    company_name: 'Beneficiario Demo S.R.L.',
    tenant_id: '2b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c',
    custody_status: null,
    discounted_at: null,
    version: 1,
    created_at: '2026-11-20T15:00:00.000Z',
    updated_at: '2026-11-20T15:00:00.000Z',
    origin: 'REGISTRY',
    cheque_id: 'A1B2C3D4E5F6G7H',
    state: 'EMITIDO-PENDIENTE',
    syncing: false,
    tipo: 'DIFERIDO',
    caracter: 'A_LA_ORDEN',
    concepto: 'FAC',
    payment_date: '2026-12-20',
    holder_cuit: null,
    endorsements: 0,
    actions: ['ACCEPT', 'REPUDIATE'],
    ...overrides,
  };
}

export const COUNTS = {
  recibidos: { total: 3, pending: 2 },
  emitidos: { total: 1, pending: 0 },
  endosados: { total: 0, pending: 0 },
  custodia: { total: 1, pending: 0 },
  depositados: { total: 0, pending: 0 },
  historial: { total: 4, pending: 0 },
};

export const page =
  (rows: Echeq[], extra: object = {}) =>
  () =>
    json(200, { success: true, data: { data: rows, page: 1, limit: 10, total: rows.length, ...extra } });

function Address() {
  const l = useLocation();
  return <output aria-label="Dirección">{l.pathname + l.search}</output>;
}

export function renderScreen(role: Role = 'BENEFICIARY', path = '/echeqs') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <EcheqsView role={role} clearingReady ownCompany={{ name: 'Empresa Demo S.A.', cuit: '30712345671' }} />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
