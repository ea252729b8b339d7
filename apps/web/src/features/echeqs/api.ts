import type { CreateEcheqBody, Echeq, EcheqStatusFilter, UpdateEcheqBody, ValidationStatus } from '@echeq/contract';
import { useMutation } from '@tanstack/react-query';
import { type PageParams, pagedQuery, useRefresh } from '../../components/paged-query';
import { api } from '../../lib/api-client';

export type EcheqListParams = PageParams & { status?: EcheqStatusFilter | ''; search?: string };

const echeqKeys = {
  all: ['echeqs'] as const,
  list: (p: EcheqListParams) => [...echeqKeys.all, 'list', p] as const,
};

/** GET /echeqs, paged (by number, or by keyset cursor going forward), filtered and searched on the server. */
export const echeqsQuery = (p: EcheqListParams) => pagedQuery<Echeq, EcheqListParams>(echeqKeys.list(p), '/echeqs', p);

/** A change to the book also changes custody, the cheques offered for discount and the report figures. */
const useInvalidate = () => useRefresh([echeqKeys.all, ['custody'], ['discounts'], ['reports'], ['dashboard']]);

export function useCreateEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateEcheqBody) => api.post<Echeq>('/echeqs', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEcheqBody }) => api.put<Echeq>(`/echeqs/${id}`, body),
    onSuccess: () => invalidate(),
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
    onSuccess: () => invalidate(),
  });
}
