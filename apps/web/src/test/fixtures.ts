import type { Role, User } from '@echeq/contract';
import { vi } from 'vitest';

export function makeUser(role: Role = 'BANK_ADMIN', overrides: Partial<User> = {}): User {
  return {
    id: '7d1c4f0e-8a51-4b43-9a55-3f0f2f9a1a01',
    email: 'admin@banco.example',
    role,
    company_name: 'Banco Demo',
    cuit: '30712345671',
    full_name: 'Ana Pérez',
    status: 'ACTIVE',
    mfa_enabled: false,
    last_login: '2024-03-05T17:30:00.000Z',
    tenant_id: '2b0f1a1e-0c8e-4a57-8f43-6e0b8f3c9d10',
    tenant_nombre: 'Banco Demo',
    tenant_codigo: 'BDEMO',
    created_at: '2024-01-01T12:00:00.000Z',
    must_change_password: false,
    confirmed: true,
    company_approval: null,
    added_by: null,
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (request: { body: unknown; headers: Record<string, string> }) => Response | Promise<Response>;

/**
 * Stubs `fetch` with handlers keyed by 'METHOD /api/path'; unknown calls answer 404. Returns the mock to inspect
 * calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = async (input: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input).split('?')[0]}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ key, url: String(input), body, headers });
    const handler = handlers[key];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', message: 'Recurso no encontrado' });
    return handler({ body, headers });
  };
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export function signInStored(user: User, token = 'stored.token.value') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
}
