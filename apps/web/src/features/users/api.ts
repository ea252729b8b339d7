import type { ApprovalBody, CreateUserBody, ListUsersQuery, Tenant, UpdateUserBody, User } from '@echeq/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { pagedQuery } from '../../components/paged-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** GET /users: paged, searched and filtered on the server; the previous page stays while the next loads. */
export const usersQuery = (q: ListUsersQuery) => pagedQuery<User, ListUsersQuery>(keys.users.list(q), '/users', q);

/** GET /users/{id}: the details dialog reads it fresh (last login). */
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: keys.users.detail(id),
    queryFn: ({ signal }) => api.get<User>(`/users/${id}`, { signal }),
  });

/** The tenants a system admin may put a new user in (GET /admin/tenants). */
export const tenantChoicesQuery = () =>
  queryOptions({
    queryKey: keys.tenants.choices(),
    queryFn: async ({ signal }) => {
      const tenants = await api.get<Tenant[]>('/admin/tenants', { signal });
      return tenants.map((t) => ({ id: t.id, nombre: t.nombre, codigo: t.codigo, estado: t.estado }));
    },
    staleTime: 60_000,
  });

/**
 * A saved user replaces its details and makes the user lists stale; a new one also changes the banks' user counts
 * (the administration panel).
 */
function useSaved(also: readonly (readonly unknown[])[] = []) {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return async (u: User) => {
    qc.setQueryData(keys.users.detail(u.id), u);
    await invalidate([keys.users.lists(), ...also]);
  };
}

export function useCreateUser() {
  const saved = useSaved([keys.tenants.list(), keys.tenants.stats()]);
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.post<User>('/users', body),
    onSuccess: saved,
  });
}

export function useUpdateUser() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => api.put<User>(`/users/${id}`, body),
    onSuccess: saved,
  });
}

/** PUT /users/{id}/approval: the bank's decision on a self-registered company. */
export function useDecideApproval() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ApprovalBody) => api.put<User>(`/users/${id}/approval`, body),
    onSuccess: saved,
  });
}

/** PUT /users/{id}/confirm: a user added to an existing company may now operate. */
export function useConfirmUser() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (id: string) => api.put<User>(`/users/${id}/confirm`, {}),
    onSuccess: saved,
  });
}
