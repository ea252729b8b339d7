import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../clock';
import { open, seal } from '../crypto';
import type { Db, Queryable } from '../db/db';
import type { Job } from '../jobs';
import { AppError } from './app-error';

/**
 * Idempotency keys for create requests. A POST under /api with an `Idempotency-Key` header:
 * - claims (scope, key) with one `insert … on conflict` before the handler runs (after authentication and body
 *   validation), scope being the signed-in user or, without a session, the caller's address;
 * - a 2xx answer is stored (status, content type, body sealed with SECRETS_KEY: it may hold a token) and the same
 *   key with the same request gets it back (`idempotent-replayed: true`) without running the handler again;
 * - any other outcome (4xx, 5xx, no answer) releases the key: nothing was created, a retry runs again;
 * - the same key with another method, path or body is 409 IDEMPOTENCY_MISMATCH;
 * - a retry that arrives while the first request still runs waits for its answer (polling the shared table, so it
 *   works across server processes) up to WAIT_MS, then 409 CONFLICT with `retry-after`;
 * - keys are kept KEEP_HOURS (the purge job deletes older ones; an expired key may be claimed again).
 */
const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEEP_HOURS = 24;
/** How long a retry waits for the first request's answer. */
const WAIT_MS = 10_000;
/** A claim whose request did not finish in this time (its process died) may be taken over by a retry. */
const LEASE_MS = 2 * 60_000;
/** The purge job's advisory-lock key (platform/jobs.ts: 727_1xx are jobs). */
const PURGE_JOB_ID = 727_107;
/** POSTs that create nothing a retry could duplicate (a sign-in, a sign-out): the header is ignored there. */
const EXEMPT = new Set(['/api/auth/login', '/api/auth/logout']);

const KEY_RE = /^[\x21-\x7e]{1,255}$/;

type Claim = { scope: string; key: string; owner: string; hash: string; done: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null;
    idempotencyHash: string | null;
  }
}

type Stored = {
  method: string;
  path: string;
  request_hash: string;
  status: number | null;
  content_type: string | null;
  response_sealed: string | null;
};

