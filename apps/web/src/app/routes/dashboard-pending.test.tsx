import type { DashboardPending } from '@echeq/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { custodyReport, performanceReport } from '../../features/reports/report-fixtures';
import { json, makeUser, mockApi, signInStored } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ok = (data: unknown) => () => json(200, { success: true, data });

function answers(pending: DashboardPending, user = makeUser()) {
  return {
    'GET /api/auth/profile': ok(user),
    'GET /api/reports/custody': ok(custodyReport()),
    'GET /api/reports/performance': ok(performanceReport()),
    'GET /api/system/coelsa-config': ok({
      config: { isConfigured: true, isSandbox: true, baseUrl: null, hasUrl: false, hasApiKey: false },
      connection: { connected: true, status: 'SANDBOX', error: null },
      recommendations: { needsConfig: false, message: 'Sandbox activo' },
    }),
    'GET /api/integration/coelsa/status': ok({
      connected: true,
      status: 'SANDBOX',
      timestamp: '2026-11-21T12:00:00.000Z',
    }),
    'GET /api/dashboard/pending': ok(pending),
    'GET /api/discounts': ok({ data: [], page: 1, limit: 10, total: 0 }),
    'GET /api/echeqs/custody': ok({ data: [], page: 1, limit: 10, total: 0 }),
  };
}

const PENDING: DashboardPending = {
  today: '2026-11-25',
  days: 7,
  cap: 99,
  discounts_to_approve: 100,
  cheques_due: 3,
  presentation_closing: 0,
};

describe('dashboard: what awaits the user', () => {
  it('shows the counts above the four cards, "99+" beyond the cap, each a link to its filtered list', async () => {
    signInStored(makeUser('BANK_ADMIN'));
    mockApi(answers(PENDING));
    renderApp('/dashboard');
    const strip = await screen.findByRole('region', { name: 'Pendientes' });
    const discounts = within(strip).getByRole('link', { name: /^Descuentos por aprobar: 99\+/ });
    expect(discounts).toHaveAttribute('href', '/discounts?status=PENDING');
    expect(
      within(strip).getByRole('link', {
        name: /^ECHEQs que vencen: 3\. En custodia, con vencimiento en los próximos 7 días/,
      }),
    ).toHaveAttribute('href', '/custody?status=IN_CUSTODY');
    expect(within(strip).getByRole('link', { name: /^Plazos de presentación que cierran: 0/ })).toBeInTheDocument();
    // The specification's four cards stay, below.
    for (const card of ['ECHEQs en Custodia', 'Tiempo de Respuesta', 'Estado COELSA', 'Usuario Actual']) {
      expect(screen.getByRole('region', { name: card })).toBeInTheDocument();
    }
    expect(strip.compareDocumentPosition(screen.getByRole('region', { name: 'ECHEQs en Custodia' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await userEvent.setup().click(discounts);
    expect(await screen.findByRole('heading', { level: 1, name: 'Descuentos de ECHEQs' })).toBeInTheDocument();
  });

  it('a company user has no discounts to approve', async () => {
    const user = makeUser('COMPANY_USER', { email: 'emisor@empresa.example' });
    signInStored(user);
    mockApi(answers({ ...PENDING, discounts_to_approve: null }, user));
    renderApp('/dashboard');
    const strip = await screen.findByRole('region', { name: 'Pendientes' });
    expect(within(strip).getAllByRole('link')).toHaveLength(2);
    expect(within(strip).queryByText('Descuentos por aprobar')).toBeNull();
  });
});
