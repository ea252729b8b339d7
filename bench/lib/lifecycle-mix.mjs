// The lifecycle's write mix (issue 22): through the HTTP routes, a company of the largest bank issues a COMUN cheque
// to a company of a small bank, which accepts it and endorses it to another of its bank's companies, which accepts
// the endorsement and deposits it; once the sandbox's registry presented it, the largest bank (the paying bank) pays.
// Then the registry's events are checked against each bank's copies and history: nothing lost or applied twice.
import { verifyLifecycle } from './lifecycle-verify.mjs';
import { measure } from './load.mjs';
import { login } from './probe.mjs';

const LIFECYCLE_STEPS = ['issue', 'find', 'accept', 'endorse', 'findEndorsee', 'acceptEndorsement', 'deposit'];
/** The tables every lifecycle operation rewrites (echeqs: the copies, each rewritten by every event on its cheque). */
const LIFECYCLE_TABLES = [
  'echeqs',
  'registry_cheques',
  'registry_operations',
  'registry_pending_events',
  'clearing_outbox',
  'echeq_inbox_cursors',
  'chequebooks',
  'lifecycle_tray_counters',
  'lifecycle_presented_counters',
  'rate_limits',
];

function baToday() {
  return new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
}

const json = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return json(text);
}

/** ARS accounts for the issuers, 25 numbers each (one chequebook), enough for `issues` cheques. */
async function openAccounts({ base, q, bank, adminToken, issuers, issues }) {
  const perIssuer = Math.ceil(issues / issuers.length / 25) + 1;
  for (const issuer of issuers) {
    const id = (
      await q('select id from companies where tenant_id = $1 and btrim(cuit) = $2', [bank.tenant_id, issuer.cuit])
    ).rows[0].id;
    issuer.accounts = [];
    for (let i = 0; i < perIssuer; i++) {
      const account = await call(base, 'POST', '/api/accounts', adminToken, { company_id: id, currency: 'ARS' });
      issuer.accounts.push({ id: account.data.id, left: 25 });
    }
  }
}

