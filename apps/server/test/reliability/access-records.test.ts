/**
 * The record-level half of the access matrix (the route × role half is test/access-matrix.test.ts): every route that
 * names a record, called by every role on a record of its own company, of another company of its bank and of another
 * bank. Expected: 403 when the permission map refuses the role, 404 NOT_FOUND when the record is outside the role's
 * scope (indistinguishable from a missing one), anything but 403/404 otherwise. Every list answers only rows in scope.
 */
import { can, type Permission, ROLES, type Role } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/platform/db/db';
import { build, type TestServer } from '../helpers';
import { addDays, expectErrorShape, expectNoLeak, today, uniqueNumber } from './support';

const ACCOUNT: Record<Role, string> = {
  SYSTEM_ADMIN: 'superadmin@plataforma.example',
  BANK_ADMIN: 'admin@banco.example',
  BANK_OPERATOR: 'operador@banco.example',
  AUDITOR: 'auditor@banco.example',
  COMPANY_USER: 'emisor@empresa.example',
  COMPANY_AUTHORIZER: 'autorizante@empresa.example',
  BENEFICIARY: 'beneficiario@beneficiario.example',
  FINANCIAL_ENTITY: 'entidad@financiera.example',
  GUARANTOR: 'avalista@avalista.example',
};

/** Records of: the issuer's company (Banco Demo), another company of Banco Demo, a company of Banco Sur. */
const OWNERS = {
  empresa: 'Empresa Demo S.A.',
  beneficiario: 'Beneficiario Demo S.R.L.',
  sur: 'Comercial Sur S.A.',
} as const;
type Owner = keyof typeof OWNERS;

type Where = { tenantId: string; companyId: string | null };
type Book = { echeqId: string; custodyId: string; discountId: string; userId: string; where: Where };
type Who = Where & { role: Role; token: string };

const STALE = 999_999;

async function arrange(db: Queryable, company: string, userEmail: string): Promise<Book> {
  const c = await db.query<{ id: string; tenant_id: string }>('select id, tenant_id from companies where name = $1', [
    company,
  ]);
  const { id: companyId, tenant_id: tenantId } = c.rows[0]!;
  const due = addDays(today(), 50);
  const e = await db.query<{ id: string }>(
    `insert into echeqs (tenant_id, company_id, number, amount, issue_date, due_date, issuer, beneficiary)
     values ($1, $2, $3, 250000, $4, $5, 'Librador Matriz S.A.', 'Tenedor Matriz') returning id`,
    [tenantId, companyId, uniqueNumber('4'), addDays(due, -90), due],
  );
  const echeqId = e.rows[0]!.id;
  const k = await db.query<{ id: string }>(
    `insert into custody (tenant_id, company_id, echeq_id, presentation_deadline) values ($1, $2, $3, $4::date + 30)
     returning id`,
    [tenantId, companyId, echeqId, due],
  );
  const custodyId = k.rows[0]!.id;
  const d = await db.query<{ id: string }>(
    `insert into discounts (tenant_id, company_id, echeq_id, custody_id, requested_amount) values ($1, $2, $3, $4, 1000)
     returning id`,
    [tenantId, companyId, echeqId, custodyId],
  );
  const u = await db.query<{ id: string }>('select id from users where email = $1', [userEmail]);
  return { echeqId, custodyId, discountId: d.rows[0]!.id, userId: u.rows[0]!.id, where: { tenantId, companyId } };
}

function visible(who: Who, rec: Where): boolean {
  if (who.role === 'SYSTEM_ADMIN') return true;
  if (who.tenantId !== rec.tenantId) return false;
  return who.companyId === null || who.companyId === rec.companyId;
}

type Call = {
  name: string;
  permission: Permission;
  method: string;
  path: (b: Book) => string;
  body?: (b: Book) => unknown;
};

