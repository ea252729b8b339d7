/**
 * Property-based fuzzing of every write route from its zod schema (fast-check): valid, nearly valid and hostile
 * bodies. Always a 4xx in the contract's error shape (or a 2xx for a valid body; 503 only with a clearing-house code),
 * never a 5xx; a body the schema refuses is a 400 (413 when oversize); a refused request stores nothing (row counts of
 * every table a write can touch, the audit trail included, are unchanged); no answer carries a stack trace or SQL.
 * FUZZ_RUNS (default 100) sets the cases per route; FUZZ_SEED replays a run.
 */
import {
  changePasswordBodySchema,
  coelsaConfigBodySchema,
  coelsaOperationBodySchema,
  createCustodyBodySchema,
  createDiscountBodySchema,
  createEcheqBodySchema,
  createTenantBodySchema,
  createUserBodySchema,
  loginBodySchema,
  mfaCodeBodySchema,
  mfaDisableBodySchema,
  registerBodySchema,
  rejectDiscountBodySchema,
  releaseCustodyBodySchema,
  transitionDiscountBodySchema,
  updateDiscountBodySchema,
  updateEcheqBodySchema,
  updateProfileBodySchema,
  updateSettingsBodySchema,
  updateTenantBodySchema,
  updateUserBodySchema,
} from '@echeq/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { build, type Res, strongPassword, TEST_ENGINE, type TestServer } from '../helpers';
import { casesFor, commonOverrides, type Overrides } from './fuzz-arbitraries';
import { cuitFor, custodyBody, expectErrorShape, expectNoLeak, rowCounts, uniqueNumber } from './support';

z.config(z.locales.es());

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const CLEARING_CODES = new Set(['COELSA_NOT_CONFIGURED', 'COELSA_NOT_AVAILABLE', 'SANDBOX_NOT_CONFIGURED']);

type Target = {
  name: string;
  method: 'POST' | 'PUT';
  path: () => string;
  token: () => string | null;
  schema: z.ZodType;
  overrides?: Overrides;
  /** After a 2xx (e.g. a changed password gives a new token). */
  onOk?: (res: Res, body: unknown) => void;
};

/** What the server's JSON parser accepts (same rules: no poisoned keys, at most 32 levels). */
function serverParse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    const value = JSON.parse(text, (k, v) => {
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') throw new Error('poison');
      return v;
    });
    const depth = (v: unknown): number =>
      v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0;
    if (depth(value) > 32) return { ok: false };
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

