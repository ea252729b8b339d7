import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';

// A web build as `vite build` leaves it: each text file with its brotli and gzip copies beside it.
const INDEX = `<!doctype html><html lang="es"><head><title>ECHEQ Platform</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const ASSET = `export const x = ${JSON.stringify('a'.repeat(4000))};\n`;
const ASSET_PATH = '/assets/index-AbCd1234.js';
// The build's copy of index.html for /login, which also names the sign-in page's code.
const LOGIN_PAGE = INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/login-page-Xy.js"></head>');

function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

let dist: string;
let s: TestServer;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'echeq-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithCopies(path.join(dist, 'index.html'), INDEX);
  writeWithCopies(path.join(dist, ASSET_PATH), ASSET);
  mkdirSync(path.join(dist, 'pages'));
  writeWithCopies(path.join(dist, 'pages/login.html'), LOGIN_PAGE);
  s = await build({ config: { webDist: dist } });
});

afterAll(async () => {
  await s?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string>) {
  const res = await s.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
}

function decoded(res: { headers: Record<string, unknown>; raw: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.raw).toString();
  if (encoding === 'gzip') return gunzipSync(res.raw).toString();
  return res.raw.toString();
}

describe('archivos de la web precomprimidos', () => {
  it('un recurso con hash se envía en brotli si el navegador lo acepta, inmutable', async () => {
    const res = await get(ASSET_PATH, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.raw.length).toBeLessThan(ASSET.length / 10);
    expect(decoded(res)).toBe(ASSET);
  });

  it('en gzip si solo acepta gzip', async () => {
    const res = await get(ASSET_PATH, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(ASSET);
  });

  it('sin comprimir si no acepta ninguna codificación', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(ASSET_PATH, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.raw.toString()).toBe(ASSET);
    }
  });

  it('las copias comprimidas no son rutas propias', async () => {
    const res = await get(`${ASSET_PATH}.br`, { accept: 'application/javascript' });
    expect(res.status).toBe(404);
  });

  it('la página de una ruta de la aplicación (index.html) también, y sin guardarse en caché sin revalidar', async () => {
    const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const cases: [Record<string, string>, string | undefined][] = [
      [{ 'accept-encoding': 'gzip, deflate, br' }, 'br'],
      [{ 'accept-encoding': 'gzip' }, 'gzip'],
      [{}, undefined],
    ];
    for (const url of ['/dashboard', '/echeqs/123', '/custody?page=2']) {
      for (const [headers, encoding] of cases) {
        const res = await get(url, { ...page, ...headers });
        expect(res.status, url).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${JSON.stringify(headers)}`).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(decoded(res)).toBe(INDEX);
      }
    }
  });

  it('/login recibe la copia de la página que además nombra el código del inicio de sesión', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Fcustody']) {
      for (const [headers, encoding] of [
        [{ 'accept-encoding': 'br' }, 'br'],
        [{ 'accept-encoding': 'gzip' }, 'gzip'],
        [{}, undefined],
      ] as [Record<string, string>, string | undefined][]) {
        const res = await get(url, { accept: 'text/html', ...headers });
        expect(res.status, url).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(decoded(res)).toBe(LOGIN_PAGE);
      }
    }
  });

  it('index.html pedido por su nombre tampoco queda en caché sin revalidar', async () => {
    const res = await get('/index.html', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('la API sigue respondiendo 404 en JSON para rutas desconocidas', async () => {
    const res = await get('/api/no-existe', { 'accept-encoding': 'br', accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.raw.toString())).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
