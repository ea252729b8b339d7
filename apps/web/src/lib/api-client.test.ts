import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, api, apiDownload, apiRequest, buildUrl, onUnauthorized, REQUEST_TIMEOUT_MS } from './api-client';
import { ApiError, fieldErrorsOf, messageOf } from './api-error';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const unauthorizedBody = {
  success: false,
  code: 'UNAUTHORIZED',
  message: 'Sesión inválida o expirada. Inicie sesión nuevamente.',
};

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'abc.def.ghi');
    localStorage.setItem('user', JSON.stringify({ email: 'admin@banco.example' }));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls /api with JSON and the bearer token, and returns the envelope data', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, data: { id: 1 } }));
    await expect(api.post('/echeqs', { number: 'A1' })).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${API_BASE}/echeqs`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"number":"A1"}');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer abc.def.ghi');
  });

  it('leaves out the Authorization header without a token', async () => {
    localStorage.removeItem('token');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, data: [] }));
    await api.get('/echeqs');
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/echeqs/custody', { page: 2, limit: 10, status: undefined, search: '' })).toBe(
      '/api/echeqs/custody?page=2&limit=10',
    );
  });

  it('throws an ApiError with status, code, Spanish message and field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Los datos enviados no son válidos',
        errors: [{ path: 'cuit', message: 'CUIT inválido' }],
      }),
    );
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Los datos enviados no son válidos',
    });
    expect(fieldErrorsOf(error)).toEqual({ cuit: 'CUIT inválido' });
    expect(localStorage.getItem('token')).toBe('abc.def.ghi');
  });

  it('on a 401 removes token and user and sends the browser to /login', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/echeqs', assign });
    fetchMock.mockResolvedValue(jsonResponse(401, unauthorizedBody));
    const error = await api.get('/echeqs').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('on a 401 tells the registered listener instead of reloading the page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/echeqs', assign });
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fetchMock.mockResolvedValue(jsonResponse(401, unauthorizedBody));
    await api.get('/reports/custody').catch(() => undefined);
    off();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('leaves the session alone on the login call 401', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas' }),
    );
    const error = await apiRequest('/auth/login', {
      method: 'POST',
      body: { email: 'x@y.z', password: 'nope' },
      skipUnauthorizedHandling: true,
    }).catch((e: unknown) => e);
    off();
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas' });
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('abc.def.ghi');
  });

  it('passes other errors to the caller without touching the session', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(403, { success: false, code: 'FORBIDDEN', message: 'No tiene permisos para realizar esta acción' }),
    );
    await expect(api.put('/discounts/1/approve')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(localStorage.getItem('token')).toBe('abc.def.ghi');
  });

  it('turns a network failure into a NETWORK_ERROR with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/echeqs').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(messageOf(error, 'Error al cargar los ECHEQs')).toBe('Error al cargar los ECHEQs');
  });

  it('gives up after the 10 s timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/system/status').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('treats a body with success false as an error', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: false, code: 'CONFLICT', message: 'No se puede' }));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'CONFLICT', message: 'No se puede' });
  });
});

describe('apiDownload', () => {
  it('returns the file with the name from Content-Disposition, sending the token', async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response('a;b\n1;2\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="custodia.csv"' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'tok');
    const { blob, filename } = await apiDownload('/reports/custody.csv');
    expect(filename).toBe('custodia.csv');
    expect(await blob.text()).toBe('a;b\n1;2\n');
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });
});