/** Each call is harmless for a record in scope: a stale version, a cheque in custody or with an open discount. */
const CALLS: Call[] = [
  { name: 'ver ECHEQ', permission: 'echeqs:read', method: 'GET', path: (b) => `/api/echeqs/${b.echeqId}` },
  {
    name: 'editar ECHEQ',
    permission: 'echeqs:update',
    method: 'PUT',
    path: (b) => `/api/echeqs/${b.echeqId}`,
    body: () => ({ issuer: 'Otro', version: STALE }),
  },
  { name: 'eliminar ECHEQ', permission: 'echeqs:update', method: 'DELETE', path: (b) => `/api/echeqs/${b.echeqId}` },
  {
    name: 'validar ECHEQ',
    permission: 'echeqs:update',
    method: 'GET',
    path: (b) => `/api/echeqs/validate/${b.echeqId}`,
  },
  {
    name: 'consultar en COELSA',
    permission: 'clearing:operate',
    method: 'POST',
    path: () => '/api/integration/coelsa/operation',
    body: (b) => ({ type: 'QUERY_ECHEQ', echeq_id: b.echeqId }),
  },
  {
    name: 'ver custodia',
    permission: 'custody:read',
    method: 'GET',
    path: (b) => `/api/echeqs/custody/${b.custodyId}`,
  },
  {
    name: 'liberar custodia',
    permission: 'custody:release',
    method: 'PUT',
    path: (b) => `/api/echeqs/custody/${b.custodyId}/release`,
    body: () => ({ reason: 'Prueba de alcance', version: STALE }),
  },
  { name: 'ver descuento', permission: 'discounts:read', method: 'GET', path: (b) => `/api/discounts/${b.discountId}` },
  {
    name: 'solicitar descuento',
    permission: 'discounts:request',
    method: 'POST',
    path: () => '/api/discounts',
    body: (b) => ({ echeq_id: b.echeqId, requested_amount: 10 }),
  },
  {
    name: 'editar descuento',
    permission: 'discounts:request',
    method: 'PUT',
    path: (b) => `/api/discounts/${b.discountId}`,
    body: () => ({ notes: 'x', version: STALE }),
  },
  ...(['approve', 'cancel', 'complete'] as const).map(
    (action): Call => ({
      name: `${action} descuento`,
      permission: action === 'cancel' ? 'discounts:cancel' : 'discounts:decide',
      method: 'PUT',
      path: (b) => `/api/discounts/${b.discountId}/${action}`,
      body: () => ({ version: STALE }),
    }),
  ),
  {
    name: 'reject descuento',
    permission: 'discounts:decide',
    method: 'PUT',
    path: (b) => `/api/discounts/${b.discountId}/reject`,
    body: () => ({ rejection_reason: 'Prueba', version: STALE }),
  },
  { name: 'ver usuario', permission: 'users:read', method: 'GET', path: (b) => `/api/users/${b.userId}` },
  {
    name: 'editar usuario',
    permission: 'users:manage',
    method: 'PUT',
    path: (b) => `/api/users/${b.userId}`,
    body: () => ({ full_name: 'Nombre de Prueba' }),
  },
];

/** Tenant-level calls: another bank's id is a 404 for everyone but the system administrator. */
const TENANT_CALLS: Array<{ name: string; permission: Permission; path: (tenantId: string) => string }> = [
  {
    name: 'estado COELSA',
    permission: 'clearing:status',
    path: (t) => `/api/integration/coelsa/status?tenant_id=${t}`,
  },
  { name: 'chequeo COELSA', permission: 'clearing:status', path: (t) => `/api/system/coelsa-config?tenant_id=${t}` },
];

