// The write mix: a warm-up, then a measured run of a fixed number of requests (deposits, validations, discount
// requests and approvals on two banks), and the database checked against the answers: nothing lost or duplicated.
import { measure } from './load.mjs';
import { WRITE_STEPS, writeMix } from './scenarios.mjs';

export async function runWrites({ server, info, tokens, db, connections, duration, warmup, embedded, log }) {
  // Cheque numbers are digits: a run's numbers start with 9, its time in ms and 1 (warm-up) or 2 (measured); the
  // book's numbers have 10 digits and the demo's 8, so none of them starts with a run's 15-digit tag.
  const runId = String(Date.now());
  const withTokens = (side) => {
    const w = info.write[side];
    const company = (c) => ({ token: tokens[c.user_email], name: c.name, cuit: c.cuit.trim() });
    return {
      pool: w.pool.map((c) => ({ echeq_id: c.echeq_id, amount: c.amount, company: company(c) })),
      companies: w.companies.map(company),
      admin: tokens[w.bank.admin_email],
    };
  };
  const large = withTokens('large');
  const small = withTokens('small');
  const mix = (tag) =>
    writeMix({
      pools: { large: large.pool, small: small.pool },
      companies: { large: large.companies, small: small.companies },
      adminTokens: { large: large.admin, small: small.admin },
      tag,
    });

  // Warm-up (its records are told apart by their tag), then a measured run of a fixed number of requests, so every
  // request sent has its answer counted (none left in flight when the run ends).
  const warm = mix(`9${runId}1`);
  const w = await measure({
    base: server.base,
    connections,
    duration: Math.max(warmup, 2),
    warmup: 0,
    requests: warm.requests,
  });
  await new Promise((r) => setTimeout(r, 2000));
  // The measured run's first `warmup` seconds warm its connections (their answers are verified, not timed).
  const cyclesPerConnection = Math.max(2, Math.round((w.rps * (duration + warmup)) / WRITE_STEPS.length / connections));
  const amount = cyclesPerConnection * WRITE_STEPS.length * connections;
  const tag = `9${runId}2`;
  const measured = mix(tag);
  const since = new Date();
  const sinceMs = Date.now();
  log(`mezcla de escritura: ${amount} solicitudes (${cyclesPerConnection} ciclos por conexión)`);
  const result = await measure({
    base: server.base,
    connections,
    duration,
    warmup,
    amount,
    requests: measured.requests,
  });
  const rssMaxMb = server.memory(sinceMs).maxMb;
  log(
    `mezcla de escritura: ${result.rps.toFixed(0)} req/s p50 ${result.p50} ms p99 ${result.p99} ms · errores ${result.errors + result.non2xx} · ${JSON.stringify(measured.stats)}`,
  );
  const out = {
    scenario: 'write-mix',
    banks: { large: info.write.large.bank.codigo, small: info.write.small.bank.codigo },
    candidates: { large: info.write.large.pool.length, small: info.write.small.pool.length },
    tag,
    since: since.toISOString(),
    endpoint: result,
    steps: measured.stats,
    rssMaxMb,
    pendingVerification: { tag, since, stats: measured.stats },
  };
  if (!embedded) {
    // Give the outbox job a moment; the records themselves were committed before each answer.
    out.verification = await verifyWrites(db.q, out.pendingVerification);
    delete out.pendingVerification;
  }
  return out;
}

/** Database against answers: every 2xx is one record, no record without its 2xx, nothing open twice. */
export async function verifyWrites(q, { tag, since, stats }) {
  const r = (
    await q(
      `select
        (select count(*) from echeqs where number like $1 || '%')::int as echeqs,
        (select count(*) from custody c join echeqs e on e.id = c.echeq_id where e.number like $1 || '%')::int as custody,
        (select count(*) from discounts where notes = $1)::int as discounts_requested,
        (select count(*) from discounts where notes = $1 and status = 'APPROVED' and approved_at is not null)::int
          as discounts_approved,
        (select count(*) from (select echeq_id from discounts where status in ('PENDING', 'APPROVED')
                               group by echeq_id having count(*) > 1) x)::int as cheques_with_two_open_discounts,
        (select count(*) from (select echeq_id from custody where status = 'IN_CUSTODY'
                               group by echeq_id having count(*) > 1) x)::int as cheques_twice_in_custody,
        (select count(*) from (select tenant_id, number from echeqs where deleted_at is null and origin = 'MANUAL'
                               group by tenant_id, number having count(*) > 1) x)::int as duplicated_numbers`,
      [tag],
    )
  ).rows[0];
  const audit = (
    await q(`select action, count(*)::int as n from audit_log where at >= $1 group by action order by action`, [since])
  ).rows;
  const counters = await countersConsistent(q);
  const validations = audit.find((a) => a.action === 'echeq.validate')?.n ?? 0;
  const checks = [
    ['cheques created = deposits answered 2xx', r.echeqs, stats.deposit.ok],
    ['custody records created = deposits answered 2xx', r.custody, stats.deposit.ok],
    ['validations recorded = validations answered 2xx', validations, stats.validate.ok],
    ['discounts requested = requests answered 2xx', r.discounts_requested, stats.request.ok],
    ['discounts approved = approvals answered 2xx', r.discounts_approved, stats.approve.ok],
    ['cheques with two open discounts', r.cheques_with_two_open_discounts, 0],
    ['cheques twice in custody', r.cheques_twice_in_custody, 0],
    ['duplicated cheque numbers in a bank', r.duplicated_numbers, 0],
    ['requests sent without an answer', Object.values(stats).reduce((s, x) => s + x.sent - x.received, 0), 0],
    ...counters.map((c) => [`report counters = rows (${c.table}, ${c.status})`, Number(c.counted), Number(c.actual)]),
  ].map(([check, found, expected]) => ({ check, found, expected, pass: found === expected }));
  return { pass: checks.every((c) => c.pass), checks, audit };
}

async function countersConsistent(q) {
  const has = (
    await q(`select to_regclass('report_custody_counters') is not null as c,
                               to_regclass('report_discount_counters') is not null as d`)
  ).rows[0];
  const out = [];
  const compare = async (table, base) => {
    const rows = (
      await q(
        `select coalesce(a.status, b.status) as status, coalesce(a.n, 0)::text as actual, coalesce(b.n, 0)::text as counted
         from (select status, count(*) as n from ${base} group by status) a
         full join (select status, sum(count) as n from ${table} group by status) b on b.status = a.status
         order by 1`,
      )
    ).rows;
    for (const row of rows) out.push({ table, ...row });
  };
  if (has.c) await compare('report_custody_counters', 'custody');
  if (has.d) await compare('report_discount_counters', 'discounts');
  return out;
}
