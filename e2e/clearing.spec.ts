import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, launch, loginAs, MOBILE, newPage, shot } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const SIM_KEY = 'e2e-banco-sur';
const SIM_SECRET = 'e2e-secreto-banco-sur-0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The standalone clearing-house simulator, as a separate process (as `npm run coelsa-sim -w apps/server` runs it). */
async function startSimulator(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/coelsa-sim.js')], {
    env: {
      ...process.env,
      COELSA_SIM_PORT: String(port),
      COELSA_SIM_API_KEY: SIM_KEY,
      COELSA_SIM_API_SECRET: SIM_SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      // Unsigned: the simulator answers 401, which proves it is up.
      const r = await fetch(`http://127.0.0.1:${port}/v1/health`);
      if (r.status === 401) return child;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('El simulador de COELSA no inició');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopSimulator(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const alertRegion = (page: Page) => page.getByRole('region', { name: 'Integración COELSA' });

describe('clearing house: the configuration alert and a bank linked to the standalone simulator', () => {
  let browser: Browser;
  let sim: ChildProcess | null = null;
  let simPort: number;
  let root: string;
  let bsurId: string;

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs', 'src/modules/clearing/simulator/coelsa-sim.ts'], {
      cwd: path.join(ROOT, 'apps/server'),
      stdio: 'inherit',
    });
    simPort = await freePort();
    sim = await startSimulator(simPort);
    browser = await launch();
    root = await apiLogin('superadmin@plataforma.example');
    const tenants = await api<{ data: Array<{ id: string; codigo: string }> }>(root, 'GET', '/admin/tenants');
    bsurId = tenants.body.data.find((t) => t.codigo === 'BSUR')!.id;
  });

  afterAll(async () => {
    // Banco Sur goes back to unconfigured for the other specs.
    if (root && bsurId) await api(root, 'DELETE', `/admin/tenants/${bsurId}/coelsa-config`);
    await stopSimulator(sim);
    await browser?.close();
  });

  it('Banco Demo (sandbox): success, "Conectado a Sandbox", "Modo simulación activo" and the SANDBOX chip', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@banco.example');
    const region = alertRegion(page);
    await region.getByText('Conectado a Sandbox').waitFor();
    await expect(region.getByText('Modo simulación activo').isVisible()).resolves.toBe(true);
    await expect(region.getByText('SANDBOX', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(region.locator('.MuiAlert-colorSuccess').count()).resolves.toBe(1);

    const toggle = region.getByRole('button', { name: 'Ver detalles' });
    await toggle.click();
    await region.getByText('Sandbox (simulación)').waitFor();
    await expect(region.getByRole('button', { name: 'Ocultar detalles' }).getAttribute('aria-expanded')).resolves.toBe(
      'true',
    );
    await shot(page, 'clearing-alert-sandbox-desktop');
    await region.getByRole('button', { name: 'Ocultar detalles' }).click();
    await region.getByText('Sandbox (simulación)').waitFor({ state: 'detached' });
    await page.context().close();

    const mobile = await newPage(browser, MOBILE);
    await loginAs(mobile, 'operador@banco.example');
    await alertRegion(mobile).getByText('Conectado a Sandbox').waitFor();
    await shot(mobile, 'clearing-alert-sandbox-mobile');
    await mobile.context().close();
  });

  it('Banco Sur (unconfigured): error, "Configuración requerida"', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin@bancosur.example');
    const region = alertRegion(page);
    await region.getByText('Configuración requerida').waitFor();
    await expect(region.locator('.MuiAlert-colorError').count()).resolves.toBe(1);
    await expect(region.textContent()).resolves.toContain('Contacte al administrador');
    await shot(page, 'clearing-alert-required-desktop');
    await page.context().close();

    const mobile = await newPage(browser, MOBILE);
    await loginAs(mobile, 'admin@bancosur.example');
    await alertRegion(mobile).getByText('Configuración requerida').waitFor();
    await shot(mobile, 'clearing-alert-required-mobile');
    await mobile.context().close();
  });

  it('the system administrator: warning, "Configuración incompleta" while Banco Sur has none', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'superadmin@plataforma.example');
    const region = alertRegion(page);
    await region.getByText('Configuración incompleta').waitFor();
    await expect(region.locator('.MuiAlert-colorWarning').count()).resolves.toBe(1);
    await expect(region.textContent()).resolves.toContain('Banco Sur');
    await shot(page, 'clearing-alert-incomplete-desktop');
    await page.context().close();
  });

  it('verifying (info) while the check is on its way; error with retry ("Error de conexión", "Error verificando configuración")', async () => {
    const page = await newPage(browser);
    const held: { release: (() => void) | null } = { release: null };
    await page.route('**/api/system/coelsa-config*', async (route) => {
      await new Promise<void>((r) => {
        held.release = r;
      });
      await route.continue();
    });
    await loginAs(page, 'admin@banco.example');
    const region = alertRegion(page);
    await region.getByText('Verificando configuración de COELSA...').waitFor();
    await expect(region.locator('.MuiAlert-colorInfo').count()).resolves.toBe(1);
    await shot(page, 'clearing-alert-verifying');
    await expect.poll(() => held.release !== null).toBe(true);
    held.release!();
    await region.getByText('Conectado a Sandbox').waitFor();
    await page.unrouteAll({ behavior: 'wait' });

    // The call fails without an answer of the server.
    await page.route('**/api/system/coelsa-config*', (route) => route.abort('connectionrefused'));
    await page.reload();
    await region.getByText('Error de conexión').waitFor();
    await expect(region.locator('.MuiAlert-colorError').count()).resolves.toBe(1);
    await shot(page, 'clearing-alert-error');
    await page.unrouteAll({ behavior: 'wait' });
    await region.getByRole('button', { name: 'Reintentar' }).click();
    await region.getByText('Conectado a Sandbox').waitFor();

    // An unsuccessful answer without a message.
    await page.route('**/api/system/coelsa-config*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: false }) }),
    );
    await page.reload();
    await region.getByText('Error verificando configuración').waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    await page.context().close();
  });

  it('Banco Sur against the standalone simulator: test succeeds; simulator stopped: 503 COELSA_NOT_AVAILABLE fast, failed test', async () => {
    const set = await api(root, 'POST', `/admin/tenants/${bsurId}/coelsa-config`, {
      environment: 'staging',
      base_url: `http://127.0.0.1:${simPort}`,
      api_key: SIM_KEY,
      api_secret: SIM_SECRET,
      timeout: 2000,
      max_retries: 1,
    });
    expect(set.status).toBe(200);
    expect(JSON.stringify(set.body)).not.toContain(SIM_SECRET);

    // The administrator presses "test" on the administration screen.
    const admin = await newPage(browser);
    await loginAs(admin, 'superadmin@plataforma.example');
    await admin.goto('/admin');
    await admin.getByRole('button', { name: 'Probar conexión de Banco Sur' }).click();
    await admin.getByText(/Prueba de conexión: Conexión exitosa con COELSA/).waitFor();
    await shot(admin, 'clearing-admin-test-success');

    const bank = await newPage(browser);
    await loginAs(bank, 'admin@bancosur.example');
    const region = alertRegion(bank);
    await region.getByText('Integración COELSA configurada').waitFor();
    await expect(region.locator('.MuiAlert-colorSuccess').count()).resolves.toBe(1);
    await expect(region.getByText('SANDBOX', { exact: true }).count()).resolves.toBe(0);
    await shot(bank, 'clearing-alert-connected-http');

    const sur = await apiLogin('admin@bancosur.example');
    const up = await api(sur, 'POST', '/integration/coelsa/operation', { type: 'HEALTH' });
    expect(up.status).toBe(200);

    await stopSimulator(sim);
    sim = null;
    const started = Date.now();
    const down = await api<{ code: string }>(sur, 'POST', '/integration/coelsa/operation', { type: 'HEALTH' });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('COELSA_NOT_AVAILABLE');
    expect(Date.now() - started).toBeLessThan(3_000);

    await admin.reload();
    await admin.getByRole('button', { name: 'Probar conexión de Banco Sur' }).click();
    await admin.getByText(/Prueba de conexión: COELSA no está disponible/).waitFor();
    await shot(admin, 'clearing-admin-test-failed');
    const cfg = await api<{ data: { test_status: string } }>(root, 'GET', `/admin/tenants/${bsurId}/coelsa-config`);
    expect(cfg.body.data.test_status).toBe('failed');

    await bank.reload();
    await region.getByText('Sin conexión con COELSA').waitFor();
    await expect(region.getByRole('button', { name: 'Reintentar' }).isVisible()).resolves.toBe(true);
    await shot(bank, 'clearing-alert-disconnected');
    await admin.context().close();
    await bank.context().close();
  });
});
