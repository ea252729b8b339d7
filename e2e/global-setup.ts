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
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al iniciar (código ${child.exitCode})`);
    try {
      const r = await fetch(`${baseURL}/api/health`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('El servidor no respondió en 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
