import type {
  CoelsaConfigCheck,
  CreateEcheqBody,
  Echeq,
  EcheqStatusFilter,
  Page,
  UpdateEcheqBody,
  ValidationStatus,
} from '@echeq/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type EcheqListParams = { page: number; limit: number; status?: EcheqStatusFilter | ''; search?: string };

export const echeqKeys = {
  all: ['echeqs'] as const,
  lists: () => [...echeqKeys.all, 'list'] as const,
  list: (p: EcheqListParams) => [...echeqKeys.lists(), p] as const,
  detail: (id: string) => [...echeqKeys.all, 'detail', id] as const,
  clearing: () => [...echeqKeys.all, 'clearing-check'] as const,
};

/** GET /echeqs, paged, filtered and searched on the server; the previous page stays while the next loads. */
export const echeqsQuery = (p: EcheqListParams) =>
  queryOptions({
    queryKey: echeqKeys.list(p),
    queryFn: ({ signal }) =>
      api.get<Page<Echeq>>('/echeqs', {
        query: { page: p.page, limit: p.limit, status: p.status || undefined, search: p.search?.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/**
 * GET /system/coelsa-config: whether the bank's clearing house is usable, which decides if cheques can be created
 * and edited here (the server refuses with 503 otherwise).
 */
export const clearingCheckQuery = () =>
  queryOptions({
    queryKey: echeqKeys.clearing(),
    queryFn: ({ signal }) => api.get<CoelsaConfigCheck>('/system/coelsa-config', { signal }),
    staleTime: 30_000,
  });

/** True when the check says the clearing house can be used; null while unknown (loading or failed). */
export function clearingReady(check: CoelsaConfigCheck | undefined): boolean | null {
  if (!check) return null;
  return check.config.isConfigured && !check.recommendations.needsConfig;
}

/** A change to the book also changes custody, the cheques offered for discount and the report figures. */
function useInvalidate() {
  const qc = useQueryClient();
  return async (e?: Echeq) => {
    if (e) qc.setQueryData(echeqKeys.detail(e.id), e);
    await Promise.all(
      [echeqKeys.all, ['custody'], ['discounts'], ['reports'], ['dashboard']].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  };
}

export function useCreateEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateEcheqBody) => api.post<Echeq>('/echeqs', body),
    onSuccess: (e) => invalidate(e),
  });
}

export function useUpdateEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEcheqBody }) => api.put<Echeq>(`/echeqs/${id}`, body),
    onSuccess: (e) => invalidate(e),
  });
}

export function useDeleteEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/echeqs/${id}`),
    onSettled: () => invalidate(),
  });
}

/** GET /echeqs/validate/{id}: the clearing house's answer, stored on the cheque. */
export function useValidateEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api.get<{ echeq: Echeq; validation_status: ValidationStatus; message: string | null }>(`/echeqs/validate/${id}`),
    onSuccess: (r) => invalidate(r.echeq),
  });
}
