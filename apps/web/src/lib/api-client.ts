import { ApiError, type ApiErrorCode, type FieldError } from './api-error';
import { clearSession, readToken } from './session-storage';

export const API_BASE = '/api';
/** Request timeout (specification §9). */
export const REQUEST_TIMEOUT_MS = 10_000;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  /** Caller's signal (e.g. TanStack Query's); aborting it rejects with the AbortError untouched. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A 401 on this call is the caller's business: no sign-out, no redirect (the login call itself). */
  skipUnauthorizedHandling?: boolean;
};

/** `{ success: true, message?, data }`: the contract's success envelope. */
export type Envelope<T> = { success: true; message?: string; data: T };

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called after any 401 (token and user already removed). Without a listener the browser is sent to /login; the
 * app registers one that signs out and navigates inside the router.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function handleUnauthorized(): void {
  clearSession();
  if (unauthorizedListeners.size === 0) {
    if (window.location.pathname !== '/login') window.location.assign('/login');
    return;
  }
  for (const listener of [...unauthorizedListeners]) listener();
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function toFieldErrors(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((e): e is { path: unknown; message: unknown } => typeof e === 'object' && e !== null)
    .map((e) => ({ path: String(e.path ?? ''), message: String(e.message ?? '') }));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const { method = 'GET', body, query, headers, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  const token = readToken();
  const requestHeaders: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) requestHeaders['Content-Type'] = 'application/json';
  if (token) requestHeaders.Authorization = `Bearer ${token}`;
  Object.assign(requestHeaders, headers);

  try {
    return await fetch(buildUrl(path, query), {
      method,
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) {
      throw new ApiError({
        status: 0,
        code: 'TIMEOUT',
        message: 'El servidor tardó demasiado en responder. Intente nuevamente.',
      });
    }
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'No se pudo conectar con el servidor.' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

async function failure(response: Response, options: ApiRequestOptions): Promise<never> {
  const payload = (await readJson(response)) as { message?: unknown; code?: unknown; errors?: unknown } | undefined;
  if (response.status === 401 && !options.skipUnauthorizedHandling) handleUnauthorized();
  throw new ApiError({
    status: response.status,
    code: (typeof payload?.code === 'string' ? payload.code : 'INVALID_RESPONSE') as ApiErrorCode,
    message:
      typeof payload?.message === 'string' && payload.message
        ? payload.message
        : `Error inesperado del servidor (${response.status}).`,
    errors: toFieldErrors(payload?.errors),
  });
}

/**
 * One call to the API, returning the whole success body (`{ success: true, ... }`). Non-2xx answers and bodies
 * with `success: false` throw an {@link ApiError}.
 */
export async function apiRequest<T = Envelope<unknown>>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) return failure(response, options);
  const payload = await readJson(response);
  if (typeof payload !== 'object' || payload === null) {
    if (response.status === 204) return { success: true } as T;
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: 'Respuesta inválida del servidor.',
    });
  }
  const envelope = payload as { success?: unknown; message?: unknown; code?: unknown; errors?: unknown };
  if (envelope.success === false) {
    throw new ApiError({
      status: response.status,
      code: (typeof envelope.code === 'string' ? envelope.code : 'INVALID_RESPONSE') as ApiErrorCode,
      message: typeof envelope.message === 'string' ? envelope.message : 'Error inesperado del servidor.',
      errors: toFieldErrors(envelope.errors),
    });
  }
  return payload as T;
}

type VerbOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

/** The verbs return the envelope's `data`; use {@link apiRequest} when the `message` or top-level fields matter. */
export const api = {
  get: <T>(path: string, options?: VerbOptions) =>
    apiRequest<Envelope<T>>(path, { ...options, method: 'GET' }).then((b) => b.data),
  post: <T>(path: string, body?: unknown, options?: VerbOptions) =>
    apiRequest<Envelope<T>>(path, { ...options, method: 'POST', body: body ?? {} }).then((b) => b.data),
  put: <T>(path: string, body?: unknown, options?: VerbOptions) =>
    apiRequest<Envelope<T>>(path, { ...options, method: 'PUT', body: body ?? {} }).then((b) => b.data),
  patch: <T>(path: string, body?: unknown, options?: VerbOptions) =>
    apiRequest<Envelope<T>>(path, { ...options, method: 'PATCH', body: body ?? {} }).then((b) => b.data),
  delete: <T>(path: string, options?: VerbOptions) =>
    apiRequest<Envelope<T>>(path, { ...options, method: 'DELETE' }).then((b) => b.data),
};

/** Downloads a file (CSV, XLSX reports) with the session's token; errors as in {@link apiRequest}. */
export async function apiDownload(
  path: string,
  options: VerbOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, { ...options, method: 'GET' });
  if (!response.ok) return failure(response, options);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), filename: match?.[1] ? decodeURIComponent(match[1]) : null };
}

export type DownloadProgress = { bytes: number; rows: number | null; totalRows: number | null };

/** Data rows in CSV text so far: record breaks outside quotes, less the header (state carried between chunks). */
function csvRowCounter() {
  let quoted = false;
  let breaks = 0;
  return (chunk: string) => {
    for (const ch of chunk) {
      if (ch === '"') quoted = !quoted;
      else if (ch === '\n' && !quoted) breaks += 1;
    }
    return Math.max(0, breaks - 1);
  };
}

/**
 * Downloads a streamed export with the session's token, reading the body as it arrives: `onProgress` hears the
 * bytes, the CSV rows so far and the total the server counted (X-Export-Rows). Abort with `signal` to cancel.
 */
export async function apiDownloadStream(
  path: string,
  options: VerbOptions & { onProgress?: (p: DownloadProgress) => void } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const { onProgress, ...rest } = options;
  const response = await send(path, { ...rest, method: 'GET', timeoutMs: rest.timeoutMs ?? 30_000 });
  if (!response.ok) return failure(response, rest);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const filename = match?.[1] ? decodeURIComponent(match[1]) : null;
  const total = Number(response.headers.get('X-Export-Rows'));
  const totalRows = Number.isFinite(total) && total >= 0 && response.headers.has('X-Export-Rows') ? total : null;
  const isCsv = (response.headers.get('Content-Type') ?? '').includes('csv');
  const reader = response.body?.getReader();
  if (!reader) return { blob: await response.blob(), filename };
  const chunks: BlobPart[] = [];
  const decoder = new TextDecoder();
  const count = csvRowCounter();
  let bytes = 0;
  let rows: number | null = isCsv ? 0 : null;
  onProgress?.({ bytes, rows, totalRows });
  // Cancelling stops the reading at once (a real fetch also fails its body; a stream handed over may not).
  const stop = () => void reader.cancel().catch(() => undefined);
  rest.signal?.addEventListener('abort', stop, { once: true });
  for (;;) {
    const { done, value } = await reader.read();
    if (rest.signal?.aborted) throw new DOMException('Exportación cancelada', 'AbortError');
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (isCsv) rows = count(decoder.decode(value, { stream: true }));
    onProgress?.({ bytes, rows, totalRows });
  }
  return { blob: new Blob(chunks, { type: response.headers.get('Content-Type') ?? undefined }), filename };
}
