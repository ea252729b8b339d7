/**
 * Crash safety of the ECHEQ lifecycle (`npm run test:resilience`, this file alone: LIFECYCLE_CRASH_ROUNDS, default
 * 2, rounds per engine). The built server runs a lifecycle load — Empresa Demo issues to Distribuidora Norte (the
 * registry's number and the outbox), Norte accepts, endorses to Beneficiario Demo who accepts, or deposits — and is
 * killed with SIGKILL at a random moment. After each restart, once the outbox has delivered what the killed process
 * left (the same keys: a replay where the registry already answered):
 * - every acknowledged issue and operation is in the registry, applied once (one event per key);
 * - no chequebook number is used twice, no copy is left `syncing`, no registry operation is left undelivered;
 * - each bank's copies (state, holder, endorsements, registry record, last event) and history equal what the
 *   registry's events say (`reconcileBank`), every event heard once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, buenosAiresDateOf, makeCuit } from '@echeq/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { portLink, reconcileBank } from '../../src/modules/lifecycle';
import { systemClock } from '../../src/platform/clock';
import type { Db } from '../../src/platform/db/db';
import { openPg } from '../../src/platform/db/pg';
import { openPglite } from '../../src/platform/db/pglite';
import { call, type ServerProcess, startServer } from '../reliability/server-process';

const ROUNDS = Number(process.env.LIFECYCLE_CRASH_ROUNDS ?? 2);
const WORKERS = 3;
const PASSWORD = 'Demo1234!';
const USERS = {
  empresa: 'emisor@empresa.example',
  norte: 'tesoreria@norte.example',
  benef: 'beneficiario@beneficiario.example',
};
type Who = keyof typeof USERS;
const NORTE = makeCuit('30', '75678901');
const BENEF = makeCuit('30', '72345678');
type Tokens = Record<Who, string>;
/** What the load got a 2xx for: the Idempotency-Key of each operation, its cheque and type. */
type Acked = { key: string; chequeId: string; type: string }[];

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Lifecycle flows from several clients until stopped. */
function lifecycleLoad(
  base: string,
  tokens: Tokens,
  ids: { account: string; norte: string; benef: string },
  acked: Acked,
) {
  let stop = false;
  const op = async (as: Who, path: string, body: unknown, type: string) => {
    const key = randomUUID();
    const r = await call(base, 'POST', `/api${path}`, { token: tokens[as], body, headers: { 'idempotency-key': key } });
    if (r.status === 200 || r.status === 201) acked.push({ key, chequeId: r.body.data.cheque_id, type });
    return r;
  };
  const copyOf = async (as: Who, number: string, chequeId: string) => {
    for (let i = 0; i < 20 && !stop; i++) {
      const r = await call(base, 'GET', `/api/echeqs?search=${number}&limit=50`, { token: tokens[as] });
      const row = (r.body?.data?.data ?? []).find((e: { cheque_id: string }) => e.cheque_id === chequeId);
      if (row) return row.id as string;
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  };
  const flow = async (w: number, i: number) => {
    const comun = (w + i) % 2 === 0;
    const issued = await op(
      'empresa',
      '/echeqs/issue',
      {
        account_id: ids.account,
        beneficiary_cuit: ids.norte,
        amount: 100 + w,
        tipo: comun ? 'COMUN' : 'DIFERIDO',
        caracter: 'A_LA_ORDEN',
        concepto: 'FAC',
        ...(comun ? {} : { payment_date: addDays(buenosAiresDateOf(new Date()), 15) }),
      },
      'ISSUE',
    );
    if (issued.status !== 201) return;
    const { cheque_id: chequeId, number } = issued.body.data;
    const norte = await copyOf('norte', number, chequeId);
    if (!norte || (await op('norte', `/echeqs/${norte}/accept`, {}, 'ACCEPT')).status !== 200) return;
    if (comun) {
      await op('norte', `/echeqs/${norte}/deposit`, {}, 'DEPOSIT');
      return;
    }
    if ((await op('norte', `/echeqs/${norte}/endorse`, { endorsee_cuit: ids.benef }, 'ENDORSE')).status !== 200) return;
    const benef = await copyOf('benef', number, chequeId);
    if (benef) await op('benef', `/echeqs/${benef}/endorsement/accept`, {}, 'ACCEPT_ENDORSEMENT');
  };
  const done = Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      for (let i = 0; !stop; i++) await flow(w, i).catch(() => new Promise((r) => setTimeout(r, 50)));
    }),
  );
  return {
    async stop() {
      stop = true;
      await done;
    },
  };
}

