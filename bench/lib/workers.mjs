// `--workers N`: the read scenarios on one server process and on N (WORKERS=N, node:cluster) side by side, on the
// same PostgreSQL database, and the throughput ratio of N to 1 for each.
import path from 'node:path';
import { measurePair } from './load.mjs';
import { startServer } from './server.mjs';

/**
 * `one` is the benchmark's running single-process server; a second server with WORKERS=n is started on the same
 * database (same secrets, so the signed-in tokens hold on both). Each scenario's endpoints are measured on one and on
 * n processes in A B B A order (measurePair), as an endpoint and its reference are.
 */
export async function compareWorkers({ n, one, env, plan, tokens, connections, duration, warmup, logDir, log }) {
  const many = await startServer({
    env: { ...env, WORKERS: String(n) },
    logFile: path.join(logDir, `server-workers-${n}.log`),
  });
  log(`servidor con ${n} procesos en ${many.base} (pid ${many.pid}), listo en ${(many.startupMs / 1000).toFixed(1)} s`);
  const scenarios = [];
  try {
    for (const item of plan) {
      if (item.paths.length === 0) continue;
      const auth = { authorization: `Bearer ${tokens[item.actor.email]}` };
      const requests = item.paths.map((p) => ({ method: 'GET', path: p, headers: auth }));
      const [single, multi] = await measurePair({
        base: one.base,
        baseB: many.base,
        a: requests,
        b: requests,
        connections,
        duration,
        warmup,
      });
      const row = {
        scenario: item.scenario.name,
        actor: item.actor.name,
        one: pick(single),
        many: pick(multi),
        ratio: single.rps > 0 ? multi.rps / single.rps : null,
      };
      scenarios.push(row);
      log(
        `${row.scenario} @ ${row.actor}: 1 proceso ${single.rps.toFixed(0)} req/s p99 ${single.p99} ms · ${n} procesos ${multi.rps.toFixed(0)} req/s p99 ${multi.p99} ms · ×${row.ratio?.toFixed(2)}`,
      );
    }
  } finally {
    await many.stop();
  }
  const ratios = scenarios
    .map((s) => s.ratio)
    .filter((r) => r !== null)
    .sort((a, b) => a - b);
  return {
    workers: n,
    scenarios,
    ratio: ratios.length ? { min: ratios[0], median: ratios[Math.floor(ratios.length / 2)], max: ratios.at(-1) } : null,
  };
}

const pick = (e) => ({ rps: Number(e.rps.toFixed(1)), p50: e.p50, p99: e.p99, errors: e.errors + e.non2xx });

export function printWorkers(w) {
  if (!w) return;
  console.log('');
  console.log(`lecturas con 1 y con ${w.workers} procesos (WORKERS=${w.workers}), misma base:`);
  for (const s of w.scenarios) {
    console.log(
      `  ${`${s.scenario} @ ${s.actor}`.padEnd(42)} ${String(s.one.rps.toFixed(0)).padStart(6)} → ${String(s.many.rps.toFixed(0)).padStart(6)} req/s  p99 ${s.one.p99} → ${s.many.p99} ms  ×${s.ratio?.toFixed(2) ?? '—'}`,
    );
  }
  if (w.ratio) {
    console.log(
      `  relación ${w.workers}:1 del rendimiento: mediana ×${w.ratio.median.toFixed(2)} (de ×${w.ratio.min.toFixed(2)} a ×${w.ratio.max.toFixed(2)})`,
    );
  }
}