describe('access matrix by record: own company, other company, other bank', () => {
  let s: TestServer;
  const books = {} as Record<Owner, Book>;
  const who = {} as Record<Role, Who>;
  let checked = 0;

  beforeAll(async () => {
    s = await build();
    books.empresa = await arrange(s.db, OWNERS.empresa, 'emisor@empresa.example');
    books.beneficiario = await arrange(s.db, OWNERS.beneficiario, 'beneficiario@beneficiario.example');
    books.sur = await arrange(s.db, OWNERS.sur, 'empresa@sur.example');
    for (const role of ROLES) {
      const u = await s.db.query<{ tenant_id: string | null; company_id: string | null }>(
        'select tenant_id, company_id from users where email = $1',
        [ACCOUNT[role]],
      );
      const row = u.rows[0]!;
      who[role] = { role, token: await s.login(ACCOUNT[role]), tenantId: row.tenant_id!, companyId: row.company_id };
    }
  });
  afterAll(async () => {
    console.info(`Access matrix by record: ${checked} calls checked`);
    await s.close();
  });

  it('every record route × every role × every owner: allowed, 403 or 404 as the map and the scope say', async () => {
    const problems: string[] = [];
    for (const call of CALLS) {
      for (const role of ROLES) {
        const w = who[role];
        for (const owner of Object.keys(OWNERS) as Owner[]) {
          const book = books[owner];
          const rec = book.where;
          const body = call.body?.(book);
          const r = await s.req(call.method, call.path(book), {
            token: w.token,
            ...(body === undefined ? {} : { body }),
          });
          checked++;
          const label = `${call.name} como ${role} sobre ${owner}: ${r.status} ${r.body?.code ?? ''} ${r.body?.message ?? ''}`;
          expectNoLeak(r, label);
          if (r.status >= 400) expectErrorShape(r, label);
          if (!can(role, call.permission)) {
            if (r.status !== 403) problems.push(`${label} (403 esperado)`);
          } else if (!visible(w, rec)) {
            if (r.status !== 404 || r.body?.code !== 'NOT_FOUND') problems.push(`${label} (404 esperado)`);
          } else if (
            r.status === 403 ||
            r.status === 404 ||
            (r.status >= 500 && !/^COELSA|^SANDBOX/.test(r.body?.code))
          ) {
            problems.push(`${label} (permitido esperado)`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('another bank named in a query is a 404 for everyone but the system administrator', async () => {
    const problems: string[] = [];
    for (const call of TENANT_CALLS) {
      for (const role of ROLES) {
        const w = who[role];
        for (const owner of ['empresa', 'sur'] as const) {
          const tenantId = books[owner].where.tenantId;
          const r = await s.req('GET', call.path(tenantId), { token: w.token });
          checked++;
          const label = `${call.name} como ${role} sobre ${owner}: ${r.status} ${r.body?.code ?? ''}`;
          if (!can(role, call.permission)) {
            if (r.status !== 403) problems.push(label);
          } else if (role === 'SYSTEM_ADMIN' || tenantId === w.tenantId) {
            if (r.status !== 200) problems.push(label);
          } else if (r.status !== 404) {
            problems.push(label);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists never include a row outside the caller’s scope, and include the caller’s own', async () => {
    const lists: Array<{ path: string; permission: Permission; table: string; owner: (row: any) => string }> = [
      { path: '/api/echeqs', permission: 'echeqs:read', table: 'echeqs', owner: (r) => r.id },
      { path: '/api/echeqs/custody', permission: 'custody:read', table: 'custody', owner: (r) => r.id },
      { path: '/api/discounts', permission: 'discounts:read', table: 'discounts', owner: (r) => r.id },
      { path: '/api/users', permission: 'users:read', table: 'users', owner: (r) => r.id },
    ];
    const problems: string[] = [];
    for (const list of lists) {
      for (const role of ROLES) {
        const w = who[role];
        const r0 = await s.req('GET', `${list.path}?limit=100`, { token: w.token });
        if (!can(role, list.permission)) {
          expect(r0.status, `${list.path} ${role}`).toBe(403);
          continue;
        }
        expect(r0.status, `${list.path} ${role}`).toBe(200);
        const ids: string[] = [];
        for (let page = 1; ; page++) {
          const r = page === 1 ? r0 : await s.req('GET', `${list.path}?limit=100&page=${page}`, { token: w.token });
          ids.push(...r.body.data.data.map(list.owner));
          if (r.body.data.data.length < 100) break;
        }
        checked++;
        const rows = await s.db.query<{ id: string; tenant_id: string | null; company_id: string | null }>(
          `select id, tenant_id, company_id from ${list.table} where id = any($1::uuid[])`,
          [ids],
        );
        expect(rows.rows.length).toBe(ids.length);
        for (const row of rows.rows) {
          const inScope =
            role === 'SYSTEM_ADMIN' ||
            (row.tenant_id === w.tenantId && (w.companyId === null || row.company_id === w.companyId));
          if (!inScope) problems.push(`${list.path} como ${role} incluye ${list.table} ${row.id} de otro alcance`);
        }
        // The caller's own record of this test is listed (users: only when the role manages its tenant's users).
        const own = (Object.keys(OWNERS) as Owner[]).filter((o) => visible(w, books[o].where));
        for (const o of own) {
          const id =
            list.table === 'echeqs'
              ? books[o].echeqId
              : list.table === 'custody'
                ? books[o].custodyId
                : list.table === 'discounts'
                  ? books[o].discountId
                  : books[o].userId;
          if (!ids.includes(id)) problems.push(`${list.path} como ${role} no lista su propio registro de ${o}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the audit trail answers only the caller’s bank', async () => {
    for (const role of ROLES) {
      const w = who[role];
      const r = await s.req('GET', '/api/audit?limit=100', { token: w.token });
      if (!can(role, 'audit:read')) {
        expect(r.status).toBe(403);
        continue;
      }
      expect(r.status).toBe(200);
      checked++;
      for (const row of r.body.data.data) {
        if (role !== 'SYSTEM_ADMIN') expect(row.tenant_id, `${role} ${row.action}`).toBe(w.tenantId);
      }
    }
  });
});
