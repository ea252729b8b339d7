import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TEST_ENGINE } from '../helpers';
import { runToExit, type ServerProcess, startServer } from '../reliability/server-process';
import { custodyBody } from '../reliability/support';
import { type SpawnedEngine, spawnedEngine, waitFor } from './spawned-engine';

type Answer = { status: number; body: any; headers: Record<string, string | string[] | undefined> };

/**
 * One request on a connection of its own: node:cluster hands each new connection to the next worker, so successive
 * calls land on different processes (a pooled keep-alive connection would stay with one).
 */
function fresh(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, agent: false, timeout: 10_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {}
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: sin respuesta en 10 s`)));
    req.end(body);
  });
}

/** The JSON log lines a process wrote so far. */
function logLines(output: string): Array<Record<string, any>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, any>];
      } catch {
        return [];
      }
    });
}

/** Pids of the workers that logged a request id among `ids` (Fastify logs each request with its process's pid). */
function pidsOf(output: string, ids: string[]): Set<number> {
  return new Set(
    logLines(output)
      .filter((l) => ids.includes(l.reqId))
      .map((l) => l.pid as number),
  );
}

const listening = (output: string) =>
  logLines(output)
    .filter((l) => l.msg === 'proceso del servidor escuchando')
    .map((l) => l.worker as number);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WORKERS on the embedded database', () => {
  it('refuses more than one process with a clear message', async () => {
    const r = await runToExit({ WORKERS: '2', DATABASE_URL: '', DATA_DIR: '/nonexistent-workers-test', PORT: '0' });
    expect(r.code).toBe(1);
    expect(r.output).toContain(
      'WORKERS=2 requiere PostgreSQL (DATABASE_URL): la base de datos embebida admite un solo proceso del servidor',
    );
  });
});

describe.runIf(TEST_ENGINE === 'pg')('WORKERS=2 on PostgreSQL', () => {
  let engine: SpawnedEngine;
  let srv: ServerProcess;
  let workers: number[];

  beforeAll(async () => {
    engine = await spawnedEngine('workers');
    srv = await startServer({ ...engine.env, WORKERS: '2', LOG_LEVEL: 'info' });
    workers = await waitFor(
      'two workers listening',
      () => listening(srv.output()).length >= 2 && listening(srv.output()),
    );
  }, 180_000);
  afterAll(async () => {
    await srv?.stop('SIGKILL');
    for (const pid of workers ?? []) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await engine?.cleanup();
  });

  const login = async (email: string, password = DEMO_PASSWORD) =>
    fresh(srv.url, 'POST', '/api/auth/login', { body: { email, password } });

  it('both answer, a session and its revocation hold on either, an idempotent retry replays on the other', async () => {
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(srv.pid);
    const signIn = await login('emisor@empresa.example');
    expect(signIn.status).toBe(200);
    const token = signIn.body.token as string;

    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await fresh(srv.url, 'GET', '/api/echeqs?limit=5', { token });
      expect(r.status).toBe(200);
      ids.push(r.headers['x-request-id'] as string);
    }
    await waitFor('the request logs', () => pidsOf(srv.output(), ids).size === 2);
    expect([...pidsOf(srv.output(), ids)].sort()).toEqual([...workers].sort());

    // The same creation retried with its key: one cheque, the second answer replayed, whichever process answers.
    const body = custodyBody();
    const key = `workers-${Date.now()}`;
    const first = await fresh(srv.url, 'POST', '/api/echeqs/custody', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
    const again = await fresh(srv.url, 'POST', '/api/echeqs/custody', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.custody.id).toBe(first.body.data.custody.id);
    expect(
      pidsOf(
        srv.output(),
        [first, again].map((r) => r.headers['x-request-id'] as string),
      ).size,
    ).toBe(2);
    const db = await engine.open();
    try {
      const n = await db.query<{ n: number }>('select count(*)::int as n from echeqs where number = $1', [body.number]);
      expect(n.rows[0]!.n).toBe(1);
    } finally {
      await db.close();
    }

    // Signed out on one process: refused by both, once the database's announcement reached the other (it is sent at
    // commit; the other process may still take a request or two meanwhile).
    expect((await fresh(srv.url, 'POST', '/api/auth/logout', { token })).status).toBeLessThan(300);
    const refused = await waitFor(
      'the session refused four times in a row',
      async () => {
        const ids: string[] = [];
        for (let i = 0; i < 4; i++) {
          const r = await fresh(srv.url, 'GET', '/api/echeqs?limit=5', { token });
          if (r.status !== 401) return false;
          ids.push(r.headers['x-request-id'] as string);
        }
        return ids;
      },
      5_000,
    );
    await waitFor('the refusals logged by both processes', () => pidsOf(srv.output(), refused).size === 2);
  });

  it('wrong passwords are counted together: both processes refuse past the limit', async () => {
    const ids: string[] = [];
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const r = await login('autorizante@empresa.example', `Incorrecta-${i}-x1`);
      expect([401, 429]).toContain(r.status);
      ids.push(r.headers['x-request-id'] as string);
      limited = r.status === 429;
    }
    expect(limited).toBe(true);
    await waitFor('the attempts logged', () => pidsOf(srv.output(), ids).size === 2);
  });

  it('a worker killed with SIGKILL is replaced while the other keeps answering', async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    // A connection handed to the worker as it died is lost with it; once the primary knows, the other one answers
    // every new connection while the replacement starts.
    const died = await waitFor('the death noticed', () =>
      logLines(srv.output()).find((l) => l.msg === 'un proceso del servidor terminó'),
    );
    expect(died).toMatchObject({ worker: victim, signal: 'SIGKILL' });
    const during: number[] = [];
    for (let i = 0; i < 6; i++) during.push((await fresh(srv.url, 'GET', '/api/health/live')).status);
    expect(during).toEqual(during.map(() => 200));
    const replacement = await waitFor('a new worker listening', () =>
      listening(srv.output()).find((pid) => !workers.includes(pid)),
    );
    expect(alive(victim)).toBe(false);
    expect(alive(survivor)).toBe(true);
    workers = [survivor, replacement];

    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await fresh(srv.url, 'GET', '/api/health/ready');
      expect(r.status).toBe(200);
      ids.push(r.headers['x-request-id'] as string);
    }
    await waitFor('both answering', () => pidsOf(srv.output(), ids).size === 2);
    expect([...pidsOf(srv.output(), ids)].sort()).toEqual([...workers].sort());
  });

  it('SIGTERM to the primary stops every worker, then the primary exits 0', async () => {
    srv.child.kill('SIGTERM');
    expect(await srv.exited).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
    const closed = logLines(srv.output()).filter((l) => l.msg === 'cerrado');
    // Each worker, then the primary.
    expect(closed.map((l) => l.pid).sort()).toEqual([...workers, srv.pid].sort());
  });
});
