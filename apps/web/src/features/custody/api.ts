import type {
  BulkResult,
  CreateCustodyBody,
  Custody,
  Echeq,
  ListCustodyQuery,
  ReleaseCustodyBody,
} from '@echeq/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { pagedQuery } from '../../components/paged-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** GET /echeqs/custody, paged (by number, or by keyset cursor going forward), filtered and searched on the server. */
export const custodyListQuery = (q: ListCustodyQuery) =>
  pagedQuery<Custody, ListCustodyQuery>(keys.custody.list(q), '/echeqs/custody', q);

/** GET /echeqs/custody/{id}: a custody record named by a link, when it is not on the page on screen. */
export const custodyQuery = (id: string) =>
  queryOptions({
    queryKey: keys.custody.one(id),
    queryFn: ({ signal }) => api.get<Custody>(`/echeqs/custody/${id}`, { signal }),
  });

/**
 * What each change makes stale: a deposit adds the cheque to the book and to custody (and to the cheques offered
 * for discount); a release changes the custody and the cheque's custody state in the book. Both change the custody
 * figures (reports and dashboard).
 */
const CHANGES = {
  create: [keys.custody.all(), keys.echeqs.lists(), keys.reports.custodyAll()],
  release: [keys.custody.all(), keys.echeqs.lists(), keys.reports.custodyAll()],
};

/** POST /echeqs/custody: the cheque and its custody in one go; answers `{ echeq, custody }`. */
export function useCreateCustody() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateCustodyBody) => api.post<{ echeq: Echeq; custody: Custody }>('/echeqs/custody', body),
    onSuccess: () => invalidate(CHANGES.create),
  });
}

/** PUT /echeqs/custody/{id}/release with the reason. */
export function useReleaseCustody() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReleaseCustodyBody }) =>
      api.put<Custody>(`/echeqs/custody/${id}/release`, body),
    // A refused release (409: released, expired or discounted meanwhile) also means the screen is stale.
    onSettled: () => invalidate(CHANGES.release),
  });
}

/** POST /echeqs/custody/bulk/release: each record released on its own; the answer holds each one's outcome. */
export function useBulkRelease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { ids: string[]; reason: string }) => api.post<BulkResult>('/echeqs/custody/bulk/release', body),
    onSettled: () => invalidate(CHANGES.release),
  });
}
