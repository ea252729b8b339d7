/**
 * Crash safety (`npm run test:resilience`). The built server (dist/main.js) runs under a write load — new custody
 * deposits and discount requests from several clients — and is killed with SIGKILL at a random moment, CRASH_ROUNDS
 * times (default 3) per engine: embedded (a temporary DATA_DIR) and PostgreSQL (a temporary database, when
 * TEST_DATABASE_URL is set). After each crash:
 * - every write that was acknowledged (2xx received) is there, with its cheque, audit records and outbox records;
 * - nothing is half-written: no cheque of the load without its custody, no custody or discount without its audit
 *   record and outbox record;
 * - the restarted process takes over the stale data-folder lock, its outbox delivery resumes (the backlog shrinks),
 *   its expiry job runs (a custody past its presentation deadline, planted while the server was down, expires);
 * - a second live process on the same data folder refuses to start with a clear message.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db';
import { openPg } from '../../src/platform/db/pg';
import { openPglite } from '../../src/platform/db/pglite';
import { call, runToExit, type ServerProcess, startServer, writeFigures } from '../reliability/server-process';
import { addDays, custodyBody, today } from '../reliability/support';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const WORKERS = 6;
const PREFIX = `66${process.pid % 1000}`;

type Acked = { custody: Map<string, { echeqId: string; number: string }>; discounts: Set<string> };

/** Creates custody deposits and discount requests until stopped; records what was acknowledged. */
function writeLoad(base: string, token: string, acked: Acked) {
  let stop = false;
  let attempts = 0;
  const worker = async (w: number) => {
    const mine: string[] = [];
    for (let i = 0; !stop; i++) {
      attempts++;
      try {
        if (i % 3 === 2 && mine.length > 0) {
          const echeqId = mine.shift()!;
          // A discount needs the cheque validated by the clearing house.
          await call(base, 'GET', `/api/echeqs/validate/${echeqId}`, { token });
          const r = await call(base, 'POST', '/api/discounts', {
            token,
            body: { echeq_id: echeqId, requested_amount: 1000 + w },
            headers: { 'idempotency-key': randomUUID() },
          });
          if (r.status === 200) acked.discounts.add(r.body.data.id);
        } else {
          const body = custodyBody({ number: `${PREFIX}${w}${Date.now()}${i}` });
          const r = await call(base, 'POST', '/api/echeqs/custody', {
            token,
            body,
            headers: { 'idempotency-key': randomUUID() },
          });
          if (r.status === 200) {
            acked.custody.set(r.body.data.custody.id, { echeqId: r.body.data.echeq.id, number: body.number });
            mine.push(r.body.data.echeq.id);
          }
        }
      } catch {
        // Refused or cut by the crash: not acknowledged.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return {
    attempts: () => attempts,
    async stop() {
      stop = true;
      await done;
    },
  };
}

/** Every acknowledged write is there, whole; nothing of the load is half-written. */
async function verify(db: Db, acked: Acked): Promise<string[]> {
  const problems: string[] = [];
  const custodyIds = [...acked.custody.keys()];
  const rows = await db.query<{ id: string; echeq_id: string; number: string }>(
    'select c.id, c.echeq_id, e.number from custody c join echeqs e on e.id = c.echeq_id where c.id = any($1::uuid[])',
    [custodyIds],
  );
  const found = new Map(rows.rows.map((r) => [r.id, r]));
  for (const [id, want] of acked.custody) {
    const row = found.get(id);
    if (!row) problems.push(`custodia confirmada ${id} no está`);
    else if (row.echeq_id !== want.echeqId || row.number !== want.number)
      problems.push(`custodia ${id} con otro ECHEQ`);
  }
  const discounts = await db.query<{ id: string }>('select id from discounts where id = any($1::uuid[])', [
    [...acked.discounts],
  ]);
  if (discounts.rows.length !== acked.discounts.size) {
    problems.push(`descuentos confirmados: ${acked.discounts.size}, encontrados ${discounts.rows.length}`);
  }
  const half = await db.query<{ what: string; id: string }>(
    `select 'ECHEQ sin custodia' as what, e.id::text as id from echeqs e
       where e.number like $1 and not exists (select 1 from custody c where c.echeq_id = e.id)
     union all
     select 'custodia sin auditoría', c.id::text from custody c join echeqs e on e.id = c.echeq_id
       where e.number like $1
         and not exists (select 1 from audit_log a where a.entity = 'custody' and a.entity_id = c.id::text and a.action = 'custody.create')
     union all
     select 'ECHEQ sin auditoría', e.id::text from echeqs e
       where e.number like $1
         and not exists (select 1 from audit_log a where a.entity = 'echeq' and a.entity_id = e.id::text and a.action = 'echeq.create')
     union all
     select 'custodia sin outbox', c.id::text from custody c join echeqs e on e.id = c.echeq_id
       where e.number like $1
         and not exists (select 1 from clearing_outbox o where o.entity_id = c.id and o.operation = 'CUSTODY_DEPOSIT')
     union all
     select 'ECHEQ sin outbox', e.id::text from echeqs e
       where e.number like $1
         and not exists (select 1 from clearing_outbox o where o.entity_id = e.id and o.operation = 'ECHEQ_REGISTER')
     union all
     select 'descuento sin auditoría', d.id::text from discounts d join echeqs e on e.id = d.echeq_id
       where e.number like $1
         and not exists (select 1 from audit_log a where a.entity = 'discount' and a.entity_id = d.id::text and a.action = 'discount.request')
     union all
     select 'descuento sin outbox', d.id::text from discounts d join echeqs e on e.id = d.echeq_id
       where e.number like $1
         and not exists (select 1 from clearing_outbox o where o.entity_id = d.id and o.operation = 'DISCOUNT_REQUEST')`,
    [`${PREFIX}%`],
  );
  for (const h of half.rows) problems.push(`${h.what}: ${h.id}`);
  return problems;
}

/** A custody whose presentation deadline has passed, planted while the server is down (the expiry job's work). */
async function plantExpired(db: Db): Promise<string> {
  const c = await db.query<{ id: string; tenant_id: string }>(
    "select id, tenant_id from companies where name = 'Empresa Demo S.A.'",
  );
  const { id: companyId, tenant_id: tenantId } = c.rows[0]!;
  const due = addDays(today(), -45);
  const e = await db.query<{ id: string }>(
    `insert into echeqs (tenant_id, company_id, number, amount, issue_date, due_date, issuer, beneficiary)
     values ($1, $2, $3, 1000, $4, $5, 'Librador Vencido S.A.', 'Tenedor') returning id`,
    [tenantId, companyId, `EXP${randomUUID().slice(0, 8)}`.toUpperCase(), addDays(due, -30), due],
  );
  const k = await db.query<{ id: string }>(
    `insert into custody (tenant_id, company_id, echeq_id, presentation_deadline) values ($1, $2, $3, $4::date + 30)
     returning id`,
    [tenantId, companyId, e.rows[0]!.id, due],
  );
  return k.rows[0]!.id;
}

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Engine = {
  name: string;
  env: Record<string, string>;
  /** The database, opened by this test while no server runs on it. */
  open(): Promise<Db>;
  cleanup(): Promise<void>;
  dataDir: string;
};

async function embedded(): Promise<Engine> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'echeq-crash-'));
  return {
    name: 'embedded',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openPglite(path.join(dataDir, 'pglite')),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgres(base: string): Promise<Engine> {
  const name = `echeq_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'echeq-crash-pg-'));
  return {
    name: 'postgresql',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openPg(url, { max: 2 }),
    cleanup: async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const engines: Array<() => Promise<Engine>> = [embedded];
if (process.env.TEST_DATABASE_URL) engines.push(() => postgres(process.env.TEST_DATABASE_URL!));

const report: Record<string, unknown> = {};

for (const makeEngine of engines) {
  describe(`crash safety: ${ROUNDS} × kill -9 under write load`, () => {
    let engine: Engine;
    let srv: ServerProcess | null = null;
    const acked: Acked = { custody: new Map(), discounts: new Set() };

    beforeAll(async () => {
      engine = await makeEngine();
    });
    afterAll(async () => {
      await srv?.stop('SIGKILL');
      await engine?.cleanup();
      const file = path.join(import.meta.dirname, 'last-crash.json');
      writeFigures(file, report);
    });

    it('acknowledged writes survive, nothing is half-written, jobs and the lock recover', async () => {
      const rounds: unknown[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // While the server is down: plant a custody the expiry job must expire after the restart.
        let expiredId: string | null = null;
        if (round > 0) {
          const db = await engine.open();
          expiredId = await plantExpired(db);
          await db.close();
        }
        const lock = path.join(engine.dataDir, 'server.lock');
        const stalePid = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : null;

        const startedAt = Date.now();
        srv = await startServer({ ...engine.env, LOG_LEVEL: 'warn' }, { timeoutMs: 180_000 });
        const startMs = Date.now() - startedAt;
        if (engine.name === 'embedded' && stalePid) {
          // The lock of the killed process was taken over: it now holds the new pid.
          expect(readFileSync(lock, 'utf8').trim()).toBe(String(srv.pid));
        }
        const emisor = (
          await call(srv.url, 'POST', '/api/auth/login', {
            body: { email: 'emisor@empresa.example', password: 'Demo1234!' },
          })
        ).body.token as string;
        const admin = (
          await call(srv.url, 'POST', '/api/auth/login', {
            body: { email: 'admin@banco.example', password: 'Demo1234!' },
          })
        ).body.token as string;
        expect(emisor && admin).toBeTruthy();

        let backlogBefore: number | null = null;
        let backlogAfter: number | null = null;
        if (round > 0) {
          // The expiry job runs soon after start (its first run is 2 s after boot).
          const base = srv.url;
          await waitFor('la expiración de la custodia plantada', async () => {
            const r = await call(base, 'GET', `/api/echeqs/custody/${expiredId}`, { token: emisor });
            return r.body?.data?.status === 'EXPIRED';
          });
          // The outbox left by the killed process is being delivered again.
          const pending = async () =>
            (await call(base, 'GET', '/api/system/status', { token: admin })).body.data.clearing_backlog
              .pending as number;
          backlogBefore = await pending();
          if (backlogBefore > 0) {
            const start = backlogBefore;
            const seen: number[] = [];
            const later = await waitFor(
              'la entrega del outbox',
              async () => {
                const p = await pending();
                seen.push(p);
                return p < start ? { p } : null;
              },
              90_000,
            ).catch((err: Error) => {
              throw new Error(`${err.message} (pendientes: ${start} → ${seen.slice(-10).join(', ')})`);
            });
            backlogAfter = later.p;
          }
        }

        const load = writeLoad(srv.url, emisor, acked);
        const ackedBefore = acked.custody.size + acked.discounts.size;
        await new Promise((r) => setTimeout(r, 1500 + Math.random() * 2500));
        const killedPid = srv.pid;
        srv.child.kill('SIGKILL');
        expect(await srv.exited).toBe('SIGKILL');
        srv = null;
        await load.stop();
        const ackedNow = acked.custody.size + acked.discounts.size;
        expect(ackedNow - ackedBefore, 'the load wrote nothing before the crash').toBeGreaterThan(0);
        if (engine.name === 'embedded') expect(readFileSync(lock, 'utf8').trim()).toBe(String(killedPid));

        const db = await engine.open();
        const problems = await verify(db, acked);
        await db.close();
        expect(problems).toEqual([]);
        rounds.push({
          round: round + 1,
          start_ms: startMs,
          requests: load.attempts(),
          acknowledged_total: ackedNow,
          outbox_pending_after_restart: backlogBefore,
          outbox_pending_later: backlogAfter,
          expiry_after_restart: expiredId ? 'EXPIRED' : null,
        });
      }

      // Last restart, then a second live process on the same data folder must refuse to start.
      srv = await startServer({ ...engine.env, LOG_LEVEL: 'warn' }, { timeoutMs: 180_000 });
      if (engine.name === 'embedded') {
        const second = await runToExit({ ...engine.env, PORT: '0', LOG_LEVEL: 'warn' });
        expect(second.code).toBe(1);
        expect(second.output).toContain(`está en uso por otro proceso del servidor (pid ${srv.pid})`);
        expect((await call(srv.url, 'GET', '/api/health')).status).toBe(200);
      }
      await srv.stop();
      srv = null;
      report[engine.name] = {
        crashes: ROUNDS,
        custody_acknowledged: acked.custody.size,
        discounts_acknowledged: acked.discounts.size,
        rounds,
      };
      console.info(`Crash safety (${engine.name}): ${JSON.stringify(report[engine.name])}`);
    });
  });
}