function mix({ issuers, holders, tag }) {
  const stats = Object.fromEntries(LIFECYCLE_STEPS.map((s) => [s, { sent: 0, received: 0, ok: 0, failed: 0 }]));
  // Each step's latency, from the moment its request is built to its answer (autocannon's histogram mixes them), with
  // the instant of the answer (the warm-up's answers are told apart afterwards, as the whole mix's).
  const latencies = Object.fromEntries(LIFECYCLE_STEPS.map((s) => [s, []]));
  const count = (step, status, ctx) => {
    if (ctx?.sentAt !== undefined) {
      const now = performance.now();
      latencies[step].push({ sentAt: ctx.sentAt, answeredAt: now, ms: now - ctx.sentAt });
    }
    stats[step].received++;
    if (status >= 200 && status < 300) stats[step].ok++;
    else stats[step].failed++;
  };
  const paid = [];
  let cycle = 0;
  const today = baToday();
  const post = (ctxToken, path, body) => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ctxToken}` },
    body: JSON.stringify(body ?? {}),
  });
  const find = (token, number) => ({
    method: 'GET',
    path: `/api/echeqs?search=${number}&limit=20`,
    headers: { authorization: `Bearer ${token}` },
  });
  // The list's rows carry no registry id: the cheque is the one with this number and amount.
  const rowOf = (body, ctx) =>
    (json(body)?.data?.data ?? []).find((e) => e.number === ctx.number && Number(e.amount) === ctx.amount)?.id ?? null;
  const requests = [
    {
      method: 'POST',
      path: '/api/echeqs/issue',
      setupRequest(req, ctx) {
        for (const k of Object.keys(ctx)) delete ctx[k];
        const n = cycle++;
        const issuer = issuers[n % issuers.length];
        // autocannon needs the cycle's first request every time: with no number left it is sent anyway (a 409).
        const account = issuer.accounts.find((a) => a.left > 0) ?? issuer.accounts.at(-1);
        account.left--;
        ctx.holder = holders[n % holders.length];
        ctx.amount = 1000 + (n % 5000) + 0.5;
        ctx.endorsee = holders[(n + 1) % holders.length];
        stats.issue.sent++;
        ctx.sentAt = performance.now();
        return {
          ...req,
          ...post(issuer.token, '/api/echeqs/issue', {
            account_id: account.id,
            beneficiary_cuit: ctx.holder.cuit,
            beneficiary_name: ctx.holder.name,
            amount: ctx.amount,
            tipo: 'COMUN',
            caracter: 'A_LA_ORDEN',
            concepto: 'FAC',
            payment_date: today,
            motivo: tag,
          }),
        };
      },
      onResponse(status, body, ctx) {
        count('issue', status, ctx);
        const data = json(body)?.data;
        if (status === 201 && data)
          Object.assign(ctx, { chequeId: data.cheque_id, number: data.number, issuerCopy: data.id });
      },
    },
    {
      method: 'GET',
      path: '/api/echeqs',
      setupRequest(req, ctx) {
        if (!ctx.chequeId) return null;
        stats.find.sent++;
        ctx.sentAt = performance.now();
        return { ...req, ...find(ctx.holder.token, ctx.number) };
      },
      onResponse(status, body, ctx) {
        count('find', status, ctx);
        ctx.holderCopy = rowOf(body, ctx);
        if (!ctx.holderCopy && status < 300) stats.find.notFound = (stats.find.notFound ?? 0) + 1;
      },
    },
    ...[
      ['accept', (ctx) => ctx.holderCopy && post(ctx.holder.token, `/api/echeqs/${ctx.holderCopy}/accept`)],
      [
        'endorse',
        (ctx) =>
          ctx.accepted &&
          post(ctx.holder.token, `/api/echeqs/${ctx.holderCopy}/endorse`, { endorsee_cuit: ctx.endorsee.cuit }),
      ],
    ].map(([step, make]) => ({
      method: 'POST',
      path: '/api/echeqs',
      setupRequest(req, ctx) {
        const r = make(ctx);
        if (!r) return null;
        stats[step].sent++;
        ctx.sentAt = performance.now();
        return { ...req, ...r };
      },
      onResponse(status, _body, ctx) {
        count(step, status, ctx);
        if (step === 'accept') ctx.accepted = status === 200;
        if (step === 'endorse') ctx.endorsed = status === 200;
      },
    })),
    {
      method: 'GET',
      path: '/api/echeqs',
      setupRequest(req, ctx) {
        if (!ctx.endorsed) return null;
        stats.findEndorsee.sent++;
        ctx.sentAt = performance.now();
        return { ...req, ...find(ctx.endorsee.token, ctx.number) };
      },
      onResponse(status, body, ctx) {
        count('findEndorsee', status, ctx);
        ctx.endorseeCopy = rowOf(body, ctx);
      },
    },
    ...[
      [
        'acceptEndorsement',
        (ctx) => ctx.endorseeCopy && post(ctx.endorsee.token, `/api/echeqs/${ctx.endorseeCopy}/endorsement/accept`),
      ],
      [
        'deposit',
        (ctx) => ctx.endorsementAccepted && post(ctx.endorsee.token, `/api/echeqs/${ctx.endorseeCopy}/deposit`),
      ],
    ].map(([step, make]) => ({
      method: 'POST',
      path: '/api/echeqs',
      setupRequest(req, ctx) {
        const r = make(ctx);
        if (!r) return null;
        stats[step].sent++;
        ctx.sentAt = performance.now();
        return { ...req, ...r };
      },
      onResponse(status, _body, ctx) {
        count(step, status, ctx);
        if (step === 'acceptEndorsement') ctx.endorsementAccepted = status === 200;
        if (step === 'deposit' && status === 200) paid.push(ctx.issuerCopy);
      },
    })),
  ];
  return { requests, stats, latencies, deposited: paid };
}

/**
 * Waits until the registry's job presented every deposited cheque and the paying bank's copies show it (its bank
 * copies only: each bank party to a cheque keeps one, so counting every bank's would count a cheque several times).
 */
async function presented(q, tag, expected, log, payingTenantId) {
  const until = Date.now() + 60_000;
  for (;;) {
    const n = (
      await q(
        `select count(*)::int as n from echeqs e join registry_cheques r on r.cheque_id = e.cheque_id
         where r.cheque->>'motivo' = $1 and e.state = 'PRESENTADO' and e.bank_copy and e.tenant_id = $2`,
        [tag, payingTenantId],
      )
    ).rows[0].n;
    if (n >= expected || Date.now() > until) return n;
    log(`ciclo de vida: ${n} de ${expected} presentados; esperando al registro`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

export async function runLifecycle({ server, info, tokens, db, connections, duration, warmup, log }) {
  const side = (s) => info.write[s];
  const person = (c) => ({ token: tokens[c.user_email], name: c.name, cuit: c.cuit.trim() });
  const issuers = side('large').companies.map(person);
  // The holders and endorsees: companies with a user of the other banks (the small bank alone may have one).
  const others = (
    await db.q(
      `select user_email, name, cuit from bench.companies
       where user_id is not null and bank_idx <> $1 order by bank_idx desc, local_idx limit 6`,
      [side('large').bank.idx],
    )
  ).rows;
  for (const c of others) tokens[c.user_email] ??= await login(server.base, c.user_email);
  const holders = others.map(person);
  if (holders.length < 2 || issuers.length < 1) return { skipped: 'faltan empresas con usuario en los bancos' };
  const adminLarge = tokens[side('large').bank.admin_email];
  // At least 10 cheques a connection (2,240 requests at 32 connections, some seconds at this machine's pace): with
  // fewer, most of the mix's answers would come within the warm-up and its figures would be those of a few dozen.
  const cyclesPerConnection = Math.max(10, Math.round(duration / 2));
  const amount = cyclesPerConnection * connections;
  await openAccounts({
    base: server.base,
    q: db.q,
    bank: side('large').bank,
    adminToken: adminLarge,
    issuers,
    issues: 2 * amount,
  });
  // The lifecycle's own tables are small and rewritten by every operation: on a server without autovacuum (or a
  // book reused run after run) their dead rows would grow with each run and slow the next. Vacuumed as autovacuum
  // would keep them, so runs on one book compare.
  const { rows: av } = await db.q("select current_setting('autovacuum') as on");
  if (av[0].on === 'off') {
    log('ciclo de vida: autovacuum apagado en el servidor: vacuum analyze de las tablas del ciclo de vida');
    await db.q(`vacuum analyze ${LIFECYCLE_TABLES.join(', ')}`);
  }
  const tag = `bench-ciclo-${Date.now()}`;
  const m = mix({ issuers, holders, tag });
  log(
    `ciclo de vida: ${amount} cheques (${cyclesPerConnection} por conexión), ${LIFECYCLE_STEPS.length} pasos cada uno`,
  );
  const flow = await measure({
    base: server.base,
    connections,
    duration,
    warmup,
    amount: amount * LIFECYCLE_STEPS.length,
    requests: m.requests,
  });
  log(`ciclo de vida: ${flow.rps.toFixed(0)} req/s p50 ${flow.p50} ms p99 ${flow.p99} ms · ${JSON.stringify(m.stats)}`);
  const pct = (xs, q) => {
    const sorted = xs.slice().sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) : null;
  };
  // As the whole mix's figures: the answers of the warm-up's first seconds apart (the run starts with every
  // connection's first request at once, all of them issues: that wave is reported apart, `warmupBySteps`).
  const all = Object.values(m.latencies).flat();
  const start = all.length ? Math.min(...all.map((x) => x.sentAt)) : 0;
  const warm = (x) => x.answeredAt - start < warmup * 1000;
  const figures = (pick) =>
    Object.fromEntries(
      Object.entries(m.latencies).map(([s, xs]) => {
        const ms = xs.filter(pick).map((x) => x.ms);
        return [s, { n: ms.length, p50: pct(ms, 0.5), p99: pct(ms, 0.99), max: pct(ms, 1) }];
      }),
    );
  const bySteps = figures((x) => !warm(x));
  const warmupBySteps = figures(warm);
  log(`ciclo de vida, por paso (ms): ${JSON.stringify(bySteps)}`);
  log(`ciclo de vida, por paso durante el calentamiento (ms): ${JSON.stringify(warmupBySteps)}`);

  // The paying bank pays what the registry presented.
  const toPay = m.deposited.slice();
  if (toPay.length === 0) {
    return {
      scenario: 'lifecycle-mix',
      tag,
      endpoint: flow,
      steps: m.stats,
      latencyBySteps: bySteps,
      warmupLatencyBySteps: warmupBySteps,
      pay: null,
    };
  }
  await presented(db.q, tag, toPay.length, log, side('large').bank.tenant_id);
  const pay = { sent: 0, received: 0, ok: 0, failed: 0 };
  let next = 0;
  const payRun = await measure({
    base: server.base,
    connections: Math.min(connections, Math.max(1, toPay.length)),
    duration,
    warmup: 0,
    amount: toPay.length,
    requests: [
      {
        method: 'POST',
        path: '/api/echeqs',
        setupRequest(req) {
          const id = toPay[next++];
          if (!id) return null;
          pay.sent++;
          return {
            ...req,
            path: `/api/echeqs/${id}/pay`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${adminLarge}` },
            body: '{}',
          };
        },
        onResponse(status) {
          pay.received++;
          if (status === 200) pay.ok++;
          else pay.failed++;
        },
      },
    ],
  });
  log(`ciclo de vida, pago: ${payRun.rps.toFixed(0)} req/s p99 ${payRun.p99} ms · ${JSON.stringify(pay)}`);
  const steps = { ...m.stats, pay };
  return {
    scenario: 'lifecycle-mix',
    tag,
    endpoint: flow,
    pay: payRun,
    steps,
    latencyBySteps: bySteps,
    warmupLatencyBySteps: warmupBySteps,
    verification: await verifyLifecycle(db.q, tag, steps),
  };
}
