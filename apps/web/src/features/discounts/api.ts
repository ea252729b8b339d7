import type {
  CreateDiscountBody,
  Custody,
  Discount,
  DiscountStatus,
  Page,
  RejectDiscountBody,
  UpdateDiscountBody,
} from '@echeq/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { type PageParams, pagedQuery, useRefresh } from '../../components/paged-query';
import { api } from '../../lib/api-client';

export type DiscountListParams = PageParams & { status?: DiscountStatus | ''; search?: string };

const discountKeys = {
  all: ['discounts'] as const,
  lists: () => [...discountKeys.all, 'list'] as const,
  list: (p: DiscountListParams) => [...discountKeys.lists(), p] as const,
  custodyOptions: () => [...discountKeys.all, 'custody-options'] as const,
  open: () => [...discountKeys.all, 'open'] as const,
};

/** GET /discounts, paged and filtered on the server; the previous page stays on screen while the next loads. */
export const discountsQuery = (p: DiscountListParams) =>
  pagedQuery<Discount, DiscountListParams>(discountKeys.list(p), '/discounts', p);

/** The cheques held in custody (GET /echeqs/custody?status=IN_CUSTODY&limit=100): the request dialog's choices. */
export const custodyOptionsQuery = () =>
  queryOptions({
    queryKey: discountKeys.custodyOptions(),
    queryFn: ({ signal }) =>
      api.get<Page<Custody>>('/echeqs/custody', { query: { status: 'IN_CUSTODY', page: 1, limit: 100 }, signal }),
    staleTime: 5_000,
  });

/**
 * The cheques that already carry a discount which blocks a new one (PENDING, APPROVED or COMPLETED), so the
 * request dialog can say so before the server refuses.
 */
export const blockedChequesQuery = () =>
  queryOptions({
    queryKey: discountKeys.open(),
    queryFn: async ({ signal }) => {
      const statuses: DiscountStatus[] = ['PENDING', 'APPROVED', 'COMPLETED'];
      const pages = await Promise.all(
        statuses.map((status) =>
          api.get<Page<Discount>>('/discounts', { query: { status, page: 1, limit: 100 }, signal }),
        ),
      );
      const blocked = new Map<string, DiscountStatus>();
      for (const page of pages)
        for (const d of page.data) if (!blocked.has(d.echeq_id)) blocked.set(d.echeq_id, d.status);
      return blocked;
    },
    staleTime: 0,
  });

export type DiscountAction = 'approve' | 'reject' | 'cancel' | 'complete';

/** Every change to discounts refreshes the lists, the blocked cheques and the report figures that count them. */
const useInvalidate = () => useRefresh([discountKeys.all, ['reports'], ['dashboard']]);

export function useRequestDiscount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateDiscountBody) => api.post<Discount>('/discounts', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateDiscount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateDiscountBody }) => api.put<Discount>(`/discounts/${id}`, body),
    onSuccess: () => invalidate(),
  });
}

/** approve / reject / cancel / complete; reject carries the reason, the others no body. */
export function useDiscountTransition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: DiscountAction; body?: RejectDiscountBody }) =>
      api.put<Discount>(`/discounts/${id}/${action}`, body),
    // A refused change (409: someone else acted first) also means the list on screen is stale.
    onSettled: () => invalidate(),
  });
}
