import type {
  BulkResult,
  CreateDiscountBody,
  Custody,
  Discount,
  DiscountQuote,
  DiscountStatus,
  ListDiscountsQuery,
  Page,
  RejectDiscountBody,
  UpdateDiscountBody,
} from '@echeq/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { pagedQuery } from '../../components/paged-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** GET /discounts, paged and filtered on the server; the previous page stays on screen while the next loads. */
export const discountsQuery = (q: ListDiscountsQuery) =>
  pagedQuery<Discount, ListDiscountsQuery>(keys.discounts.list(q), '/discounts', q);

/** GET /discounts/{id}: a discount named by a link, when it is not on the page on screen. */
export const discountQuery = (id: string) =>
  queryOptions({
    queryKey: keys.discounts.one(id),
    queryFn: ({ signal }) => api.get<Discount>(`/discounts/${id}`, { signal }),
  });

/** The cheques held in custody (GET /echeqs/custody?status=IN_CUSTODY&limit=100): the request dialog's choices. */
export const custodyOptionsQuery = () =>
  queryOptions({
    queryKey: keys.custody.choices(),
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
    queryKey: keys.discounts.blocking(),
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

/**
 * Every change to a discount changes the discount list, the cheques it blocks and the discount figures of the
 * reports (counts and requested amounts by status); nothing else shows it (the dashboard shows custody figures).
 */
const CHANGES = [keys.discounts.all(), keys.reports.discountsAll()];
const useInvalidateDiscounts = () => {
  const invalidate = useInvalidate();
  return () => invalidate(CHANGES);
};

export function useRequestDiscount() {
  const invalidate = useInvalidateDiscounts();
  return useMutation({
    mutationFn: (body: CreateDiscountBody) => api.post<Discount>('/discounts', body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateDiscount() {
  const invalidate = useInvalidateDiscounts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateDiscountBody }) => api.put<Discount>(`/discounts/${id}`, body),
    onSuccess: () => invalidate(),
  });
}

/** approve / reject / cancel / complete; reject carries the reason, the others no body. */
export function useDiscountTransition() {
  const invalidate = useInvalidateDiscounts();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: DiscountAction; body?: RejectDiscountBody }) =>
      api.put<Discount>(`/discounts/${id}/${action}`, body),
    // A refused change (409: someone else acted first) also means the list on screen is stale.
    onSettled: () => invalidate(),
  });
}

/** GET /discounts/{id}/quote: what approving would give today, priced by the server (the approve dialog). */
export const discountQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: keys.discounts.quote(id),
    queryFn: ({ signal }) => api.get<DiscountQuote>(`/discounts/${id}/quote`, { signal }),
    staleTime: 0,
    retry: false,
  });

/** POST /discounts/bulk/{approve,reject}: each discount decided on its own; the answer holds each one's outcome. */
export function useBulkDiscountDecision() {
  const invalidate = useInvalidateDiscounts();
  return useMutation({
    mutationFn: ({ action, ids, reason }: { action: 'approve' | 'reject'; ids: string[]; reason?: string }) =>
      api.post<BulkResult>(
        `/discounts/bulk/${action}`,
        action === 'reject' ? { ids, rejection_reason: reason } : { ids },
      ),
    onSettled: () => invalidate(),
  });
}