/** JSON with sorted keys: the same body hashes the same whatever the order of its fields. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.method}\n${req.url}\n${canonical(req.body ?? null)}`)
    .digest('hex');
}

function applies(req: FastifyRequest): boolean {
  return (
    req.method === 'POST' && req.url.startsWith('/api/') && !EXEMPT.has(req.routeOptions.url ?? '') && !!headerOf(req)
  );
}

function headerOf(req: FastifyRequest): string | undefined {
  const v = req.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(v) ? v[0] : v;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function registerIdempotency(app: FastifyInstance, deps: { db: Db; config: Config; clock: Clock }): void {
  const { db, clock } = deps;
  const key = deps.config.secretsKey;
  app.decorateRequest('idempotency', null);
  app.decorateRequest('idempotencyHash', null);

  // The body as the client sent it (before the schema's transforms), for the comparison of retries.
  app.addHook('preValidation', async (req) => {
    if (applies(req)) req.idempotencyHash = requestHash(req);
  });

  app.addHook('preHandler', async (req, reply) => {
    if (!applies(req)) return;
    const idemKey = headerOf(req)!;
    if (!KEY_RE.test(idemKey)) {
      throw new AppError('VALIDATION_ERROR', 'La cabecera Idempotency-Key admite de 1 a 255 caracteres visibles', {
        errors: [{ path: 'Idempotency-Key', message: 'Clave de idempotencia inválida' }],
      });
    }
    const scope = req.actor ? `user:${req.actor.userId}` : `ip:${req.ip}`;
    const hash = req.idempotencyHash ?? requestHash(req);
    const path = req.url;
    const deadline = Date.now() + WAIT_MS;
    for (let wait = 25; ; wait = Math.min(wait * 2, 250)) {
      const owner = randomUUID();
      if (await claim(db, clock, { scope, key: idemKey, owner, hash, method: req.method, path })) {
        req.idempotency = { scope, key: idemKey, owner, hash, done: false };
        return;
      }
      const row = await load(db, scope, idemKey);
      if (!row) continue; // released or purged meanwhile: claim again
      if (row.request_hash !== hash || row.method !== req.method || row.path !== path) {
        throw new AppError('IDEMPOTENCY_MISMATCH');
      }
      if (row.status !== null && row.response_sealed !== null) return replay(reply, row, key);
      if (Date.now() > deadline) {
        throw new AppError('CONFLICT', 'Una solicitud con la misma clave de idempotencia todavía está en curso', {
          headers: { 'retry-after': '1' },
        });
      }
      await sleep(wait);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const c = req.idempotency;
    if (!c || c.done) return payload;
    c.done = true;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      if (ok && body !== null) {
        const type = reply.getHeader('content-type');
        await db.query(
          `update idempotency_keys set status = $4, content_type = $5, response_sealed = $6, completed_at = $7
           where scope = $1 and key = $2 and owner = $3`,
          [
            c.scope,
            c.key,
            c.owner,
            reply.statusCode,
            typeof type === 'string' ? type : null,
            seal(key, body),
            clock.now(),
          ],
        );
      } else {
        await release(db, c);
      }
    } catch (err) {
      req.log.warn({ err }, 'no se pudo registrar la respuesta idempotente');
      await release(db, c).catch(() => {});
    }
    return payload;
  });

  // An answer that never went out (the client went away before onSend) releases the claim too.
  app.addHook('onResponse', async (req) => {
    const c = req.idempotency;
    if (c && !c.done) {
      c.done = true;
      await release(db, c).catch(() => {});
    }
  });
}

async function claim(
  db: Queryable,
  clock: Clock,
  c: { scope: string; key: string; owner: string; hash: string; method: string; path: string },
): Promise<boolean> {
  const now = clock.now();
  const expired = new Date(now.getTime() - KEEP_HOURS * 3_600_000);
  const r = await db.query(
    `insert into idempotency_keys (scope, key, method, path, request_hash, owner, created_at, locked_until)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (scope, key) do update set
       method = excluded.method, path = excluded.path, request_hash = excluded.request_hash, owner = excluded.owner,
       status = null, content_type = null, response_sealed = null, completed_at = null,
       created_at = excluded.created_at, locked_until = excluded.locked_until
     where idempotency_keys.created_at < $9
        or (idempotency_keys.status is null and idempotency_keys.locked_until < $7
            and idempotency_keys.request_hash = excluded.request_hash)
     returning owner`,
    [c.scope, c.key, c.method, c.path, c.hash, c.owner, now, new Date(now.getTime() + LEASE_MS), expired],
  );
  return r.rows.length > 0;
}

async function load(db: Queryable, scope: string, key: string): Promise<Stored | null> {
  const r = await db.query<Stored>(
    `select method, path, request_hash, status, content_type, response_sealed
     from idempotency_keys where scope = $1 and key = $2`,
    [scope, key],
  );
  return r.rows[0] ?? null;
}

async function release(db: Queryable, c: Claim): Promise<void> {
  await db.query('delete from idempotency_keys where scope = $1 and key = $2 and owner = $3 and status is null', [
    c.scope,
    c.key,
    c.owner,
  ]);
}

function replay(reply: FastifyReply, row: Stored, key: Buffer): FastifyReply {
  return reply
    .code(row.status!)
    .header('content-type', row.content_type ?? 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(open(key, row.response_sealed!));
}

/** Deletes the keys older than KEEP_HOURS; returns how many. */
export async function purgeIdempotencyKeys(db: Queryable, now: Date): Promise<number> {
  const r = await db.query('delete from idempotency_keys where created_at < $1', [
    new Date(now.getTime() - KEEP_HOURS * 3_600_000),
  ]);
  return r.rowCount;
}

/** The hourly purge for the job runner (platform/jobs.ts). */
export function idempotencyPurgeJob(): Job {
  return {
    id: PURGE_JOB_ID,
    name: 'idempotency-purge',
    everyMs: 60 * 60_000,
    run: ({ tx, now }) => purgeIdempotencyKeys(tx, now),
  };
}
