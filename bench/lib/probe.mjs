// Signing the benchmark's users in, and the plan of the read scenarios: each endpoint called once as each actor
// with its statements captured for the bare reference.
import { BENCH_PASSWORD } from './book.mjs';
import { READ_SCENARIOS } from './scenarios.mjs';

export async function login(base, email) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = await r.json().catch(() => ({}));
  if (!body.token) throw new Error(`No se pudo iniciar sesión como ${email}: ${r.status} ${JSON.stringify(body)}`);
  return body.token;
}

export async function signIn(base, info, log) {
  const emails = new Set(info.actors.map((a) => a.email));
  for (const side of ['large', 'small']) {
    const w = info.write[side];
    emails.add(w.bank.admin_email);
    for (const c of w.companies) emails.add(c.user_email);
    for (const c of w.pool) emails.add(c.user_email);
  }
  const tokens = {};
  for (const email of emails) tokens[email] = await login(base, email);
  log(`${emails.size} sesiones iniciadas`);
  return tokens;
}

/**
 * The cursor of the page DEEP_ROWS rows deep, reached as a user reaches it: page after page, each request carrying
 * the previous answer's nextCursor (keyset paging). Null when the list is shorter.
 */
const DEEP_ROWS = 10_000;
async function deepCursor(base, token) {
  let cursor = null;
  for (let page = 1; page <= DEEP_ROWS / 100; page++) {
    const q = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const r = await fetch(`${base}/api/echeqs?page=${page}&limit=100${q}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!r.ok) throw new Error(`/api/echeqs respondió ${r.status} al recorrer las páginas`);
    cursor = (await r.json()).data.nextCursor ?? null;
    if (!cursor) return null;
  }
  return cursor;
}

/**
 * Calls every scenario's endpoints once as each actor with the capture header (the server records their SQL for
 * the reference), drops the calls the actor may not make (403: the screen does not make them either) and checks
 * that every reference answers.
 */
export async function probe(base, actors, tokens, only) {
  const plan = [];
  for (const actor of actors) {
    if (!only || READ_SCENARIOS.some((s) => s.kind === 'deep' && only.test(s.name))) {
      actor.deepCursor = await deepCursor(base, tokens[actor.email]);
    }
    for (const scenario of READ_SCENARIOS) {
      if (only && !only.test(scenario.name)) continue;
      const paths = [];
      const refs = [];
      const notes = [];
      for (const p of scenario.paths(actor)) {
        const name = `${actor.name}.${scenario.name}.${refs.length}`;
        // Asked once first: what the endpoint runs in steady state (warm caches, e.g. a list's estimated total) is
        // what the reference replays.
        await (
          await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${tokens[actor.email]}` } })
        ).arrayBuffer();
        const r = await fetch(`${base}${p}`, {
          headers: { authorization: `Bearer ${tokens[actor.email]}`, 'x-bench-capture': name },
        });
        const text = await r.text();
        if (r.status === 403) {
          notes.push(`${p}: 403 para este rol`);
          continue;
        }
        if (!r.ok) notes.push(`${p}: ${r.status} ${text.slice(0, 200)}`);
        const ref = await fetch(`${base}/__bench/ref/${name}`);
        if (!ref.ok) throw new Error(`La referencia ${name} respondió ${ref.status}`);
        await ref.arrayBuffer();
        paths.push(p);
        refs.push(name);
      }
      if (paths.length === 0 && notes.length === 0) notes.push('no aplica: la lista de este actor es más corta');
      plan.push({ actor, scenario, paths, refs, note: notes.join('; ') || undefined });
    }
  }
  return plan;
}
