import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The built server (apps/server/dist/main.js) as a child process, started as `npm start` starts it (but for node's heap
 * ceiling, decision 043: a test's server holds little): for the tests that need a real process (its log output,
 * kill -9, a soak).
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(SERVER_DIR, 'dist/main.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/main.js when it is missing or older than the sources (`npm test` builds it before the tests). */
function ensureBuilt(): void {
  const sources = Math.max(
    newestMtime(path.join(SERVER_DIR, 'src')),
    newestMtime(path.join(SERVER_DIR, '../../packages/contract/src')),
  );
  if (existsSync(MAIN) && statSync(MAIN).mtimeMs >= sources) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal) when the process ends. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
};

/** Test-only secrets, fixed so a restarted process reads what the previous one wrote. */
const TEST_SECRETS = {
  JWT_SECRET: 'reliability-secret-reliability-secret-0123456789',
  SECRETS_KEY: 'ab'.repeat(32),
};

/**
 * `node dist/main.js` with this environment (a variable set to undefined is left out), under the given umask
 * (through the shell, as a service manager would set it) or this process's.
 */
function spawnServer(env: Record<string, string | undefined>, umask?: string): ChildProcess {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const options: SpawnOptions = {
    cwd: path.resolve(SERVER_DIR, '../..'),
    env: clean,
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  if (umask === undefined) return spawn(process.execPath, [MAIN], options);
  if (!/^[0-7]{3,4}$/.test(umask)) throw new Error(`umask inválida: ${umask}`);
  return spawn('/bin/sh', ['-c', `umask ${umask} && exec "$0" "$1"`, process.execPath, MAIN], options);
}

/** Spawns the server; resolves once /api/health answers (or rejects with its output if it exits first). */
export async function startServer(
  env: Record<string, string | undefined>,
  opts: { timeoutMs?: number; umask?: string } = {},
): Promise<ServerProcess> {
  ensureBuilt();
  const port = Number(env.PORT ?? (await freePort()));
  let out = '';
  const child = spawnServer(
    {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // One process unless a test asks for more (on PostgreSQL the default is one per core).
      WORKERS: '1',
      ...TEST_SECRETS,
      ...env,
      PORT: String(port),
    },
    opts.umask,
  );
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const proc: ServerProcess = {
    child,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  let done = false;
  void exited.then(() => {
    done = true;
  });
  for (;;) {
    if (done) throw new Error(`El servidor terminó al iniciar (${await exited}):\n${out.slice(-3000)}`);
    try {
      const r = await fetch(`${proc.url}/api/health`);
      if (r.ok) return proc;
    } catch {}
    if (Date.now() > deadline) {
      await proc.stop('SIGKILL');
      throw new Error(`El servidor no respondió a tiempo:\n${out.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits for a process started elsewhere to exit, with its output (for processes expected to refuse to start). */
export async function runToExit(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
  umask?: string,
): Promise<{ code: number | string; output: string }> {
  ensureBuilt();
  let out = '';
  const child = spawnServer(
    { PATH: process.env.PATH ?? '', NODE_ENV: 'development', HOST: '127.0.0.1', WORKERS: '1', ...TEST_SECRETS, ...env },
    umask,
  );
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | string>((resolve) => child.once('exit', (c, s) => resolve(c ?? s ?? -1)));
  clearTimeout(timer);
  return { code, output: out };
}

/** A small JSON client for a spawned server. */
export async function call<T = any>(
  base: string,
  method: string,
  p: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(base + p, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: r.status, body: body as T };
}

/** Writes a figures file formatted as the repository's formatter wants it (so `biome check .` stays clean). */
export function writeFigures(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  try {
    execFileSync(path.resolve(SERVER_DIR, '../../node_modules/.bin/biome'), ['format', '--write', file], {
      stdio: 'ignore',
    });
  } catch {
    // The figures are written either way.
  }
}
