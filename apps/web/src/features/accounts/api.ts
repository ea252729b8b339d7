import type { AccountClient, CurrentAccount, OpenAccountBody } from '@echeq/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiRequest, type Envelope } from '../../lib/api-client';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** GET /accounts (a bank's: `company_id` narrows it to one client). */
export const accountsQuery = (companyId?: string) =>
  queryOptions({
    queryKey: keys.accounts.list(companyId),
    queryFn: ({ signal }) =>
      api.get<CurrentAccount[]>('/accounts', { signal, query: companyId ? { company_id: companyId } : {} }),
  });

/** GET /accounts/clients: the client companies the caller sees, with their number of accounts. */
export const accountClientsQuery = () =>
  queryOptions({
    queryKey: keys.accounts.clients(),
    queryFn: ({ signal }) => api.get<AccountClient[]>('/accounts/clients', { signal }),
  });

/** Every change of an account or chequebook shows in the lists and in the clients' counts. */
const CHANGED = [keys.accounts.all()];

export function useOpenAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: OpenAccountBody) => api.post<CurrentAccount>('/accounts', body),
    onSuccess: () => invalidate(CHANGED),
  });
}

/** POST /accounts/{id}/chequebooks: the answer's message says whether it is active or awaits the bank. */
export function useRequestChequebook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (accountId: string) =>
      apiRequest<Envelope<CurrentAccount>>(`/accounts/${accountId}/chequebooks`, { method: 'POST', body: {} }),
    onSuccess: () => invalidate(CHANGED),
  });
}

export function useActivateChequebook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ accountId, chequebookId }: { accountId: string; chequebookId: string }) =>
      api.post<CurrentAccount>(`/accounts/${accountId}/chequebooks/${chequebookId}/activate`),
    onSuccess: () => invalidate(CHANGED),
  });
}
