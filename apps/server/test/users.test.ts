import { makeCuit, ROLE_LABELS, type Role, USER_STATUS_LABELS, type UserStatus } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, strongPassword, type TestServer } from './helpers';
import { parseCsv } from './reports-fixtures';

const PASSWORD = strongPassword('usuarios');

async function idOf(s: TestServer, email: string): Promise<string> {
  const r = await s.db.query<{ id: string }>('select id from users where email = $1', [email]);
  return r.rows[0]!.id;
}

async function tenantId(s: TestServer, codigo: string): Promise<string> {
  const r = await s.db.query<{ id: string }>('select id from tenants where codigo = $1', [codigo]);
  return r.rows[0]!.id;
}

async function auditOf(s: TestServer, entityId: string) {
  const r = await s.db.query<{ action: string; actor_email: string; tenant_id: string; before: any; after: any }>(
    'select action, actor_email, tenant_id, before, after from audit_log where entity_id = $1 order by id',
    [entityId],
  );
  return r.rows;
}

describe('users: listing and reading', () => {
  let s: TestServer;
  let admin: string;
  let sysadmin: string;
  let auditor: string;
  beforeAll(async () => {
    s = await build();
    [admin, sysadmin, auditor] = await Promise.all([
      s.login('admin@banco.example'),
      s.login('superadmin@plataforma.example'),
      s.login('auditor@banco.example'),
    ]);
  });
  afterAll(() => s.close());

  it('a bank admin lists only its own tenant, paged, newest first', async () => {
    const r = await s.req('GET', '/api/users?limit=3', { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ page: 1, limit: 3 });
    expect(r.body.data.data).toHaveLength(3);
    const all = await s.req('GET', '/api/users?limit=100', { token: admin });
    const emails = all.body.data.data.map((u: any) => u.email);
    expect(all.body.data.total).toBe(emails.length);
    expect(emails).toContain('emisor@empresa.example');
    expect(emails).not.toContain('admin@bancosur.example');
    expect(emails).not.toContain('superadmin@plataforma.example');
    expect(emails).not.toContain('entidad@financiera.example');
    const bdemo = await tenantId(s, 'BDEMO');
    for (const u of all.body.data.data) {
      expect(u.tenant_id).toBe(bdemo);
      expect(u).not.toHaveProperty('password_hash');
      expect(u).not.toHaveProperty('mfa_secret_enc');
      expect(typeof u.mfa_enabled).toBe('boolean');
    }
    const page2 = await s.req('GET', '/api/users?limit=3&page=2', { token: admin });
    const first = r.body.data.data.map((u: any) => u.id);
    for (const u of page2.body.data.data) expect(first).not.toContain(u.id);
  });

  it('searches by e-mail or company and filters by role and status', async () => {
    const byCompany = await s.req('GET', '/api/users?search=empresa%20demo', { token: admin });
    expect(byCompany.body.data.data.map((u: any) => u.email).sort()).toEqual([
      'autorizante@empresa.example',
      'emisor@empresa.example',
    ]);
    const byEmail = await s.req('GET', '/api/users?search=AUDITOR@', { token: admin });
    expect(byEmail.body.data.data.map((u: any) => u.email)).toEqual(['auditor@banco.example']);
    const wildcard = await s.req('GET', '/api/users?search=%25', { token: admin });
    expect(wildcard.body.data.total).toBe(0);
    const byRole = await s.req('GET', '/api/users?role=BENEFICIARY', { token: admin });
    expect(byRole.body.data.data.map((u: any) => u.email)).toEqual(['beneficiario@beneficiario.example']);
    const suspended = await s.req('GET', '/api/users?status=SUSPENDED', { token: admin });
    expect(suspended.body.data.total).toBe(0);
  });

  it('a system admin lists every tenant and may narrow to one', async () => {
    const all = await s.req('GET', '/api/users?limit=100', { token: sysadmin });
    const emails = all.body.data.data.map((u: any) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@bancosur.example', 'superadmin@plataforma.example']));
    const sur = await s.req('GET', `/api/users?tenant_id=${await tenantId(s, 'BSUR')}`, { token: sysadmin });
    expect(sur.body.data.data.map((u: any) => u.email).sort()).toEqual([
      'admin@bancosur.example',
      'empresa@sur.example',
    ]);
  });

  it('reads one user in scope; another tenant’s user is a 404', async () => {
    const mine = await s.req('GET', `/api/users/${await idOf(s, 'emisor@empresa.example')}`, { token: admin });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      email: 'emisor@empresa.example',
      role: 'COMPANY_USER',
      company_name: 'Empresa Demo S.A.',
      status: 'ACTIVE',
      mfa_enabled: false,
    });
    const foreign = await s.req('GET', `/api/users/${await idOf(s, 'admin@bancosur.example')}`, { token: admin });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    const sys = await s.req('GET', `/api/users/${await idOf(s, 'superadmin@plataforma.example')}`, { token: admin });
    expect(sys.status).toBe(404);
    const missing = await s.req('GET', '/api/users/00000000-0000-4000-8000-000000000000', { token: admin });
    expect(missing.status).toBe(404);
    const bad = await s.req('GET', '/api/users/not-a-uuid', { token: admin });
    expect(bad.status).toBe(400);
  });

  it('an auditor reads but cannot change; company roles cannot read', async () => {
    expect((await s.req('GET', '/api/users', { token: auditor })).status).toBe(200);
    const create = await s.req('POST', '/api/users', {
      token: auditor,
      body: { email: 'x@banco.example', password: PASSWORD, role: 'BANK_OPERATOR' },
    });
    expect(create.status).toBe(403);
    const company = await s.login('emisor@empresa.example');
    expect((await s.req('GET', '/api/users', { token: company })).status).toBe(403);
    const operator = await s.login('operador@banco.example');
    expect((await s.req('GET', '/api/users', { token: operator })).status).toBe(403);
  });

  it('rejects bad queries with 400', async () => {
    for (const q of ['limit=101', 'page=0', 'role=KING', 'status=GONE', 'tenant_id=x', 'other=1']) {
      const r = await s.req('GET', `/api/users?${q}`, { token: admin });
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('users: Rol and Estado sort by the labels the screen shows, paged', () => {
  let s: TestServer;
  let admin: string;
  let sysadmin: string;
  let bdemo: string;
  beforeAll(async () => {
    s = await build();
    [admin, sysadmin] = await Promise.all([s.login('admin@banco.example'), s.login('superadmin@plataforma.example')]);
    bdemo = await tenantId(s, 'BDEMO');
    // More users of one role and one creation instant than a page holds, some suspended or inactive: the pages'
    // boundaries fall between rows of equal role, status and date.
    await s.db.query(
      `insert into users (tenant_id, email, password_hash, role, status)
       select $1, 'orden' || n || '@banco.example', 'x', case when n % 2 = 0 then 'BANK_OPERATOR' else 'AUDITOR' end,
              (array['ACTIVE', 'SUSPENDED', 'INACTIVE'])[n % 3 + 1]
       from generate_series(1, 7) n`,
      [bdemo],
    );
  });
  afterAll(() => s.close());

  const SPANISH = new Intl.Collator('es-AR');
  /** Labels in the screen's alphabetical order: each not after the next. */
  const inLabelOrder = (labels: string[], desc: boolean) =>
    labels.every((l, i) => i === 0 || SPANISH.compare(labels[i - 1]!, l) * (desc ? -1 : 1) <= 0);

  it('the labels order the codes otherwise than their names (the sort is by label, not by code)', () => {
    const byLabel = (Object.keys(ROLE_LABELS) as Role[]).sort((a, b) =>
      SPANISH.compare(ROLE_LABELS[a], ROLE_LABELS[b]),
    );
    expect(byLabel).toEqual([
      'BANK_ADMIN', // Admin Banco
      'SYSTEM_ADMIN', // Admin Sistema
      'AUDITOR',
      'COMPANY_AUTHORIZER', // Autorizante Empresa
      'GUARANTOR', // Avalista
      'BENEFICIARY',
      'FINANCIAL_ENTITY', // Entidad Financiera
      'BANK_OPERATOR', // Operador Banco
      'COMPANY_USER', // Usuario Empresa
    ]);
    expect(byLabel).not.toEqual([...byLabel].sort());
  });

  for (const [who, sort, key] of [
    ['bank', 'role', 'role'],
    ['bank', '-role', 'role'],
    ['system', 'role', 'role'],
    ['system', '-role', 'role'],
    ['bank', 'status', 'status'],
    ['bank', '-status', 'status'],
    ['system', '-status', 'status'],
  ] as const) {
    it(`sort=${sort} as the ${who} admin: labels in es-AR order, newest first within one, the same across pages`, async () => {
      const token = who === 'bank' ? admin : sysadmin;
      const desc = sort.startsWith('-');
      const byCode: Record<string, string> = key === 'role' ? ROLE_LABELS : USER_STATUS_LABELS;
      const labelOf = (u: { role: Role; status: UserStatus }) => byCode[u[key]]!;
      const all = await s.req('GET', `/api/users?sort=${sort}&limit=100`, { token });
      expect(all.status).toBe(200);
      const rows: any[] = all.body.data.data;
      expect(rows.length).toBe(all.body.data.total);
      const labels = rows.map(labelOf);
      expect(new Set(labels).size).toBeGreaterThan(2);
      expect(inLabelOrder(labels, desc), labels.join(', ')).toBe(true);
      // Within one label, the list's default order: newest first, then by id.
      const codes = Object.keys(byCode).sort((a, b) => SPANISH.compare(byCode[a]!, byCode[b]!));
      const expected = await s.db.query<{ id: string }>(
        `select u.id from users u where ${who === 'bank' ? 'u.tenant_id = $2' : '$2::uuid is not null'}
         order by array_position($1::text[], u.${key}) ${desc ? 'desc' : 'asc'}, u.created_at desc, u.id desc`,
        [codes, bdemo],
      );
      expect(rows.map((u) => u.id)).toEqual(expected.rows.map((r) => r.id));
      if (who === 'bank') for (const u of rows) expect(u.tenant_id).toBe(bdemo);
      // Page after page of 4: every user once, in the same order.
      const paged: string[] = [];
      for (let page = 1; paged.length < rows.length && page < 50; page++) {
        const r = await s.req('GET', `/api/users?sort=${sort}&limit=4&page=${page}`, { token });
        expect(r.status).toBe(200);
        expect(r.body.data.total).toBe(rows.length);
        paged.push(...r.body.data.data.map((u: any) => u.id));
      }
      expect(paged).toEqual(rows.map((u) => u.id));
    });
  }

  it('the export follows the same order', async () => {
    const res = await fetch(`${s.url}/api/users/export.csv?sort=-role`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const [head, ...rows] = parseCsv((await res.text()).replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    expect(head![0]).toBe('Email');
    const list = await s.req('GET', '/api/users?sort=-role&limit=100', { token: admin });
    expect(rows.map((r) => r[0])).toEqual(list.body.data.data.map((u: any) => u.email));
  });
});

describe('users: creating and changing', () => {
  let s: TestServer;
  let admin: string;
  let sysadmin: string;
  beforeAll(async () => {
    s = await build();
    [admin, sysadmin] = await Promise.all([s.login('admin@banco.example'), s.login('superadmin@plataforma.example')]);
  });
  afterAll(() => s.close());

  it('a bank admin creates a company user in its tenant, creating the company by CUIT', async () => {
    const cuit = makeCuit('30', '71555001');
    const r = await s.req('POST', '/api/users', {
      token: admin,
      body: {
        email: 'Nuevo@Cliente.example',
        password: PASSWORD,
        company_name: 'Cliente Nuevo S.A.',
        cuit: `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Usuario creado');
    expect(r.body.data).toMatchObject({
      email: 'nuevo@cliente.example',
      role: 'COMPANY_USER',
      company_name: 'Cliente Nuevo S.A.',
      cuit,
      status: 'ACTIVE',
      mfa_enabled: false,
      last_login: null,
      tenant_id: await tenantId(s, 'BDEMO'),
      must_change_password: true,
      confirmed: true,
      company_approval: 'APPROVED',
    });
    // A second user of the same CUIT joins the same company.
    const second = await s.req('POST', '/api/users', {
      token: admin,
      body: {
        email: 'otro@cliente.example',
        password: PASSWORD,
        role: 'COMPANY_AUTHORIZER',
        company_name: 'Otro nombre',
        cuit,
      },
    });
    expect(second.status).toBe(200);
    expect(second.body.data.company_name).toBe('Cliente Nuevo S.A.');
    // It joined a company that already existed: recorded as such, and it may not move money until confirmed.
    expect(second.body.data.confirmed).toBe(false);
    const joined = await s.db.query(
      "select actor_email, after from audit_log where action = 'company.user.add' and after->>'user_id' = $1",
      [second.body.data.id],
    );
    expect(joined.rows).toEqual([
      {
        actor_email: 'admin@banco.example',
        after: expect.objectContaining({ email: 'otro@cliente.example', added_by: 'admin@banco.example' }),
      },
    ]);
    const companies = await s.db.query('select 1 from companies where cuit = $1', [cuit]);
    expect(companies.rows).toHaveLength(1);
    // The new user signs in with the given password.
    expect(await s.login('nuevo@cliente.example', PASSWORD)).toBeTruthy();
    const trail = await auditOf(s, r.body.data.id);
    expect(trail[0]).toMatchObject({ action: 'user.create', actor_email: 'admin@banco.example' });
    expect(trail[0]!.after).toMatchObject({ role: 'COMPANY_USER', status: 'ACTIVE', confirmed: true });
    expect(JSON.stringify(trail)).not.toContain(PASSWORD);
    const created = await s.db.query(
      "select 1 from audit_log where action = 'company.create' and after->>'cuit' = $1",
      [cuit],
    );
    expect(created.rows).toHaveLength(1);
  });

  it('a bank admin never creates a SYSTEM_ADMIN nor a user of another tenant (403)', async () => {
    const sys = await s.req('POST', '/api/users', {
      token: admin,
      body: { email: 'root@banco.example', password: PASSWORD, role: 'SYSTEM_ADMIN' },
    });
    expect(sys.status).toBe(403);
    const other = await s.req('POST', '/api/users', {
      token: admin,
      body: {
        email: 'op@sur.example',
        password: PASSWORD,
        role: 'BANK_OPERATOR',
        tenant_id: await tenantId(s, 'BSUR'),
      },
    });
    expect(other.status).toBe(403);
    const ok = await s.req('POST', '/api/users', {
      token: admin,
      body: { email: 'op2@banco.example', password: PASSWORD, role: 'BANK_OPERATOR' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ role: 'BANK_OPERATOR', company_name: 'Banco Demo', cuit: null });
    const none = await s.db.query("select 1 from users where email in ('root@banco.example', 'op@sur.example')");
    expect(none.rows).toHaveLength(0);
  });

  it('validates the body: company roles need a valid CUIT, others take no company, e-mail unique', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'a@b.example', password: PASSWORD, company_name: 'X S.A.' }, 'cuit'],
      [{ email: 'a@b.example', password: PASSWORD, company_name: 'X S.A.', cuit: '30-12345678-0' }, 'cuit'],
      [{ email: 'a@b.example', password: PASSWORD, cuit: makeCuit('30', '71555002') }, 'company_name'],
      [{ email: 'a@b.example', password: PASSWORD, role: 'AUDITOR', cuit: makeCuit('30', '71555002') }, 'cuit'],
      [{ email: 'no-es-email', password: PASSWORD, role: 'AUDITOR' }, 'email'],
      [{ email: 'a@b.example', password: 'corta', role: 'AUDITOR' }, 'password'],
      [{ email: 'a@b.example', password: 'qwerty123456', role: 'AUDITOR' }, 'password'],
      [{ email: 'a@b.example', password: PASSWORD, role: 'REY' }, 'role'],
      [{ email: 'a@b.example', password: PASSWORD, role: 'AUDITOR', extra: 1 }, 'extra'],
    ];
    for (const [body, path] of cases) {
      const r = await s.req('POST', '/api/users', { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
      // (an unknown key is named in the message; its path reads 'body')
      expect(JSON.stringify(r.body.errors)).toContain(path);
    }
    const dup = await s.req('POST', '/api/users', {
      token: admin,
      body: { email: 'ADMIN@banco.example', password: PASSWORD, role: 'AUDITOR' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE');
  });

  it('a system admin chooses the tenant, and creates system admins without one', async () => {
    const noTenant = await s.req('POST', '/api/users', {
      token: sysadmin,
      body: { email: 'op@sur.example', password: PASSWORD, role: 'BANK_OPERATOR' },
    });
    expect(noTenant.status).toBe(400);
    const unknownTenant = await s.req('POST', '/api/users', {
      token: sysadmin,
      body: {
        email: 'op@sur.example',
        password: PASSWORD,
        role: 'BANK_OPERATOR',
        tenant_id: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(unknownTenant.status).toBe(400);
    const sur = await s.req('POST', '/api/users', {
      token: sysadmin,
      body: {
        email: 'op@sur.example',
        password: PASSWORD,
        role: 'BANK_OPERATOR',
        tenant_id: await tenantId(s, 'BSUR'),
      },
    });
    expect(sur.status).toBe(200);
    expect(sur.body.data).toMatchObject({ tenant_codigo: 'BSUR', company_name: 'Banco Sur' });
    const root = await s.req('POST', '/api/users', {
      token: sysadmin,
      body: { email: 'root2@plataforma.example', password: PASSWORD, role: 'SYSTEM_ADMIN' },
    });
    expect(root.status).toBe(200);
    expect(root.body.data).toMatchObject({ role: 'SYSTEM_ADMIN', tenant_id: null, company_name: null });
    const rootWithTenant = await s.req('POST', '/api/users', {
      token: sysadmin,
      body: {
        email: 'root3@plataforma.example',
        password: PASSWORD,
        role: 'SYSTEM_ADMIN',
        tenant_id: await tenantId(s, 'BSUR'),
      },
    });
    expect(rootWithTenant.status).toBe(400);
  });

  it('changes role and company; a promotion to SYSTEM_ADMIN by a bank admin is 403', async () => {
    const id = await idOf(s, 'beneficiario@beneficiario.example');
    const promote = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { role: 'SYSTEM_ADMIN' } });
    expect(promote.status).toBe(403);
    const toBank = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { role: 'BANK_OPERATOR' } });
    expect(toBank.status).toBe(200);
    expect(toBank.body.data).toMatchObject({ role: 'BANK_OPERATOR', cuit: null, company_name: 'Banco Demo' });
    const backNoCompany = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { role: 'BENEFICIARY' } });
    expect(backNoCompany.status).toBe(400);
    const cuit = makeCuit('30', '72345678');
    const back = await s.req('PUT', `/api/users/${id}`, {
      token: admin,
      body: { role: 'BENEFICIARY', company_name: 'Beneficiario Demo S.R.L.', cuit, full_name: 'Lucía B.' },
    });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      role: 'BENEFICIARY',
      company_name: 'Beneficiario Demo S.R.L.',
      cuit,
      full_name: 'Lucía B.',
    });
    const halfCompany = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { cuit } });
    expect(halfCompany.status).toBe(400);
    const trail = (await auditOf(s, id)).filter((t) => t.action.startsWith('user.'));
    expect(trail.map((t) => t.action)).toEqual(['user.update', 'user.update']);
    expect(trail[0]!.before).toMatchObject({ role: 'BENEFICIARY' });
    expect(trail[0]!.after).toMatchObject({ role: 'BANK_OPERATOR', company_id: null });
  });

  it('another tenant’s user cannot be changed (404) and nobody changes their own role or status (403)', async () => {
    const sur = await idOf(s, 'empresa@sur.example');
    const foreign = await s.req('PUT', `/api/users/${sur}`, { token: admin, body: { status: 'SUSPENDED' } });
    expect(foreign.status).toBe(404);
    const me = await idOf(s, 'admin@banco.example');
    const own = await s.req('PUT', `/api/users/${me}`, { token: admin, body: { status: 'SUSPENDED' } });
    expect(own.status).toBe(403);
    const ownRole = await s.req('PUT', `/api/users/${me}`, { token: admin, body: { role: 'AUDITOR' } });
    expect(ownRole.status).toBe(403);
    const ownName = await s.req('PUT', `/api/users/${me}`, { token: admin, body: { full_name: 'Admin Demo' } });
    expect(ownName.status).toBe(200);
    const sysId = await idOf(s, 'superadmin@plataforma.example');
    const sysSelf = await s.req('PUT', `/api/users/${sysId}`, { token: sysadmin, body: { status: 'INACTIVE' } });
    expect(sysSelf.status).toBe(403);
    const empty = await s.req('PUT', `/api/users/${sur}`, { token: sysadmin, body: { status: 'ASLEEP' } });
    expect(empty.status).toBe(400);
  });

  it('suspending closes the sessions at once; the suspended user cannot sign in until reactivated', async () => {
    const email = 'avalista@avalista.example';
    const id = await idOf(s, email);
    const t1 = await s.login(email);
    const t2 = await s.login(email);
    expect((await s.req('GET', '/api/auth/profile', { token: t1 })).status).toBe(200);
    const r = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { status: 'SUSPENDED' } });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('SUSPENDED');
    for (const t of [t1, t2]) expect((await s.req('GET', '/api/auth/profile', { token: t })).status).toBe(401);
    const revoked = await s.db.query(
      'select count(*)::int as n from sessions where user_id = $1 and revoked_at is null',
      [id],
    );
    expect(revoked.rows[0]).toEqual({ n: 0 });
    const login = await s.req('POST', '/api/auth/login', { body: { email, password: 'Demo1234!' } });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Credenciales inválidas');
    const listed = await s.req('GET', '/api/users?status=SUSPENDED', { token: admin });
    expect(listed.body.data.data.map((u: any) => u.email)).toEqual([email]);

    const back = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { status: 'ACTIVE' } });
    expect(back.status).toBe(200);
    // Reactivation does not revive the old tokens.
    expect((await s.req('GET', '/api/auth/profile', { token: t1 })).status).toBe(401);
    expect(await s.login(email)).toBeTruthy();

    const trail = await auditOf(s, id);
    const changes = trail.filter((t) => t.action.startsWith('user.') && t.action !== 'user.update');
    expect(changes.map((t) => t.action)).toEqual(['user.suspend', 'user.activate']);
    expect(changes[0]).toMatchObject({
      actor_email: 'admin@banco.example',
      before: { status: 'ACTIVE' },
      after: { status: 'SUSPENDED', sessions_closed: 2 },
    });
  });

  it('deactivating works the same; a new password set by the admin closes sessions too', async () => {
    const email = 'operador@banco.example';
    const id = await idOf(s, email);
    const t = await s.login(email);
    const off = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { status: 'INACTIVE' } });
    expect(off.body.data.status).toBe('INACTIVE');
    expect((await s.req('GET', '/api/auth/profile', { token: t })).status).toBe(401);
    await s.req('PUT', `/api/users/${id}`, { token: admin, body: { status: 'ACTIVE' } });
    const t2 = await s.login(email);
    const temporary = strongPassword('temporal');
    const pw = await s.req('PUT', `/api/users/${id}`, { token: admin, body: { password: temporary } });
    expect(pw.status).toBe(200);
    expect(pw.body.data.must_change_password).toBe(true);
    expect((await s.req('GET', '/api/auth/profile', { token: t2 })).status).toBe(401);
    expect(await s.login(email, temporary)).toBeTruthy();
    const trail = await auditOf(s, id);
    expect(trail.map((x) => x.action)).toEqual(
      expect.arrayContaining(['user.deactivate', 'user.activate', 'user.password.reset']),
    );
    expect(JSON.stringify(trail)).not.toContain(temporary);
  });

  it('a system admin may change any tenant’s user, but not demote another system admin', async () => {
    const sur = await idOf(s, 'empresa@sur.example');
    const r = await s.req('PUT', `/api/users/${sur}`, { token: sysadmin, body: { status: 'SUSPENDED' } });
    expect(r.status).toBe(200);
    const trail = await auditOf(s, sur);
    expect(trail.at(-1)).toMatchObject({ action: 'user.suspend', tenant_id: await tenantId(s, 'BSUR') });
    const root2 = await idOf(s, 'root2@plataforma.example');
    const demote = await s.req('PUT', `/api/users/${root2}`, { token: sysadmin, body: { role: 'AUDITOR' } });
    expect(demote.status).toBe(409);
  });
});
