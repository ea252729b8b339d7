import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

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

/**
 * How long the server may take to answer: a first start migrates an empty database and seeds the demo data (the
 * registry's cheques through the sandbox's routes), a few seconds alone but much longer on a CI machine of two cores
 * that runs every suite.
 */
const START_TIMEOUT_MS = 180_000;
/** What the server printed last, kept for a failed start's message. */
const OUTPUT_KEPT = 8_000;

/** Starts the built app exactly as `npm start` runs it, on a fresh data folder and a free port. */
export default async function setup(project: TestProject) {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('Falta el build: ejecute `npm run build` antes de las pruebas de navegador');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'echeq-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The clearing-house simulator of the specs listens on loopback.
      COELSA_ALLOWED_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's output still reaches the console as it comes; its tail is kept for a failed start's message.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const failed = async (what: string) => {
    await stop();
    const printed = output.trim() ? `; lo último que escribió:\n${output.trimEnd()}` : '; no escribió nada';
    return new Error(`${what}${printed}`);
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw await failed(`El servidor terminó al iniciar (${child.signalCode ?? `código ${child.exitCode}`})`);
    }
    try {
      const r = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (r.ok) break;
    } catch {}
    if (Date.now() - started > START_TIMEOUT_MS) {
      throw await failed(`El servidor no respondió en ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`Pruebas de navegador: servidor listo en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('baseURL', baseURL);
  return stop;
}
