import type { CreateCustodyBody, Custody, CustodyStatus, Echeq, Page, ReleaseCustodyBody } from '@echeq/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type CustodyListParams = { page: number; limit: number; status?: CustodyStatus | ''; search?: string };

const custodyKeys = {
  all: ['custody'] as const,
  lists: () => [...custodyKeys.all, 'list'] as const,
  list: (p: CustodyListParams) => [...custodyKeys.lists(), p] as const,
  detail: (id: string) => [...custodyKeys.all, 'detail', id] as const,
};

/** GET /echeqs/custody, paged, filtered and searched on the server; the previous page stays while the next loads. */
export const custodyListQuery = (p: CustodyListParams) =>
  queryOptions({
    queryKey: custodyKeys.list(p),
    queryFn: ({ signal }) =>
      api.get<Page<Custody>>('/echeqs/custody', {
        query: { page: p.page, limit: p.limit, status: p.status || undefined, search: p.search?.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/**
 * A deposit or a release changes the custody lists, the cheque book, the cheques offered for discount and the report
 * figures: all of them are refreshed (by key prefix; other features own those keys).
 */
function useInvalidate() {
  const qc = useQueryClient();
  return async (c?: Custody) => {
    if (c) qc.setQueryData(custodyKeys.detail(c.id), c);
    await Promise.all(
      [custodyKeys.all, ['echeqs'], ['discounts'], ['reports'], ['dashboard']].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/** POST /echeqs/custody: the cheque and its custody in one go; answers `{ echeq, custody }`. */
export function useCreateCustody() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateCustodyBody) => api.post<{ echeq: Echeq; custody: Custody }>('/echeqs/custody', body),
    onSuccess: (d) => invalidate(d.custody),
  });
}

/** PUT /echeqs/custody/{id}/release with the reason. */
export function useReleaseCustody() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReleaseCustodyBody }) =>
      api.put<Custody>(`/echeqs/custody/${id}/release`, body),
    // A refused release (409: released, expired or discounted meanwhile) also means the screen is stale.
    onSettled: (c) => invalidate(c ?? undefined),
  });
}
