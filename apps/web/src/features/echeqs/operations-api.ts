import type { ActionType, CurrentAccount, Echeq, EndorseBody, IssueBody, Tray, TrayPage } from '@echeq/contract';
import { keepPreviousData, type QueryKey, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** A tray's page, and `q`: a number, registry id, CUIT or part of a name of the issuer or beneficiary. */
type TrayParams = { page: number; limit: number; cursor?: string | undefined; q?: string | undefined };

/** GET /echeqs/trays/{tray}: one page of a company's tray (newest first), with the counts of all six trays. */
export const trayQuery = (tray: Tray, q: TrayParams) =>
  queryOptions({
    queryKey: keys.echeqs.tray(tray, q),
    queryFn: ({ signal }) =>
      api.get<TrayPage>(`/echeqs/trays/${tray}`, {
        query: { page: q.page, limit: q.limit, cursor: q.cursor, q: q.q?.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** The first page of Recibidos, asked for its counts while another view is on screen (the tabs' badges). */
export const FIRST_PAGE = { page: 1, limit: 10 };

/** GET /accounts: the company's current accounts and chequebooks (the issue dialog's choices). */
export const accountsQuery = () =>
  queryOptions({
    queryKey: keys.accounts.list(),
    queryFn: ({ signal }) => api.get<CurrentAccount[]>('/accounts', { signal }),
  });

/** The route of each operation on an existing cheque (LIFECYCLE §8). */
const ROUTES: Partial<Record<ActionType, string>> = {
  ACCEPT: 'accept',
  REPUDIATE: 'repudiate',
  ANNUL: 'annul',
  ENDORSE: 'endorse',
  ACCEPT_ENDORSEMENT: 'endorsement/accept',
  REPUDIATE_ENDORSEMENT: 'endorsement/repudiate',
  ANNUL_ENDORSEMENT: 'endorsement/annul',
  CUSTODY: 'custody',
  RESCUE: 'rescue',
  DEPOSIT: 'deposit',
  PAY: 'pay',
  REJECT: 'reject',
};

function operationPath(id: string, action: ActionType): string | null {
  const route = ROUTES[action];
  return route ? `/echeqs/${id}/${route}` : null;
}

/**
 * What an operation makes stale: the trays and their counts, the book's list and the cheque itself (under the
 * list's prefix), the dashboard's pending counts; custody, rescue and deposit also open or close a custody record
 * (the custody screen and its figures); an issue also takes a number of the account's chequebook.
 */
function staleAfter(action: ActionType | 'ISSUE'): QueryKey[] {
  const out: QueryKey[] = [keys.echeqs.trays(), keys.echeqs.lists(), keys.reports.pending()];
  if (action === 'CUSTODY' || action === 'RESCUE' || action === 'DEPOSIT') {
    out.push(keys.custody.all(), keys.reports.custodyAll());
  }
  if (action === 'ISSUE') out.push(keys.accounts.all());
  return out;
}

/** An operation the user chose on a cheque (its confirmation opens), and its outcome. */
export type OperationTarget = { action: ActionType; echeq: Echeq };
export type OperationDone = { notice: { severity: 'success' | 'info'; text: string }; echeq: Echeq };

export type OperationInput = { id: string; action: ActionType; body?: { motivo: string } | EndorseBody };

/** POST /echeqs/{id}/{operation}: 200 with the cheque, or 202 with `syncing: true` while the registry answers. */
export function useOperate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, body }: OperationInput) => {
      const path = operationPath(id, action);
      if (!path) throw new Error(`Operación no disponible: ${action}`);
      return api.post<Echeq>(path, body ?? {});
    },
    // A refusal (409: the cheque changed meanwhile) also means the screen is stale.
    onSettled: (_d, _e, v) => invalidate(staleAfter(v.action)),
  });
}

/** POST /echeqs/issue: 201 with the new cheque (EMITIDO-PENDIENTE), in the issuer's Emitidos. */
export function useIssue() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: IssueBody) => api.post<Echeq>('/echeqs/issue', body),
    onSuccess: () => invalidate(staleAfter('ISSUE')),
  });
}
