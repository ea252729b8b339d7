import type { Page } from '@echeq/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * A list page as the server answers it: the contract's page (`total` may be an estimate on very large books,
 * then `totalIsEstimate`), and on the cheque lists the keyset cursor of the rows right after this page.
 */
export type ListPage<T> = Page<T> & { nextCursor?: string | null };

/** What every paged list asks for (the contract's `List…Query` types add the cursor and each list's filters). */
type PageParams = { page: number; limit: number };

/**
 * GET `path` for one page of a server-paged list: texts are trimmed and empty filters left out; the previous
 * page stays on screen while the next loads (`isPlaceholderData` says so).
 */
export function pagedQuery<T, P extends PageParams>(queryKey: readonly [...unknown[], P], path: string, params: P) {
  const query: Record<string, string | number | undefined> = {};
  for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
    if (typeof v === 'string') query[k] = v.trim() || undefined;
    else if (typeof v === 'number') query[k] = v;
  }
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<ListPage<T>>(path, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
