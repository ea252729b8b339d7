import type { CreateUserBody, Role, Tenant, UpdateUserBody, User, UserStatus } from '@echeq/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type PageParams, pagedQuery } from '../../components/paged-query';
import { api } from '../../lib/api-client';

export type UserListParams = PageParams & {
  search?: string;
  role?: Role | '';
  status?: UserStatus | '';
  tenant_id?: string;
};

const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (p: UserListParams) => [...userKeys.lists(), p] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  tenantChoices: () => [...userKeys.all, 'tenant-choices'] as const,
};

/** GET /users: paged, searched and filtered on the server; the previous page stays while the next loads. */
export const usersQuery = (p: UserListParams) => pagedQuery<User, UserListParams>(userKeys.list(p), '/users', p);

/** GET /users/{id}: the details dialog reads it fresh (last login). */
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.get<User>(`/users/${id}`, { signal }),
  });

/** The tenants a system admin may put a new user in (GET /admin/tenants). */
export const tenantChoicesQuery = () =>
  queryOptions({
    queryKey: userKeys.tenantChoices(),
    queryFn: async ({ signal }) => {
      const tenants = await api.get<Tenant[]>('/admin/tenants', { signal });
      return tenants.map((t) => ({ id: t.id, nombre: t.nombre, codigo: t.codigo, estado: t.estado }));
    },
    staleTime: 60_000,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return async (u: User) => {
    qc.setQueryData(userKeys.detail(u.id), u);
    await qc.invalidateQueries({ queryKey: userKeys.lists() });
  };
}

export function useCreateUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.post<User>('/users', body),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => api.put<User>(`/users/${id}`, body),
    onSuccess: invalidate,
  });
}
