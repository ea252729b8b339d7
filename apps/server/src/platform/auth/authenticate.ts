import {
  type AccountRestriction,
  type CompanyApproval,
  can,
  canAct,
  type Permission,
  type Role,
  restrictionOf,
} from '@echeq/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import type { Actor, Ctx } from './actor';
import { verifyToken } from './jwt';
import type { SessionCache } from './session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

type SessionRow = {
  session_id: string;
  id: string;
  email: string;
  role: Role;
  tenant_id: string | null;
  company_id: string | null;
  expires_at: Date;
  confirmed: boolean;
  must_change_password: boolean;
  company_approval: CompanyApproval | null;
};

/**
 * Which restricted sessions a route serves: none (the default: business routes), a company waiting for its bank
 * (`account`: its own profile, password, second factor, sign-out), or also a temporary password (`session`: the
 * profile, the password change and sign-out only).
 */
export type GuardOptions = { restricted?: 'account' | 'session' };

const RESTRICTION_ERROR: Record<AccountRestriction, () => AppError> = {
  PASSWORD_CHANGE: () => new AppError('PASSWORD_CHANGE_REQUIRED'),
  PENDING_APPROVAL: () => new AppError('APPROVAL_PENDING'),
  REJECTED: () => new AppError('REGISTRATION_REJECTED'),
};

function allowed(restriction: AccountRestriction | null, opts: GuardOptions): boolean {
  if (!restriction) return true;
  if (opts.restricted === 'session') return true;
  return opts.restricted === 'account' && restriction !== 'PASSWORD_CHANGE';
}

const NOT_CONFIRMED =
  'Su usuario todavía no fue confirmado: puede consultar, pero no operar hasta que otro administrador lo confirme.';

/**
 * Bearer JWT bound to a live session row of an active user of an active tenant; anything else is 401. A session
 * verified once is then trusted from the process's session cache until anything about it changes (see SessionCache).
 */
export function makeGuard(opts: { db: Db; clock: Clock; tokenKey: Uint8Array; sessions: SessionCache }) {
  const { sessions } = opts;
  const authenticate: onRequestHookHandler = async (req: FastifyRequest, _reply: FastifyReply) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (!token) throw new AppError('UNAUTHORIZED', 'Autenticación requerida');
    const now = opts.clock.now();
    const known = sessions.get(token, now.getTime());
    if (known) {
      req.actor = known;
      return;
    }
    const generation = sessions.generation();
    const claims = await verifyToken(opts.tokenKey, token, now);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sid) || !/^[0-9a-f-]{36}$/i.test(claims.sub)) {
      throw new AppError('UNAUTHORIZED');
    }
    const r = await opts.db.query<SessionRow>(
      `select s.id as session_id, s.expires_at, u.id, u.email, u.role, u.tenant_id, u.company_id, u.confirmed,
              u.must_change_password, c.approval as company_approval
       from sessions s
       join users u on u.id = s.user_id
       left join tenants t on t.id = u.tenant_id
       left join companies c on c.id = u.company_id
       where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3
         and u.status = 'ACTIVE' and (u.tenant_id is null or t.estado = 'ACTIVO')`,
      [claims.sid, claims.sub, now],
    );
    const row = r.rows[0];
    if (!row) throw new AppError('UNAUTHORIZED');
    req.actor = {
      userId: row.id,
      email: row.email,
      role: row.role,
      tenantId: row.tenant_id,
      companyId: row.company_id,
      sessionId: row.session_id,
      confirmed: row.confirmed,
      restriction: restrictionOf(row),
    };
    const expiresAt = Math.min(claims.expiresAt, new Date(row.expires_at).getTime());
    sessions.set(token, req.actor, expiresAt, now.getTime(), generation);
  };

  const cache = new Map<string, onRequestHookHandler[]>();
  return function guard(permission?: Permission, opts: GuardOptions = {}): onRequestHookHandler[] {
    const key = `${permission ?? ''}|${opts.restricted ?? ''}`;
    let hooks = cache.get(key);
    if (!hooks) {
      hooks = [
        authenticate,
        async (req) => {
          const actor = req.actor;
          if (!actor) throw new AppError('UNAUTHORIZED');
          if (!allowed(actor.restriction, opts)) throw RESTRICTION_ERROR[actor.restriction!]();
          if (permission && !canAct(actor, permission)) {
            throw can(actor.role, permission) ? new AppError('FORBIDDEN', NOT_CONFIRMED) : new AppError('FORBIDDEN');
          }
        },
      ];
      cache.set(key, hooks);
    }
    return hooks;
  };
}

/** The business context of an authenticated request. */
export function ctxOf(req: FastifyRequest): Ctx {
  if (!req.actor) throw new AppError('UNAUTHORIZED');
  return { actor: req.actor, requestId: String(req.id), ip: req.ip };
}
