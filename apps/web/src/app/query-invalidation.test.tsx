import type { QueryClient, QueryKey, UseMutationResult } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreateCustody, useReleaseCustody } from '../features/custody/api';
import { useDiscountTransition, useRequestDiscount } from '../features/discounts/api';
import { useCreateEcheq, useDeleteEcheq, useUpdateEcheq, useValidateEcheq } from '../features/echeqs/api';
import { useEnableMfa } from '../features/mfa/api';
import { useUpdateSettings } from '../features/settings/api';
import { useConfigureCoelsa, useCreateTenant, useUpdateTenant } from '../features/tenants/api';
import { useCreateUser, useUpdateUser } from '../features/users/api';
import { createQueryClient } from '../lib/query-client';
import { queryKeys as keys } from '../lib/query-keys';
import { json, makeUser } from '../test/fixtures';

/** One query of every kind the app keeps, as a screen would have left it in the cache. */
const CACHED: Record<string, QueryKey> = {
  echeqs: keys.echeqs.list({ page: 1, limit: 10 }),
  custody: keys.custody.list({ page: 1, limit: 10, status: 'IN_CUSTODY' }),
  custodyChoices: keys.custody.choices(),
  discounts: keys.discounts.list({ page: 2, limit: 25, status: 'PENDING' }),
  discountBlocking: keys.discounts.blocking(),
  // The dashboard's custody card and the reports' custody figures, for the whole history and for a range.
  custodyReport: keys.reports.custody(),
  custodyReportRange: keys.reports.custody({ from: '2026-01-01', to: '2026-01-31' }),
  discountReport: keys.reports.discounts(),
  discountReportRange: keys.reports.discounts({ from: '2026-01-01' }),
  performance: keys.reports.performance(),
  clearingStatus: keys.clearing.status(),
  clearingCheck: keys.clearing.configCheck(),
  tenants: keys.tenants.list(),
  tenantStats: keys.tenants.stats(),
  tenantChoices: keys.tenants.choices(),
  users: keys.users.lists(),
  settings: keys.settings.all(),
  profile: keys.auth.profile(),
  audit: keys.audit.list({ page: 1, limit: 25 }),
  auditFacets: keys.audit.facets(),
};

let qc: QueryClient;

beforeEach(() => {
  qc = createQueryClient();
  for (const key of Object.values(CACHED)) qc.setQueryData(key, { cached: true });
  // Any call succeeds with something shaped like the user, cheque or discount the hooks read back.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json(200, { success: true, data: makeUser('COMPANY_USER', { id: 'f1b2c3d4-0000-4000-8000-000000000001' }) }),
    ),
  );
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={qc}>{children}</QueryClientProvider>
);

