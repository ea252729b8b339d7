// Starts the built server (dist/main.js) in production mode against the benchmark's database, samples its resident
// memory while it runs, and stops it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/**
 * The node options `npm start` gives the server (the heap's ceiling, decision 043), read from the root package.json's
 * start script so the benchmark measures the server as it is run.
 */
function startFlags() {
  const start = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const m = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+apps\/server\/dist\/main\.js/.exec(start);
  if (!m) throw new Error(`El script start de package.json no inicia apps/server/dist/main.js con node: ${start}`);
  return m[1].trim().split(/\s+/).filter(Boolean);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB (Linux /proc), or null when it is gone. */
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * env: DATABASE_URL or DATA_DIR. Resolves once /api/health answers. `stop()` sends SIGTERM (the server closes
 * cleanly: a CPU profile, if asked for, is written then) and resolves when the process is gone.
 */
export async function startServer({ env, logFile, cpuProfDir, timeoutMs = 180_000, main = SERVER_MAIN }) {
  const port = await freePort();
  const args = startFlags();
  if (cpuProfDir) args.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`);
  args.push(main);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      BENCH_REFERENCE: '1',
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  const samples = [];
  const sampler = setInterval(() => {
    const mb = rssMb(child.pid);
    if (mb !== null) samples.push({ t: Date.now(), mb });
  }, 250);

  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) {
      clearInterval(sampler);
      throw new Error(`El servidor terminó al iniciar (${JSON.stringify(exited)}); ver ${logFile}`);
    }
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      clearInterval(sampler);
      throw new Error(`El servidor no respondió en ${timeoutMs / 1000} s; ver ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    base,
    pid: child.pid,
    startupMs: Date.now() - started,
    /** Memory samples since `since` (ms epoch): max and last. */
    memory(since = 0) {
      const s = samples.filter((x) => x.t >= since);
      return { maxMb: s.reduce((m, x) => Math.max(m, x.mb), 0), samples: s.length };
    },
    async stop() {
      clearInterval(sampler);
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exit;
        clearTimeout(timer);
      }
      log.end();
      return exited;
    },
  };
}