describe(`fuzzing every write route (${RUNS} cases each, seed ${SEED})`, () => {
  let s: TestServer;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let fuzzPassword = strongPassword('fuzz');
  const totals = { cases: 0, ok2xx: 0, refused4xx: 0 };

  beforeAll(async () => {
    s = await build();
    [tok.emisor, tok.admin, tok.root] = await Promise.all([
      s.login('emisor@empresa.example'),
      s.login('admin@banco.example'),
      s.login('superadmin@plataforma.example'),
    ]);
    const n = Date.now() % 10_000_000;
    const reg = await s.req('POST', '/api/auth/register', {
      body: { email: `fuzz-${n}@empresa.example`, password: fuzzPassword, company_name: 'Fuzz S.A.', cuit: cuitFor(n) },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    tok.fuzz = reg.body.data.token;

    const cheque = await s.req('POST', '/api/echeqs', {
      token: tok.emisor,
      body: { ...custodyBody(), number: uniqueNumber('2') },
    });
    ids.cheque = cheque.body.data.id;
    const released = await s.req('POST', '/api/echeqs/custody', { token: tok.emisor, body: custodyBody() });
    ids.custody = released.body.data.custody.id;
    const held = await s.req('POST', '/api/echeqs/custody', { token: tok.emisor, body: custodyBody() });
    ids.held = held.body.data.echeq.id;
    // A discount needs the cheque validated by the clearing house.
    await s.req('GET', `/api/echeqs/validate/${ids.held}`, { token: tok.emisor });
    const d = await s.req('POST', '/api/discounts', {
      token: tok.emisor,
      body: { echeq_id: ids.held, requested_amount: 1000 },
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    ids.discount = d.body.data.id;
    const u = await s.req('POST', '/api/users', {
      token: tok.admin,
      body: { email: `fuzz-target-${n}@banco.example`, password: strongPassword('fuzz'), role: 'BANK_OPERATOR' },
    });
    ids.user = u.body.data.id;
    const t = await s.req('POST', '/api/admin/tenants', {
      token: tok.root,
      body: { nombre: 'Banco Fuzz', codigo: `FZ${n}`, cuit: cuitFor(n + 1), tipo: 'BANCO' },
    });
    ids.tenant = t.body.data.id;
    ids.bdemo = (await s.db.query<{ id: string }>("select id from tenants where codigo = 'BDEMO'")).rows[0]!.id;
  });

  afterAll(async () => {
    console.info(
      `Fuzz (${TEST_ENGINE}, seed ${SEED}): ${totals.cases} cases, ${totals.ok2xx} accepted, ${totals.refused4xx} refused, 0 server errors`,
    );
    await s?.close();
  });

  const targets = (): Target[] => {
    const uuids = [ids.held!, ids.cheque!, ids.tenant!, ids.bdemo!, '00000000-0000-4000-8000-000000000000'];
    const common = commonOverrides({ uuids });
    const list: Target[] = [
      {
        name: 'POST /echeqs',
        method: 'POST',
        path: () => '/api/echeqs',
        token: () => tok.emisor!,
        schema: createEcheqBodySchema,
      },
      {
        name: 'POST /echeqs/custody',
        method: 'POST',
        path: () => '/api/echeqs/custody',
        token: () => tok.emisor!,
        schema: createCustodyBodySchema,
      },
      {
        name: 'PUT /echeqs/:id',
        method: 'PUT',
        path: () => `/api/echeqs/${ids.cheque}`,
        token: () => tok.emisor!,
        schema: updateEcheqBodySchema,
        overrides: { version: fc.integer({ min: 1, max: 5 }) },
      },
      {
        name: 'PUT /echeqs/custody/:id/release',
        method: 'PUT',
        path: () => `/api/echeqs/custody/${ids.custody}/release`,
        token: () => tok.emisor!,
        schema: releaseCustodyBodySchema,
      },
      {
        name: 'POST /discounts',
        method: 'POST',
        path: () => '/api/discounts',
        token: () => tok.emisor!,
        schema: createDiscountBodySchema,
      },
      {
        name: 'PUT /discounts/:id',
        method: 'PUT',
        path: () => `/api/discounts/${ids.discount}`,
        token: () => tok.emisor!,
        schema: updateDiscountBodySchema,
      },
      ...(['approve', 'cancel', 'complete'] as const).map(
        (a): Target => ({
          name: `PUT /discounts/:id/${a}`,
          method: 'PUT',
          path: () => `/api/discounts/${ids.discount}/${a}`,
          token: () => (a === 'cancel' ? tok.emisor! : tok.admin!),
          schema: transitionDiscountBodySchema,
        }),
      ),
      {
        name: 'PUT /discounts/:id/reject',
        method: 'PUT',
        path: () => `/api/discounts/${ids.discount}/reject`,
        token: () => tok.admin!,
        schema: rejectDiscountBodySchema,
      },
      {
        name: 'POST /users',
        method: 'POST',
        path: () => '/api/users',
        token: () => tok.admin!,
        schema: createUserBodySchema,
      },
      {
        name: 'PUT /users/:id',
        method: 'PUT',
        path: () => `/api/users/${ids.user}`,
        token: () => tok.admin!,
        schema: updateUserBodySchema,
      },
      {
        name: 'POST /admin/tenants',
        method: 'POST',
        path: () => '/api/admin/tenants',
        token: () => tok.root!,
        schema: createTenantBodySchema,
      },
      {
        name: 'PUT /admin/tenants/:id',
        method: 'PUT',
        path: () => `/api/admin/tenants/${ids.tenant}`,
        token: () => tok.root!,
        schema: updateTenantBodySchema,
      },
      {
        name: 'POST /admin/tenants/:id/coelsa-config',
        method: 'POST',
        path: () => `/api/admin/tenants/${ids.tenant}/coelsa-config`,
        token: () => tok.root!,
        schema: coelsaConfigBodySchema,
        overrides: { timeout: fc.constantFrom(100, 150, 30_000) },
      },
      {
        name: 'POST /admin/tenants/:id/coelsa-config/test',
        method: 'POST',
        path: () => `/api/admin/tenants/${ids.tenant}/coelsa-config/test`,
        token: () => tok.root!,
        schema: z.strictObject({}).nullish(),
      },
      {
        name: 'POST /integration/coelsa/operation',
        method: 'POST',
        path: () => '/api/integration/coelsa/operation',
        token: () => tok.emisor!,
        schema: coelsaOperationBodySchema,
      },
      {
        name: 'PUT /settings',
        method: 'PUT',
        path: () => '/api/settings',
        token: () => tok.root!,
        schema: updateSettingsBodySchema,
      },
      {
        name: 'POST /auth/register',
        method: 'POST',
        path: () => '/api/auth/register',
        token: () => null,
        schema: registerBodySchema,
        overrides: { tenant_codigo: fc.constantFrom('BDEMO', 'BSUR', 'bsur', 'NOEXISTE', 'FDEMO') },
      },
      {
        name: 'POST /auth/login',
        method: 'POST',
        path: () => '/api/auth/login',
        token: () => null,
        schema: loginBodySchema,
        overrides: { email: fc.constantFrom('emisor@empresa.example', 'nadie@fuzz.example', 'EMISOR@EMPRESA.EXAMPLE') },
      },
      {
        name: 'PUT /auth/profile',
        method: 'PUT',
        path: () => '/api/auth/profile',
        token: () => tok.fuzz!,
        schema: updateProfileBodySchema,
      },
      {
        name: 'PUT /auth/change-password',
        method: 'PUT',
        path: () => '/api/auth/change-password',
        token: () => tok.fuzz!,
        schema: changePasswordBodySchema,
        overrides: { currentPassword: fc.constantFrom('__current__', 'Incorrecta1') },
        onOk: (res, body) => {
          tok.fuzz = res.body.data.token;
          fuzzPassword = (body as { newPassword: string }).newPassword;
        },
      },
      {
        name: 'POST /auth/mfa/enable',
        method: 'POST',
        path: () => '/api/auth/mfa/enable',
        token: () => tok.fuzz!,
        schema: mfaCodeBodySchema,
      },
      {
        name: 'POST /auth/mfa/disable',
        method: 'POST',
        path: () => '/api/auth/mfa/disable',
        token: () => tok.fuzz!,
        schema: mfaDisableBodySchema,
      },
    ];
    return list.map((t) => ({ ...t, overrides: { ...common, ...(t.overrides ?? {}) } }));
  };

  it('no input yields a 5xx, a refused body stores nothing, no answer leaks internals', {
    timeout: 600_000,
  }, async () => {
    const problems: string[] = [];
    const started = Date.now();
    const list = targets();
    const timings: string[] = [];
    for (const [i, t] of list.entries()) {
      const cases = fc.sample(casesFor(t.schema, t.overrides!), { numRuns: RUNS, seed: SEED + i });
      const routeStarted = Date.now();
      let counts = await rowCounts(s.db);
      for (const c of cases) {
        // The current password is only known at run time.
        let body: unknown = c.kind === 'json' ? c.body : undefined;
        if (body && typeof body === 'object' && (body as Record<string, unknown>).currentPassword === '__current__') {
          body = { ...(body as object), currentPassword: fuzzPassword };
        }
        const text = c.kind === 'raw' ? c.text : JSON.stringify(body);
        const res = await s.req(t.method, t.path(), {
          token: t.token(),
          raw: text ?? '',
          headers: { 'content-type': 'application/json' },
        });
        totals.cases++;
        const label = `${t.name} [${c.label}] → ${res.status} ${res.body?.code ?? ''} ${String(res.body?.message ?? '').slice(0, 80)}`;
        const parsed = serverParse(text ?? '');
        const oversize = Buffer.byteLength(text ?? '') > 1024 * 1024;
        const valid = !oversize && parsed.ok && t.schema.safeParse(parsed.value).success;
        try {
          expectNoLeak(res, label);
          if (res.status >= 500 && !(res.status === 503 && CLEARING_CODES.has(res.body?.code))) {
            problems.push(`${label}: error del servidor`);
          }
          if (!valid) {
            const expected = oversize ? 413 : 400;
            if (res.status !== expected) problems.push(`${label}: ${expected} esperado`);
          }
          if (res.status >= 400) {
            expectErrorShape(res, label);
            totals.refused4xx++;
            const after = await rowCounts(s.db);
            if (JSON.stringify(after) !== JSON.stringify(counts)) {
              problems.push(`${label}: una solicitud rechazada cambió ${JSON.stringify(diff(counts, after))}`);
            }
            counts = after;
          } else {
            totals.ok2xx++;
            t.onOk?.(res, body);
            counts = await rowCounts(s.db);
          }
        } catch (err) {
          problems.push(`${label}: ${(err as Error).message.split('\n')[0]}`);
        }
        if (problems.length > 20) break;
      }
      timings.push(`${t.name} ${Date.now() - routeStarted} ms`);
    }
    console.info(
      `Fuzz: ${list.length} routes in ${Math.round((Date.now() - started) / 1000)} s (${timings.join(', ')})`,
    );
    expect(problems, `seed ${SEED}`).toEqual([]);
  });
});

function diff(a: Record<string, number>, b: Record<string, number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(b)) if (a[k] !== b[k]) out[k] = `${a[k]} → ${b[k]}`;
  return out;
}
