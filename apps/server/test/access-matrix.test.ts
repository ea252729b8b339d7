/**
 * The role × route matrix. Every route the app registers under /api is called by every role (and without a
 * session); whether the role is refused (403 FORBIDDEN) must follow `can(role, permission)` of the contract's one
 * permission map.
 *
 * Where the expectation comes from: a route declares who may call it once, `config: { access }` (a permission of the
 * map, 'signed-in' or 'public'), and `declareAccess` (platform/auth/route-access.ts) both guards it and writes the
 * declaration into its OpenAPI operation as `x-permission`, which this test reads. A route missing from the document
 * or without `x-permission` fails; so does a public route not listed in PUBLIC below.
 */
import { can, PERMISSIONS, type Permission, ROLES, type Role } from '@echeq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken, tokenKey } from '../src/platform/auth/jwt';
import { build, type TestServer } from './helpers';

/** Routes that answer without a session, on purpose: the only ones that may declare 'public'. */
const PUBLIC = new Set([
  'POST /api/auth/login',
  'POST /api/auth/register',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
]);

/** Routes outside the matrix: the API document's own pages. */
const SKIP = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');

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

const SOME_ID = '00000000-0000-4000-8000-000000000000';

type Route = { method: string; path: string };

/** Every method and path of `printRoutes` (a tree whose lines append a segment to their parent's path). */
function registeredRoutes(tree: string): Route[] {
  const out: Route[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : '') + m[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim())) {
      if (method && method !== 'HEAD') out.push({ method, path });
    }
  }
  return out;
}

/** Hidden from the document (`schema.hide`), so their declaration cannot be read there: public probes only. */
const HIDDEN = new Set(['GET /api/health']);

/** `/api/users/{id}` → `/api/users/:id`: each operation's declared access (`x-permission`) in the OpenAPI document. */
function declaredAccess(doc: any): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const [path, ops] of Object.entries<any>(doc.paths ?? {})) {
    const fastifyPath = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, op] of Object.entries<any>(ops)) {
      map.set(`${method.toUpperCase()} ${fastifyPath}`, op['x-permission']);
    }
  }
  return map;
}

describe('access matrix: every route × every role follows the permission map', () => {
  let s: TestServer;
  const userIds = new Map<Role, string>();
  beforeAll(async () => {
    s = await build();
    for (const role of ROLES) {
      const r = await s.db.query<{ id: string }>('select id from users where email = $1', [ACCOUNT[role]]);
      userIds.set(role, r.rows[0]!.id);
    }
  });
  afterAll(() => s.close());

  /** A fresh session per call, so a route that closes sessions (logout) does not disturb the next call. */
  async function tokenFor(role: Role): Promise<string> {
    const userId = userIds.get(role)!;
    const expires = new Date(Date.now() + 3_600_000);
    const r = await s.db.query<{ id: string }>(
      'insert into sessions (user_id, expires_at) values ($1, $2) returning id',
      [userId, expires],
    );
    return signToken(tokenKey(s.config.jwtSecret), { sub: userId, sid: r.rows[0]!.id }, expires, new Date());
  }

  function call(route: Route, token: string | null) {
    const path = route.path.replace(/:[A-Za-z_]+/g, SOME_ID);
    const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
    return s.req(route.method, path, { token, ...(withBody ? { body: {} } : {}) });
  }

  it('covers every registered route, refusing exactly the roles the map refuses', async () => {
    const routes = registeredRoutes(s.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.path.startsWith('/api/') && !SKIP(r.path),
    );
    const declared = declaredAccess(s.app.swagger());
    expect(routes.length).toBeGreaterThan(10);
    const problems: string[] = [];
    const summary: string[] = [];

    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const access = HIDDEN.has(key) ? 'public' : declared.get(key);
      const anonymous = await call(route, null);
      if (PUBLIC.has(key) !== (access === 'public')) {
        problems.push(`${key}: declares '${access}' but is ${PUBLIC.has(key) ? '' : 'not '}listed in PUBLIC`);
      }
      if (access === 'public') {
        if (anonymous.status === 401) problems.push(`${key}: declared public but answers 401 without a session`);
        summary.push(`${key.padEnd(52)} public`);
        continue;
      }
      if (access === undefined) problems.push(`${key}: declares no access (config.access, x-permission)`);
      if (anonymous.status !== 401) problems.push(`${key}: answers ${anonymous.status} without a session`);

      const refused: Role[] = [];
      for (const role of ROLES) {
        const r = await call(route, await tokenFor(role));
        if (r.status >= 500 && r.status !== 503)
          problems.push(`${key} as ${role}: ${r.status} ${JSON.stringify(r.body)}`);
        if (r.status === 401) problems.push(`${key} as ${role}: 401 with a valid session`);
        if (r.status === 403 && r.body?.code === 'FORBIDDEN') refused.push(role);
      }

      if (access === 'signed-in') {
        if (refused.length > 0) problems.push(`${key}: declared for any signed-in user but refuses [${refused}]`);
        summary.push(`${key.padEnd(52)} signed in`);
      } else if ((PERMISSIONS as readonly unknown[]).includes(access)) {
        const permission = access as Permission;
        const expected = ROLES.filter((role) => !can(role, permission));
        if (expected.join() !== refused.join()) {
          problems.push(`${key} (${permission}): refuses [${refused}] but the map refuses [${expected}]`);
        }
        summary.push(`${key.padEnd(52)} ${permission}`);
      } else if (access !== undefined) {
        problems.push(`${key}: declares '${access}', which is not a permission of the map`);
      }
    }
    console.info(`Access matrix (${routes.length} routes × ${ROLES.length} roles):\n${summary.join('\n')}`);
    expect(problems).toEqual([]);
  });
});
