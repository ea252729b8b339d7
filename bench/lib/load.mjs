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

async function runOnce(opts) {
  const result = await new Promise((resolve, reject) => {
    autocannon({ timeout: 30, ...opts }, (err, r) => (err ? reject(err) : resolve(r)));
  });
  await settle(opts.url);
  return result;
}

export function summarize(r, totals = { requests: r.requests.total, seconds: r.duration }) {
  const seconds = totals.seconds || 1;
  const codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  // No answer within the run: its latency is at least the run's length, not 0.
  const none = totals.requests === 0;
  return {
    rps: totals.requests / seconds,
    requests: totals.requests,
    seconds: Number(seconds.toFixed(2)),
    p50: none ? null : r.latency.p50,
    p90: none ? null : r.latency.p90,
    p99: none ? null : r.latency.p99,
    max: none ? null : r.latency.max,
    ...(none ? { noAnswerWithinSeconds: seconds } : {}),
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    statusCodes: codes,
  };
}

/** Several raw runs (skipAggregateResult) as one: summed requests and time, percentiles of the merged histogram. */
function combine(base, connections, raws) {
  const requests = raws.reduce((s, r) => s + r.totalCompletedRequests, 0);
  const seconds = raws.reduce((s, r) => s + r.duration, 0);
  const agg = autocannon.aggregateResult(raws, { url: base, connections });
  return summarize(agg, { requests, seconds });
}

/**
 * `requests`: autocannon request objects (method, path, headers, body, setupRequest, onResponse), cycled by each
 * connection. With `amount` the run stops after exactly that many requests; otherwise after `duration` seconds.
 */
export async function measure({ base, requests, connections, duration, warmup, amount }) {
  if (warmup > 0) await runOnce({ url: base, connections, duration: warmup, requests });
  const opts = { url: base, connections, requests };
  if (amount) opts.amount = amount;
  else opts.duration = duration;
  return summarize(await runOnce(opts));
}

/**
 * An endpoint and its reference measured in A B B A order (each half the duration), after a warm-up of each, so a
 * machine whose load drifts during the run (it is shared) weighs on both alike.
 */
export async function measurePair({ base, a, b, connections, duration, warmup }) {
  if (warmup > 0) {
    await runOnce({ url: base, connections, duration: warmup, requests: a });
    await runOnce({ url: base, connections, duration: warmup, requests: b });
  }
  const half = Math.max(1, duration / 2);
  const raw = (requests) => runOnce({ url: base, connections, duration: half, requests, skipAggregateResult: true });
  const ra = [await raw(a)];
  const rb = [await raw(b)];
  rb.push(await raw(b));
  ra.push(await raw(a));
  return [combine(base, connections, ra), combine(base, connections, rb)];
}