/** What the database must say after the restart settled; the problems found. */
async function reconcile(db: Db, acked: Acked): Promise<string[]> {
  const problems: string[] = [];
  const link = portLink({ db, clock: systemClock, config: { secretsKey: Buffer.alloc(32), clearingAllowedHosts: [] } });
  const banks = await db.query<{ id: string; codigo: string }>(
    `select id, codigo from tenants where codigo in ('BDEMO', 'BNORTE')`,
  );
  for (const b of banks.rows) {
    for (const m of (await reconcileBank(db, link, b.id)).mismatches)
      problems.push(`${b.codigo}: ${JSON.stringify(m)}`);
  }
  const checks = await db.query<{ what: string; id: string }>(
    `select 'número usado dos veces' as what, issuer_cbu || ' ' || number as id from registry_cheques
       group by issuer_cbu, number having count(*) > 1
     union all
     select 'operación aplicada dos veces', payload->>'key' from registry_events
       where payload->>'key' is not null group by payload->>'key' having count(*) > 1

     union all
     select 'copia actualizándose', id::text from echeqs where syncing
     union all
     select 'operación del registro sin entregar', id::text from clearing_outbox
       where operation like 'REGISTRY%' and status = 'PENDING'
     union all
     select 'operación del outbox desconocida para el registro', o.id::text from clearing_outbox o
       where o.operation like 'REGISTRY%'
         and not exists (select 1 from registry_operations r where r.idempotency_key = o.payload->'request'->>'key')`,
  );
  for (const c of checks.rows) problems.push(`${c.what}: ${c.id}`);
  const keys = await db.query<{ key: string; n: number }>(
    `select o.idempotency_key as key, count(e.id)::int as n from registry_operations o
     left join registry_events e on e.payload->>'key' = o.idempotency_key
     where o.idempotency_key like 'bank:%' group by 1`,
  );
  const applied = new Map(keys.rows.map((k) => [k.key.slice(k.key.lastIndexOf(':') + 1), k.n]));
  for (const a of acked)
    if (applied.get(a.key) !== 1) problems.push(`confirmada y no aplicada una vez: ${a.type} ${a.key}`);
  return problems;
}

type Engine = { name: string; env: Record<string, string>; open(): Promise<Db>; cleanup(): Promise<void> };

function embedded(): Engine {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'echeq-lifecrash-'));
  return {
    name: 'embedded',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openPglite(path.join(dataDir, 'pglite')),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgres(base: string): Promise<Engine> {
  const name = `echeq_lifecrash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'echeq-lifecrash-pg-'));
  return {
    name: 'postgresql',
    env: { DATA_DIR: dataDir, DATABASE_URL: u.toString() },
    open: () => openPg(u.toString(), { max: 2 }),
    cleanup: async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const engines: Array<() => Engine | Promise<Engine>> = [embedded];
if (process.env.TEST_DATABASE_URL) engines.push(() => postgres(process.env.TEST_DATABASE_URL!));

for (const makeEngine of engines) {
  describe(`lifecycle crash safety: ${ROUNDS} × kill -9 with operations in flight`, () => {
    let engine: Engine | null = null;
    let srv: ServerProcess | null = null;
    afterAll(async () => {
      await srv?.stop('SIGKILL');
      await engine?.cleanup();
    });

    it('acknowledged operations are applied once, the outbox delivers the rest, every copy agrees', async () => {
      engine = await makeEngine();
      const acked: Acked = [];
      const rounds: unknown[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        srv = await startServer({ ...engine.env, LOG_LEVEL: 'warn' }, { timeoutMs: 180_000 });
        const login = async (email: string) =>
          (await call(srv!.url, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } })).body.token;
        const tokens = {} as Tokens;
        for (const [k, email] of Object.entries(USERS)) tokens[k as Who] = await login(email);
        const accounts = await call(srv.url, 'GET', '/api/accounts', { token: tokens.empresa });
        const account = accounts.body.data.find((a: { currency: string }) => a.currency === 'ARS').id;
        // A new chequebook when the last round (and the demo data) left fewer than 5 numbers: refused otherwise.
        await call(srv.url, 'POST', `/api/accounts/${account}/chequebooks`, { token: tokens.empresa });
        const before = acked.length;
        const load = lifecycleLoad(srv.url, tokens, { account, norte: NORTE, benef: BENEF }, acked);
        // Killed at a random moment once the load is under way (its first operations acknowledged).
        await waitFor('las primeras operaciones', async () => acked.length > before + 2, 120_000);
        await new Promise((r) => setTimeout(r, Math.random() * 4000));
        srv.child.kill('SIGKILL');
        expect(await srv.exited).toBe('SIGKILL');
        srv = null;
        await load.stop();
        expect(acked.length - before, 'the load did nothing before the crash').toBeGreaterThan(0);

        // Restart: the outbox delivers what the killed process left, the inboxes apply it; then stop and look.
        srv = await startServer({ ...engine.env, LOG_LEVEL: 'warn' }, { timeoutMs: 180_000 });
        // The platform's administrator sees every bank's outbox: Banco Norte's operations wait in its own.
        const admin = await login('superadmin@plataforma.example');
        const pending = async () =>
          (await call(srv!.url, 'GET', '/api/system/status', { token: admin })).body.data.clearing_backlog.pending;
        const left = await pending();
        await waitFor('la entrega del outbox', async () => (await pending()) === 0, 120_000);
        // Two inbox ticks after the last delivery.
        await new Promise((r) => setTimeout(r, 2500));
        await srv.stop();
        srv = null;
        const db = await engine.open();
        const problems = await reconcile(db, acked);
        await db.close();
        expect(problems).toEqual([]);
        rounds.push({ round: round + 1, acknowledged: acked.length - before, outbox_pending_after_restart: left });
      }
      console.info(`Lifecycle crash safety (${engine.name}): ${JSON.stringify(rounds)}`);
    });
  });
}