/** Runs the hook's mutation once and names the cached queries it made stale. */
async function staleAfter<V>(useHook: () => UseMutationResult<unknown, Error, V>, variables: V): Promise<string[]> {
  const { result } = renderHook(useHook, { wrapper });
  result.current.mutate(variables);
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  // onSuccess / onSettled have run once the mutation reports success; give their invalidations a turn.
  await waitFor(() => expect(qc.getQueryState(CACHED.audit as QueryKey)?.isInvalidated).toBe(true));
  return Object.entries(CACHED)
    .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

const AUDIT = ['audit', 'auditFacets'];
const sorted = (names: string[]) => [...names, ...AUDIT].sort();

describe('what each change refreshes', () => {
  it('approving a discount: the discount lists, the cheques it blocks and the discount figures, nothing else', async () => {
    const stale = await staleAfter(useDiscountTransition, { id: 'd1', action: 'approve' });
    expect(stale).toEqual(sorted(['discounts', 'discountBlocking', 'discountReport', 'discountReportRange']));
    // Neither the book, custody, the dashboard's custody card nor its performance figures changed.
    expect(stale).not.toContain('echeqs');
    expect(stale).not.toContain('custodyReport');
    expect(stale).not.toContain('performance');
  });

  it('requesting a discount: the same, and not the cheques in custody it was chosen from', async () => {
    const stale = await staleAfter(useRequestDiscount, { echeq_id: 'e1', requested_amount: 10 });
    expect(stale).toEqual(sorted(['discounts', 'discountBlocking', 'discountReport', 'discountReportRange']));
  });

  it('depositing a cheque in custody: custody, the book and the custody figures (dashboard card included)', async () => {
    const body = {
      number: '12345678',
      amount: 10,
      issue_date: '2026-01-01',
      due_date: '2026-02-01',
      issuer: 'A',
      beneficiary: 'B',
    };
    const stale = await staleAfter(useCreateCustody, body);
    expect(stale).toEqual(sorted(['custody', 'custodyChoices', 'echeqs', 'custodyReport', 'custodyReportRange']));
  });

  it('releasing custody: custody, the book and the custody figures', async () => {
    const stale = await staleAfter(useReleaseCustody, { id: 'c1', body: { reason: 'Cobro' } });
    expect(stale).toEqual(sorted(['custody', 'custodyChoices', 'echeqs', 'custodyReport', 'custodyReportRange']));
  });

  it('a new cheque is only in the book; an edit reaches custody, discounts and custody figures', async () => {
    const created = await staleAfter(useCreateEcheq, {
      number: '1',
      amount: 1,
      issue_date: '2026-01-01',
      due_date: '2026-01-02',
      issuer: 'A',
      beneficiary: 'B',
    });
    expect(created).toEqual(sorted(['echeqs']));

    qc = createQueryClient();
    for (const key of Object.values(CACHED)) qc.setQueryData(key, { cached: true });
    const edited = await staleAfter(useUpdateEcheq, { id: 'e1', body: { amount: 2 } });
    expect(edited).toEqual(
      sorted(['echeqs', 'custody', 'custodyChoices', 'discounts', 'custodyReport', 'custodyReportRange']),
    );
  });

  it('deleting and validating a cheque', async () => {
    const deleted = await staleAfter(useDeleteEcheq, 'e1');
    expect(deleted).toEqual(
      sorted(['echeqs', 'custody', 'custodyChoices', 'discounts', 'custodyReport', 'custodyReportRange']),
    );
    qc = createQueryClient();
    for (const key of Object.values(CACHED)) qc.setQueryData(key, { cached: true });
    expect(await staleAfter(useValidateEcheq, 'e1')).toEqual(sorted(['echeqs', 'custody', 'custodyChoices']));
  });

  it('users: a new one changes the banks’ user counts, an edit only the users', async () => {
    const body = { email: 'a@b.example', password: 'Clave1234', role: 'COMPANY_USER' as const };
    expect(await staleAfter(useCreateUser, body)).toEqual(sorted(['users', 'tenants', 'tenantStats']));
    qc = createQueryClient();
    for (const key of Object.values(CACHED)) qc.setQueryData(key, { cached: true });
    expect(await staleAfter(useUpdateUser, { id: 'u1', body: { full_name: 'X' } })).toEqual(sorted(['users']));
  });

  it('banks: an edit reaches the users’ screens and the settings, not the book; a clearing link its status', async () => {
    expect(await staleAfter(useUpdateTenant, { id: 't1', body: { nombre: 'Nuevo' } })).toEqual(
      sorted(['tenants', 'tenantStats', 'tenantChoices', 'settings', 'users']),
    );
    qc = createQueryClient();
    for (const key of Object.values(CACHED)) qc.setQueryData(key, { cached: true });
    expect(await staleAfter(useCreateTenant, { nombre: 'B', codigo: 'B', cuit: '1', tipo: 'BANCO' })).toEqual(
      sorted(['tenants', 'tenantStats', 'tenantChoices', 'settings']),
    );
    qc = createQueryClient();
    for (const key of Object.values(CACHED)) qc.setQueryData(key, { cached: true });
    const body = { environment: 'sandbox' as const, base_url: '', timeout: 30_000, max_retries: 3 };
    expect(await staleAfter(useConfigureCoelsa, { id: 't1', body })).toEqual(
      sorted(['tenants', 'tenantStats', 'clearingStatus', 'clearingCheck']),
    );
  });

  it('settings replace their own answer and refresh the banks’ rates', async () => {
    const stale = await staleAfter(useUpdateSettings, { discount_rates: [] });
    expect(stale).toEqual(sorted(['tenants']));
  });

  it('two-factor sign-in: the user’s rows, and the profile replaced with the answer', async () => {
    const stale = await staleAfter(useEnableMfa, '123456');
    expect(stale).toEqual(sorted(['users']));
    expect(qc.getQueryData(keys.auth.profile())).toMatchObject({ role: 'COMPANY_USER' });
  });
});
