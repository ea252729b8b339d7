import type { CreateEcheqBody, Echeq, ListEcheqsQuery, UpdateEcheqBody, ValidationStatus } from '@echeq/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { pagedQuery } from '../../components/paged-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** GET /echeqs, paged (by number, or by keyset cursor going forward), filtered and searched on the server. */
export const echeqsQuery = (q: ListEcheqsQuery) =>
  pagedQuery<Echeq, ListEcheqsQuery>(keys.echeqs.list(q), '/echeqs', q);

/** GET /echeqs/{id}: a cheque named by a link, when it is not on the page on screen. */
export const echeqQuery = (id: string) =>
  queryOptions({ queryKey: keys.echeqs.one(id), queryFn: ({ signal }) => api.get<Echeq>(`/echeqs/${id}`, { signal }) });

/**
 * What each change makes stale. A new cheque is only in the book. An edit changes the cheque as the custody rows
 * (and the cheques offered for discount), the discount rows and the custody figures show it; a deletion takes it
 * (and its ended custody) out of them too. A validation changes its state in the book and in custody.
 */
const CHANGES = {
  create: [keys.echeqs.lists()],
  update: [keys.echeqs.lists(), keys.custody.all(), keys.discounts.lists(), keys.reports.custodyAll()],
  remove: [keys.echeqs.lists(), keys.custody.all(), keys.discounts.lists(), keys.reports.custodyAll()],
  validate: [keys.echeqs.lists(), keys.custody.all()],
};

export function useCreateEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateEcheqBody) => api.post<Echeq>('/echeqs', body),
    onSuccess: () => invalidate(CHANGES.create),
  });
}

export function useUpdateEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEcheqBody }) => api.put<Echeq>(`/echeqs/${id}`, body),
    onSuccess: () => invalidate(CHANGES.update),
  });
}

export function useDeleteEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/echeqs/${id}`),
    // A refused deletion (409: deposited or discounted meanwhile) also means the screen is stale.
    onSettled: () => invalidate(CHANGES.remove),
  });
}

/** GET /echeqs/validate/{id}: the clearing house's answer, stored on the cheque. */
export function useValidateEcheq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api.get<{ echeq: Echeq; validation_status: ValidationStatus; message: string | null }>(`/echeqs/validate/${id}`),
    onSuccess: () => invalidate(CHANGES.validate),
  });
}
