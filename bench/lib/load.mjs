// autocannon, programmatically: warm-ups, measured runs, throughput, latency percentiles and failures.
import autocannon from 'autocannon';

/**
 * Requests still in flight when a run ends keep the server busy (the server finishes them even though the client
 * left); the next run must not pay for them. Waits until a trivial statement through the server's own database pool
 * answers quickly twice in a row (at most 30 s).
 */
async function settle(base) {
  const until = Date.now() + 30_000;
  let quick = 0;
  while (quick < 2 && Date.now() < until) {
    const t = Date.now();
    try {
      await (await fetch(`${base}/__bench/ping`)).arrayBuffer();
    } catch {
      // keep waiting
    }
    quick = Date.now() - t < 25 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One autocannon run whose first `warmupS` seconds warm its own connections: only answers completed after that are
 * measured (throughput, latency percentiles), so the figures are those of a steady state on open connections.
 *
 * A Node server accepts one new connection per turn of its event loop; when 32 connections open at once against a
 * saturated server, the last of them waits 31 turns for its first answer (seconds, on the embedded database) while
 * the others are served. That is the load generator arriving, not the request path: measuring from a run's start
 * would put it into every p99.
 *
 * Failures (errors, timeouts, non-2xx answers) are counted over the whole run, warm-up included.
 */
async function runOnce(opts, warmupS = 0) {
  const latencies = [];
  const warmMs = warmupS * 1000;
  let t0 = 0;
  let tEnd = 0;
  const runOpts = { timeout: 30, ...opts };
  if (runOpts.duration !== undefined) runOpts.duration += warmupS;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(runOpts, (err, r) => {
      tEnd = Date.now();
      if (err) reject(err);
      else resolve(r);
    });
    t0 = Date.now();
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (Date.now() - t0 >= warmMs) latencies.push(responseTime);
    });
  });
  await settle(opts.url);
  return {
    latencies,
    seconds: Math.max(0.001, (tEnd - t0 - warmMs) / 1000),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]);
}

/** Runs as one: requests and measured seconds added up, percentiles of all their latencies together. */
function summarize(runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const statusCodes = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.statusCodes)) statusCodes[k] = (statusCodes[k] ?? 0) + v;
  // No answer within the run: its latency is at least the run's length, not 0.
  const none = latencies.length === 0;
  return {
    rps: latencies.length / seconds,
    requests: latencies.length,
    seconds: Number(seconds.toFixed(2)),
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    max: none ? null : Math.round(latencies.at(-1)),
    ...(none ? { noAnswerWithinSeconds: seconds } : {}),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    statusCodes,
  };
}

/**
 * `requests`: autocannon request objects (method, path, headers, body, setupRequest, onResponse), cycled by each
 * connection. With `amount` the run stops after exactly that many requests; otherwise after `duration` seconds.
 */
export async function measure({ base, requests, connections, duration, warmup, amount }) {
  const opts = { url: base, connections, requests };
  if (amount) opts.amount = amount;
  else opts.duration = duration;
  return summarize([await runOnce(opts, warmup)]);
}

/**
 * An endpoint and its reference (or the same endpoint on another server, `baseB`) measured in A B B A order (each half the duration, after its own warm-up on its
 * own connections), so a machine whose load drifts during the run (it is shared) weighs on both alike.
 */
export async function measurePair({ base, baseB = base, a, b, connections, duration, warmup }) {
  const half = Math.max(1, duration / 2);
  const run = (url, requests) => runOnce({ url, connections, duration: half, requests }, warmup);
  const ra = [await run(base, a)];
  const rb = [await run(baseB, b)];
  rb.push(await run(baseB, b));
  ra.push(await run(base, a));
  return [summarize(ra), summarize(rb)];
}
