import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { BUENOS_AIRES_TIME_ZONE } from '@echeq/contract';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

const DEMO_PASSWORD = 'Demo1234!';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

export function baseURL(): string {
  return inject('baseURL');
}

/** Debian's chromium, headless. Missing chromium is a failure, never a skip. */
export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No se encontró chromium en ${CHROMIUM}`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseURL(),
    locale: 'es-AR',
    timezoneId: BUENOS_AIRES_TIME_ZONE,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  try {
    await page.waitForURL('**/dashboard');
  } catch (err) {
    await shot(page, `login-failed-${email}`);
    throw new Error(
      `No se pudo iniciar sesión como ${email}: ${(await page.locator('body').innerText()).slice(0, 400)}`,
      {
        cause: err,
      },
    );
  }
}

/** A bearer token through the API (for arranging data quickly). */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await r.json()) as { token?: string };
  if (!body.token) throw new Error(`login ${email}: ${r.status}`);
  return body.token;
}

export async function api<T = any>(
  token: string,
  method: string,
  p: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const r = await fetch(`${baseURL()}/api${p}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as T };
}

/** Saves a screenshot under screenshots/ (not committed) for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
