import type { Echeq, PresentedPage, PresentedQuery, RejectBody } from '@echeq/contract';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** `GET /echeqs/presented`: the paying bank's queue, oldest clearing date first. */
export const presentedQuery = (q: PresentedQuery) =>
  queryOptions({
    queryKey: keys.echeqs.presented(q),
    queryFn: ({ signal }) =>
      api.get<PresentedPage>('/echeqs/presented', {
        query: { page: q.page, limit: q.limit, cursor: q.cursor, q: q.q?.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/**
 * Paying or rejecting takes the cheque out of the queue and changes it in the book, its history and the dashboard's
 * figures and pending counts (every list of cheques, the queue included, is under `echeqs.lists()`).
 */
const CHANGES = [keys.echeqs.lists(), keys.reports.all()];

/** `POST /echeqs/{id}/pay`: the paying bank pays a presented cheque. */
export function usePayCheque() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<Echeq>(`/echeqs/${id}/pay`, {}),
    // A refusal (already paid or rejected meanwhile) also means the queue on screen is stale.
    onSettled: () => invalidate(CHANGES),
  });
}

/** `POST /echeqs/{id}/reject` with a motivo of the contract's list. */
export function useRejectCheque() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RejectBody }) => api.post<Echeq>(`/echeqs/${id}/reject`, body),
    onSettled: () => invalidate(CHANGES),
  });
}
