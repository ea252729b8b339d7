import type { CoelsaConfigBody, CoelsaTestResult, CreateTenantBody, Tenant, UpdateTenantBody } from '@echeq/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type Envelope } from '../../lib/api-client';

export type AdminStats = { totalTenants: number; activeTenants: number; totalUsers: number; coelsaConfigs: number };

const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  tenants: () => [...adminKeys.all, 'tenants'] as const,
};

/** GET /admin/dashboard → data.stats. */
export const adminDashboardQuery = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => api.get<{ stats: AdminStats }>('/admin/dashboard', { signal }).then((d) => d.stats),
  });

/** GET /admin/tenants → data, a plain list. */
export const tenantsQuery = () =>
  queryOptions({
    queryKey: adminKeys.tenants(),
    queryFn: ({ signal }) => api.get<Tenant[]>('/admin/tenants', { signal }),
  });

function useInvalidateAdmin() {
  const qc = useQueryClient();
  // Other screens list banks or users too (settings, users, clearing status): refresh them all.
  return () => qc.invalidateQueries();
}

export function useCreateTenant() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: CreateTenantBody) => api.post<Tenant>('/admin/tenants', body),
    onSuccess: invalidate,
  });
}

export function useUpdateTenant() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTenantBody }) => api.put<Tenant>(`/admin/tenants/${id}`, body),
    onSuccess: invalidate,
  });
}

/** POST /admin/tenants/{id}/coelsa-config (the clearing capability's route). */
export function useConfigureCoelsa() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CoelsaConfigBody }) =>
      api.post<unknown>(`/admin/tenants/${id}/coelsa-config`, body),
    onSuccess: invalidate,
  });
}

/** POST /admin/tenants/{id}/coelsa-config/test: the message is shown as 'Prueba de conexión: …'. */
export function useTestCoelsa() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Envelope<CoelsaTestResult>>(`/admin/tenants/${id}/coelsa-config/test`, { method: 'POST', body: {} }),
    onSettled: invalidate,
  });
}
