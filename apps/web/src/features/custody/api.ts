import type { CreateCustodyBody, Custody, CustodyStatus, Echeq, ReleaseCustodyBody } from '@echeq/contract';
import { useMutation } from '@tanstack/react-query';
import { type PageParams, pagedQuery, useRefresh } from '../../components/paged-query';
import { api } from '../../lib/api-client';

export type CustodyListParams = PageParams & { status?: CustodyStatus | ''; search?: string };

const custodyKeys = {
  all: ['custody'] as const,
  list: (p: CustodyListParams) => [...custodyKeys.all, 'list', p] as const,
};

/** GET /echeqs/custody, paged (by number, or by keyset cursor going forward), filtered and searched on the server. */
export const custodyListQuery = (p: CustodyListParams) =>
  pagedQuery<Custody, CustodyListParams>(custodyKeys.list(p), '/echeqs/custody', p);

/**
 * A deposit or a release changes the custody lists, the cheque book, the cheques offered for discount and the report
 * figures: all of them are refreshed (by key prefix; other features own those keys).
 */
const useInvalidate = () => useRefresh([custodyKeys.all, ['echeqs'], ['discounts'], ['reports'], ['dashboard']]);

/** POST /echeqs/custody: the cheque and its custody in one go; answers `{ echeq, custody }`. */
export function useCreateCustody() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateCustodyBody) => api.post<{ echeq: Echeq; custody: Custody }>('/echeqs/custody', body),
    onSuccess: () => invalidate(),
  });
}

/** PUT /echeqs/custody/{id}/release with the reason. */
export function useReleaseCustody() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReleaseCustodyBody }) =>
      api.put<Custody>(`/echeqs/custody/${id}/release`, body),
    // A refused release (409: released, expired or discounted meanwhile) also means the screen is stale.
    onSettled: () => invalidate(),
  });
}
