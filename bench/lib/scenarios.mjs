// What the benchmark asks of the server: the read scenarios (each one or more GET calls, lists with limit=50), who
// asks (actors), and the write mix (deposit in custody → request a discount → the bank approves it).

const ISSUER_SEARCH = 'Quiroga';

/** kind: 'list' (p99 ≤ 60 ms), 'deep' and 'search' (also p99 ≤ 2 × page 1's), 'report' (p99 ≤ 30 ms). */
export const READ_SCENARIOS = [
  { name: 'echeqs.page1', kind: 'list', paths: () => ['/api/echeqs?page=1&limit=50'] },
  // 10,000 rows deep, as a user pages forward: the previous page's keyset cursor (offset pages would re-read every row
  // before them). Without a cursor (a book shorter than that) the scenario is left out.
  {
    name: 'echeqs.deep',
    kind: 'deep',
    paths: (a) => (a.deepCursor ? [`/api/echeqs?page=201&limit=50&cursor=${encodeURIComponent(a.deepCursor)}`] : []),
  },
  { name: 'echeqs.status', kind: 'list', paths: () => ['/api/echeqs?status=ACTIVE&limit=50'] },
  {
    name: 'echeqs.search-number',
    kind: 'search',
    paths: (a) => [`/api/echeqs?search=${encodeURIComponent(a.fragment)}&limit=50`],
  },
  {
    name: 'echeqs.search-issuer',
    kind: 'search',
    paths: () => [`/api/echeqs?search=${encodeURIComponent(ISSUER_SEARCH)}&limit=50`],
  },
  // A sorted page of each list (the `sort` parameter, its own keyset and indexes: migration 0021), with a range filter.
  { name: 'echeqs.sorted', kind: 'list', paths: () => ['/api/echeqs?sort=-amount&limit=50'] },
  {
    name: 'echeqs.sorted-due-range',
    kind: 'list',
    paths: () => [`/api/echeqs?sort=due_date&date_from=${baDate()}&date_to=${baDate(90)}&limit=50`],
  },
  { name: 'custody.list', kind: 'list', paths: () => ['/api/echeqs/custody?limit=50'] },
  { name: 'custody.sorted', kind: 'list', paths: () => ['/api/echeqs/custody?sort=deadline&limit=50'] },
  { name: 'discounts.list', kind: 'list', paths: () => ['/api/discounts?limit=50'] },
  { name: 'discounts.sorted', kind: 'list', paths: () => ['/api/discounts?sort=-amount&limit=50'] },
  { name: 'reports.custody', kind: 'report', paths: () => ['/api/reports/custody'] },
  { name: 'reports.discounts', kind: 'report', paths: () => ['/api/reports/discounts'] },
  { name: 'reports.performance', kind: 'report', paths: () => ['/api/reports/performance'] },
  {
    name: 'dashboard',
    kind: 'report',
    paths: () => ['/api/reports/custody', '/api/reports/performance', '/api/integration/coelsa/status'],
  },
  { name: 'system.status', kind: 'list', paths: () => ['/api/system/status'] },
  // The lifecycle's lists (issue 22): the largest company's trays (with the counts of all six) and a bank's queue of
  // cheques presented for payment. Only the actors that have them.
  {
    name: 'trays.recibidos',
    kind: 'list',
    paths: (a) => (a.name === 'company' ? ['/api/echeqs/trays/recibidos?limit=50'] : []),
  },
  {
    name: 'trays.historial',
    kind: 'list',
    paths: (a) => (a.name === 'company' ? ['/api/echeqs/trays/historial?limit=50'] : []),
  },
  {
    name: 'presented',
    kind: 'list',
    paths: (a) => (a.name.startsWith('admin') ? ['/api/echeqs/presented?limit=50'] : []),
  },
];

const TODAY_OFFSET_MS = -3 * 3_600_000; // Buenos Aires (UTC−3, no daylight saving)

function baDate(plusDays = 0) {
  return new Date(Date.now() + TODAY_OFFSET_MS + plusDays * 86_400_000).toISOString().slice(0, 10);
}

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
/** A valid CUIT from a 2-digit prefix and a number (the next one with a valid check digit). */
function cuit(prefix, n) {
  for (let k = n; ; k++) {
    const first10 = `${prefix}${String(k % 100_000_000).padStart(8, '0')}`;
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += Number(first10[i]) * WEIGHTS[i];
    const mod = 11 - (sum % 11);
    if (mod === 10) continue;
    return `${first10}${mod === 11 ? 0 : mod}`;
  }
}

