import type { CoelsaConfigCheck, CoelsaStatus, Echeq, SimulateReceivedBody } from '@echeq/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiRequest, type Envelope } from '../../lib/api-client';
import { ApiError, isApiError } from '../../lib/api-error';
import { queryKeys as keys, useInvalidate } from '../../lib/query-keys';

/** Specification §8: the configuration check's messages when it fails without a message of the server. */
const CONFIG_CHECK_ERROR = 'Error verificando configuración';
export const CONNECTION_ERROR = 'Error de conexión';

/**
 * `GET /system/coelsa-config`. An unsuccessful answer without a message becomes 'Error verificando configuración';
 * a failure without an answer of the server (network, timeout, a bare 5xx) 'Error de conexión'; otherwise the
 * server's own message.
 */
async function fetchCoelsaConfigCheck(signal?: AbortSignal, tenantId?: string): Promise<CoelsaConfigCheck> {
  let body: Envelope<CoelsaConfigCheck | undefined>;
  try {
    body = await apiRequest<Envelope<CoelsaConfigCheck | undefined>>('/system/coelsa-config', {
      signal,
      query: { tenant_id: tenantId },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!isApiError(error)) throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: CONNECTION_ERROR });
    const fromServer = error.isServerAnswer && error.code !== 'INVALID_RESPONSE';
    if (fromServer) throw error;
    const answered = error.status >= 200 && error.status < 300;
    throw new ApiError({
      status: error.status,
      code: error.code,
      message: answered ? CONFIG_CHECK_ERROR : CONNECTION_ERROR,
    });
  }
  if (!body.data?.config || !body.data.connection || !body.data.recommendations) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: body.message || CONFIG_CHECK_ERROR });
  }
  return body.data;
}

/** The clearing-house configuration check of the caller's bank (or, for the system administrator, `tenantId`'s). */
export const coelsaConfigCheckQuery = (tenantId?: string) =>
  queryOptions({
    queryKey: keys.clearing.configCheck(tenantId),
    queryFn: ({ signal }) => fetchCoelsaConfigCheck(signal, tenantId),
    staleTime: 15_000,
    refetchInterval: 60_000,
    retry: 1,
  });

/** The check as a hook, for screens that adapt to it (e.g. disabling 'Nuevo ECHEQ' when it is not configured). */
export function useCoelsaConfigCheck(tenantId?: string) {
  return useQuery(coelsaConfigCheckQuery(tenantId));
}

/** `GET /integration/coelsa/status`: `{ connected, status, timestamp }` of the caller's bank. */
export const coelsaStatusQuery = (tenantId?: string) =>
  queryOptions({
    queryKey: keys.clearing.status(tenantId),
    queryFn: ({ signal }) =>
      api.get<CoelsaStatus>('/integration/coelsa/status', { signal, query: { tenant_id: tenantId } }),
    staleTime: 0,
    refetchInterval: 60_000,
  });

/**
 * `POST /echeqs/simulate-received` (sandbox): an outside company issues a cheque to a client company. The cheque is
 * in the company's Recibidos and the bank's book at once, and in the dashboard's figures.
 */
export function useSimulateReceived() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SimulateReceivedBody) => api.post<Echeq>('/echeqs/simulate-received', body),
    onSuccess: () => invalidate([keys.echeqs.all(), keys.reports.all()]),
  });
}
