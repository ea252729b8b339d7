// Chromium (Debian's, headless, with a debugging port) and Lighthouse for `npm run bench:web`: each page audited a
// few times, the median kept, with its metrics, what it could save and the accessibility audits that fail.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from './server.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'echeq-bench-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Lighthouse `opts.runs` times; the run with the median performance score is kept (scores vary from run to run). */
export async function auditMedian(url, port, opts) {
  const runs = [];
  for (let i = 0; i < Math.max(1, Number(opts.runs)); i++) {
    // Kept storage must not mean a warm HTTP cache: every audit loads the page as a first visit would.
    if (opts.keepStorage) await clearHttpCache(port);
    runs.push(await audit(url, port, opts));
  }
  runs.sort((a, b) => a.performance - b.performance);
  return { ...runs[Math.floor(runs.length / 2)], runs: runs.map((r) => r.performance) };
}

/** Empties the browser's HTTP cache (local storage stays). */
async function clearHttpCache(port) {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = cdp.contexts()[0] ?? (await cdp.newContext());
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await page.close();
  await cdp.close();
}

/** The largest contentful paint's element, as Lighthouse describes it. */
function lcpElement(lhr) {
  const walk = (x) => {
    if (!x || typeof x !== 'object') return null;
    if (x.type === 'node' && (x.snippet || x.nodeLabel))
      return `${x.nodeLabel ?? ''} ${x.snippet ?? ''}`.trim().slice(0, 200);
    for (const v of Object.values(x)) {
      const found = walk(v);
      if (found) return found;
    }
    return null;
  };
  return walk(lhr.audits['largest-contentful-paint-element']?.details);
}

async function audit(url, port, { desktop = false, keepStorage = false } = {}) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: keepStorage,
    },
    desktop ? desktopConfig : undefined,
  );
  const lhr = result.lhr;
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0),
    )
    .map((a) => a.id);
  return {
    url: lhr.finalDisplayedUrl,
    formFactor: desktop ? 'desktop' : 'mobile',
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    metrics: {
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    },
    lcpElement: lcpElement(lhr),
    // Where the time could go: Lighthouse's own estimates of what each improvement would save.
    opportunities: Object.values(lhr.audits)
      .filter((a) => (a.details?.overallSavingsMs ?? a.metricSavings?.LCP ?? 0) > 50)
      .map((a) => ({ id: a.id, savingsMs: Math.round(a.details?.overallSavingsMs ?? a.metricSavings?.LCP ?? 0) }))
      .sort((a, b) => b.savingsMs - a.savingsMs)
      .slice(0, 8),
    mainThreadMs: Math.round(metric('mainthread-work-breakdown') ?? 0),
    bootupMs: Math.round(metric('bootup-time') ?? 0),
    accessibilityFailures: failing,
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}