/**
 * The write mix, cycled by every connection: a company deposits a new cheque in custody, has the clearing house
 * validate the cheque it is about to discount (a discount needs it validated as it is now), asks its bank to discount
 * that cheque (one it holds in custody, from the book, drawn alternately from the largest and a small bank; the cheque
 * just deposited when those run out) and the bank's administrator approves that request.
 * Counts what was sent and what came back per step, so the database can be checked against it afterwards.
 */
export const WRITE_STEPS = ['deposit', 'validate', 'request', 'approve'];

export function writeMix({ pools, companies, adminTokens, tag }) {
  const steps = WRITE_STEPS;
  const stats = Object.fromEntries(steps.map((s) => [s, { sent: 0, received: 0, ok: 0, codes: {} }]));
  let cycle = 0;
  let seq = 0;
  const fallback = { large: 0, small: 0 };
  const today = baDate();
  const due = baDate(90);

  const count = (step, status) => {
    const s = stats[step];
    s.received++;
    if (status >= 200 && status < 300) s.ok++;
    s.codes[status] = (s.codes[status] ?? 0) + 1;
  };
  const json = (body) => {
    try {
      return JSON.parse(body);
    } catch {
      return null;
    }
  };

  const requests = [
    {
      method: 'POST',
      path: '/api/echeqs/custody',
      setupRequest(req, ctx) {
        const bank = cycle++ % 2 === 0 ? 'large' : 'small';
        const candidate = pools[bank].pop() ?? null;
        const company = candidate?.company ?? companies[bank][fallback[bank]++ % companies[bank].length];
        ctx.bank = bank;
        ctx.candidate = candidate;
        ctx.company = company;
        ctx.deposited = null;
        ctx.discountId = null;
        const n = ++seq;
        stats.deposit.sent++;
        return {
          ...req,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${company.token}` },
          body: JSON.stringify({
            number: `${tag}${n}`,
            amount: 10_000 + ((n * 7919) % 5_000_000) + 0.25,
            currency: 'ARS',
            issue_date: today,
            due_date: due,
            issuer: 'Distribuidora Quiroga S.A.',
            issuer_cuit: cuit('30', 71_000_000 + (n % 1000)),
            beneficiary: company.name,
            beneficiary_cuit: company.cuit,
            notes: `Depósito de prueba de carga ${tag}`,
          }),
        };
      },
      onResponse(status, body, ctx) {
        count('deposit', status);
        if (status >= 200 && status < 300) ctx.deposited = json(body)?.data?.echeq ?? null;
      },
    },
    {
      method: 'GET',
      path: '/api/echeqs/validate/x',
      setupRequest(req, ctx) {
        const id = ctx.candidate ? ctx.candidate.echeq_id : ctx.deposited?.id;
        if (!id) return null;
        const token = ctx.candidate ? ctx.candidate.company.token : ctx.company.token;
        stats.validate.sent++;
        return { ...req, path: `/api/echeqs/validate/${id}`, headers: { authorization: `Bearer ${token}` } };
      },
      onResponse(status) {
        count('validate', status);
      },
    },
    {
      method: 'POST',
      path: '/api/discounts',
      setupRequest(req, ctx) {
        const target = ctx.candidate
          ? { id: ctx.candidate.echeq_id, amount: Number(ctx.candidate.amount) }
          : ctx.deposited
            ? { id: ctx.deposited.id, amount: ctx.deposited.amount }
            : null;
        if (!target) return null;
        const token = ctx.candidate ? ctx.candidate.company.token : ctx.company.token;
        stats.request.sent++;
        return {
          ...req,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            echeq_id: target.id,
            requested_amount: Math.max(0.01, Math.floor(target.amount * 80) / 100),
            notes: tag,
          }),
        };
      },
      onResponse(status, body, ctx) {
        count('request', status);
        if (status >= 200 && status < 300) ctx.discountId = json(body)?.data?.id ?? null;
      },
    },
    {
      method: 'PUT',
      path: '/api/discounts/x/approve',
      setupRequest(req, ctx) {
        if (!ctx.discountId) return null;
        stats.approve.sent++;
        return {
          ...req,
          path: `/api/discounts/${ctx.discountId}/approve`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${adminTokens[ctx.bank]}` },
          body: '{}',
        };
      },
      onResponse(status, _body) {
        count('approve', status);
      },
    },
  ];
  return { requests, stats };
}
