import { type QueryFunction, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../lib/api-error';

/** A feature's `queryOptions` of one record by its id. */
type ById = (id: string) => { queryKey: QueryKey; queryFn?: unknown };

/**
 * The record a list's dialog shows when the address names it by id: the row on screen when the page has it, else
 * the record asked by id (`byId`, where the API has that call). While a changed record is asked again, the last one
 * shown stays; `show` puts an operation's answer on screen until the list answers again. When the id names nothing
 * the user may see (404; without `byId`, nothing on the page) `onMissing` is called once, to drop it.
 */
export function useOpenRecord<T extends { id: string }>(opts: {
  id: string;
  /** The page's rows; undefined while the page on screen is not the current one. */
  rows: readonly T[] | undefined;
  byId?: ById;
  onMissing: () => void;
}): { record: T | null; show: (record: T) => void } {
  const { id, rows, byId } = opts;
  const inRows = id ? rows?.find((r) => r.id === id) : undefined;
  const options = byId && id ? byId(id) : null;
  const q = useQuery({
    queryKey: options?.queryKey ?? ['open-record', 'none'],
    queryFn: (options?.queryFn ?? (() => null)) as QueryFunction<T | null>,
    enabled: Boolean(options && !inRows),
    retry: false,
  });
  const fetched = options && q.data ? (q.data as T) : undefined;
  const [shown, setShown] = useState<{ record: T; rows: typeof rows; fetched: T | undefined } | null>(null);
  const last = useRef<T | null>(null);

  let record: T | null = inRows ?? fetched ?? null;
  if (shown && shown.record.id === id && shown.rows === rows && shown.fetched === fetched) record = shown.record;
  if (!record && id && last.current?.id === id && (!rows || q.isFetching)) record = last.current;
  last.current = record;

  const notFound = isApiError(q.error) && q.error.status === 404;
  const missing = Boolean(id) && !inRows && (options ? notFound : rows !== undefined);
  const onMissing = useRef(opts.onMissing);
  onMissing.current = opts.onMissing;
  useEffect(() => {
    if (missing) onMissing.current();
  }, [missing]);
  return { record: id ? record : null, show: (r) => setShown({ record: r, rows, fetched }) };
}

/**
 * The record a server-paged list's `detail` (in the address, `useListParams`'s extras) names: the list's rows while
 * the page on screen is the current one, else asked by id (`byId`); a `detail` naming nothing the user may see is
 * dropped from the address.
 */
export function useOpenDetail<T extends { id: string }>(
  url: { extras: { detail: string }; drop: (key: 'detail') => void },
  list: { isPlaceholderData: boolean; data?: { data: readonly T[] } | undefined },
  byId?: ById,
) {
  return useOpenRecord({
    id: url.extras.detail,
    rows: list.isPlaceholderData ? undefined : list.data?.data,
    byId,
    onMissing: () => url.drop('detail'),
  });
}
