import type { ChequeHistoryEntry } from '@echeq/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys } from '../../lib/query-keys';

/** `GET /echeqs/{id}/history`: a registry cheque's events as the caller's bank heard them, oldest first. */
export const chequeHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: keys.echeqs.history(id),
    queryFn: ({ signal }) => api.get<ChequeHistoryEntry[]>(`/echeqs/${id}/history`, { signal }),
  });
