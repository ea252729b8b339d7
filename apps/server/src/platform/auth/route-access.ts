import { PERMISSIONS, type Permission } from '@echeq/contract';
import type { FastifySchema, onRequestHookHandler, onRouteHookHandler, RouteOptions } from 'fastify';
import type { GuardOptions } from './authenticate';

/**
 * Who may call a route, declared once in its options (`config: { access: 'users:read' }`): one permission of the
 * contract's map, any signed-in user (`'signed-in'`), or anyone without a session (`'public'`).
 */
type RouteAccess = Permission | 'signed-in' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route under /api: `declareAccess` refuses to register a route without it. */
    access?: RouteAccess;
    /** Which restricted sessions a signed-in route also serves (GuardOptions); none by default. */
    restricted?: GuardOptions['restricted'];
  }
}

export type Guard = (permission?: Permission, opts?: GuardOptions) => onRequestHookHandler[];

const RESTRICTED_TEXT: Record<NonNullable<GuardOptions['restricted']>, string> = {
  account: 'También atiende la sesión de una empresa que su banco no aprobó.',
  session: 'También atiende una sesión con contraseña temporal o de una empresa que su banco no aprobó.',
};

function withLine(schema: FastifySchema & { description?: string }, line: string): string {
  return schema.description ? `${schema.description}\n\n${line}` : line;
}

/**
 * The onRoute hook that turns a route's one declaration into both its guard and its OpenAPI operation: the guard's
 * hooks run first in `onRequest`, and the operation gets `security` (none when public, the bearer token otherwise),
 * `x-permission` (the declaration as written, read by the access-matrix test), `x-restricted` when it applies, and
 * a line of description for people reading /api/docs. A route without a declaration is a start-up error.
 */
export function declareAccess(guard: Guard): onRouteHookHandler {
  return (route: RouteOptions) => {
    const { access, restricted } = route.config ?? {};
    const where = `${String(route.method)} ${route.url}`;
    if (access === undefined) throw new Error(`${where}: the route declares no access (config.access)`);
    if (access !== 'public' && access !== 'signed-in' && !(PERMISSIONS as readonly string[]).includes(access)) {
      throw new Error(`${where}: '${access}' is not a permission of the contract's map`);
    }
    const schema = (route.schema ?? {}) as FastifySchema & { description?: string };
    if (access === 'public') {
      if (restricted) throw new Error(`${where}: a public route has no session to restrict`);
      route.schema = { ...schema, security: [], 'x-permission': access } as FastifySchema;
      return;
    }
    const hooks = guard(access === 'signed-in' ? undefined : access, restricted ? { restricted } : {});
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...hooks, ...own];
    const line =
      (access === 'signed-in'
        ? 'Requiere una sesión iniciada (cualquier rol).'
        : `Requiere el permiso \`${access}\`.`) + (restricted ? ` ${RESTRICTED_TEXT[restricted]}` : '');
    route.schema = {
      ...schema,
      security: [{ bearer: [] }],
      'x-permission': access,
      ...(restricted ? { 'x-restricted': restricted } : {}),
      description: withLine(schema, line),
    } as FastifySchema;
  };
}
