import type {
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

const echeqKeys = {
  all: ['echeqs'] as const,
  lists: () => [...echeqKeys.all, 'list'] as const,
  list: (p: EcheqListParams) => [...echeqKeys.lists(), p] as const,
  detail: (id: string) => [...echeqKeys.all, 'detail', id] as const,
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
