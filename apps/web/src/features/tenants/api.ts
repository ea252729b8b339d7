import type { CoelsaConfigBody, CoelsaTestResult, CreateTenantBody, Tenant, UpdateTenantBody } from '@echeq/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiRequest, type Envelope } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

export type AdminStats = { totalTenants: number; activeTenants: number; totalUsers: number; coelsaConfigs: number };

/** GET /admin/dashboard → data.stats. */
export const adminDashboardQuery = () =>
  queryOptions({
    queryKey: keys.tenants.stats(),
    queryFn: ({ signal }) => api.get<{ stats: AdminStats }>('/admin/dashboard', { signal }).then((d) => d.stats),
  });

/** GET /admin/tenants → data, a plain list. */
export const tenantsQuery = () =>
  queryOptions({
    queryKey: keys.tenants.list(),
    queryFn: ({ signal }) => api.get<Tenant[]>('/admin/tenants', { signal }),
  });

/**
 * What each change makes stale. A bank's name, code and state are also the users' screens' bank choices, the
 * settings' list of rates and, by name, the users' rows; its rate is the settings' too. Its clearing-house link is
 * the bank's row, the panel's count of links and the clearing-house status and check shown for it.
 */
const CHANGES = {
  create: [keys.tenants.all(), keys.settings.all()],
  update: [keys.tenants.all(), keys.settings.all(), keys.users.all()],
  configure: [keys.tenants.list(), keys.tenants.stats(), keys.clearing.all()],
  test: [keys.tenants.list(), keys.clearing.all()],
};

export function useCreateTenant() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateTenantBody) => api.post<Tenant>('/admin/tenants', body),
    onSuccess: () => invalidate(CHANGES.create),
  });
}

export function useUpdateTenant() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTenantBody }) => api.put<Tenant>(`/admin/tenants/${id}`, body),
    onSuccess: () => invalidate(CHANGES.update),
  });
}

/** POST /admin/tenants/{id}/coelsa-config (the clearing capability's route). */
export function useConfigureCoelsa() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CoelsaConfigBody }) =>
      api.post<unknown>(`/admin/tenants/${id}/coelsa-config`, body),
    onSuccess: () => invalidate(CHANGES.configure),
  });
}

/** POST /admin/tenants/{id}/coelsa-config/test: the message is shown as 'Prueba de conexión: …'. */
export function useTestCoelsa() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Envelope<CoelsaTestResult>>(`/admin/tenants/${id}/coelsa-config/test`, { method: 'POST', body: {} }),
    onSettled: () => invalidate(CHANGES.test),
  });
}
