// The results table and the issue's targets, judged from the measured figures.

const LIMITS = {
  postgres: {
    ratio: 0.5,
    readP99: 60,
    reportP99: 30,
    writeP99: 100,
    lifecycleP99: 150,
    rssMb: 300,
    deepFactor: 2,
    fullScale: 1,
  },
  embedded: {
    ratio: 0.5,
    readP99: 150,
    reportP99: null,
    writeP99: null,
    lifecycleP99: null,
    rssMb: 700,
    deepFactor: null,
    fullScale: 0.1,
  },
};

/** p99 in ms; a run without a single answer counts as infinitely slow. */
const p99 = (e) => e.p99 ?? Number.POSITIVE_INFINITY;
const showP99 = (e) => (e.p99 === null ? `sin respuestas en ${e.noAnswerWithinSeconds} s` : `p99 ${e.p99} ms`);

const failures = (row) => (row.endpoint ? row.endpoint.errors + row.endpoint.non2xx : 0);

/** Each target: pass or not, and which scenarios miss it by how much. */
export function evaluate(report) {
  const L = LIMITS[report.engine];
  const reads = report.scenarios.filter((r) => r.endpoint);
  const targets = [];
  const add = (name, misses, extra = {}) => targets.push({ target: name, pass: misses.length === 0, misses, ...extra });
  const label = (r) => `${r.scenario} @ ${r.actor}`;

  add(
    `lecturas: rendimiento ≥ ${L.ratio * 100} % de la referencia`,
    reads
      .filter((r) => !(r.ratio >= L.ratio))
      .map(
        (r) =>
          `${label(r)}: ${r.ratio === null ? 'sin respuestas de la referencia' : `${(r.ratio * 100).toFixed(0)} %`}`,
      ),
  );
  add(
    `lecturas: p99 ≤ ${L.readP99} ms con ${report.settings.connections} conexiones`,
    reads.filter((r) => p99(r.endpoint) > L.readP99).map((r) => `${label(r)}: ${showP99(r.endpoint)}`),
  );
  add(
    'lecturas: sin errores ni respuestas no 2xx',
    reads
      .filter((r) => failures(r) > 0)
      .map((r) => `${label(r)}: ${failures(r)} (${JSON.stringify(r.endpoint.statusCodes)})`),
  );
  if (L.deepFactor) {
    const misses = [];
    for (const r of reads.filter((x) => x.kind === 'deep' || x.kind === 'search')) {
      const page1 = reads.find((x) => x.actor === r.actor && x.scenario === 'echeqs.page1');
      if (page1 && p99(r.endpoint) > L.deepFactor * p99(page1.endpoint)) {
        misses.push(`${label(r)}: ${showP99(r.endpoint)} > ${L.deepFactor} × ${showP99(page1.endpoint)}`);
      }
    }
    add(`páginas profundas y búsquedas: p99 ≤ ${L.deepFactor} × p99 de la página 1`, misses);
  }
  if (L.reportP99) {
    add(
      `reportes y tablero: p99 ≤ ${L.reportP99} ms`,
      reads
        .filter((r) => r.kind === 'report' && p99(r.endpoint) > L.reportP99)
        .map((r) => `${label(r)}: ${showP99(r.endpoint)}`),
    );
  }
  const w = report.writeMix;
  if (w) {
    const misses = [];
    if (L.writeP99 && p99(w.endpoint) > L.writeP99) misses.push(showP99(w.endpoint));
    if (w.endpoint.errors + w.endpoint.non2xx > 0) {
      misses.push(
        `${w.endpoint.errors + w.endpoint.non2xx} errores/no 2xx (${JSON.stringify(w.endpoint.statusCodes)})`,
      );
    }
    for (const c of w.verification?.checks ?? []) {
      if (!c.pass) misses.push(`${c.check}: ${c.found} (esperado ${c.expected})`);
    }
    add(
      `escrituras: ${L.writeP99 ? `p99 ≤ ${L.writeP99} ms, ` : ''}sin errores, sin registros perdidos ni duplicados`,
      misses,
    );
  }
  const lc = report.lifecycleMix;
  if (lc?.endpoint && L.lifecycleP99) {
    const misses = [];
    for (const [name, e] of [
      ['emisión a depósito', lc.endpoint],
      ['pago', lc.pay],
    ]) {
      if (!e) {
        misses.push(`${name}: sin medir`);
        continue;
      }
      if (p99(e) > L.lifecycleP99) misses.push(`${name}: ${showP99(e)}`);
      if (e.errors + e.non2xx > 0) misses.push(`${name}: ${e.errors + e.non2xx} errores/no 2xx`);
    }
    add(`ciclo de vida: p99 ≤ ${L.lifecycleP99} ms con ${report.settings.connections} conexiones, sin errores`, misses);
  }
  if (lc?.verification) {
    add(
      'ciclo de vida: nada perdido ni aplicado dos veces (eventos del registro = respuestas, copias e historial de cada banco)',
      lc.verification.checks.filter((c) => !c.pass).map((c) => `${c.check}: ${c.found} (esperado ${c.expected})`),
    );
  }
  add(
    `memoria residente del servidor ≤ ${L.rssMb} MB`,
    report.server.maxRssMb > L.rssMb ? [`máximo ${report.server.maxRssMb} MB`] : [],
    { maxRssMb: report.server.maxRssMb },
  );
  if (report.scale < L.fullScale) {
    for (const t of targets) t.note = `escala ${report.scale}: los objetivos se fijan a escala ${L.fullScale}`;
  }
  return targets;
}

const pad = (s, n, right = false) => (right ? String(s).padStart(n) : String(s).padEnd(n));
const ms = (x) => (x === undefined || x === null ? '—' : `${x}`);
const ms99 = (e) => (e.p99 === null ? `>${e.noAnswerWithinSeconds * 1000}` : `${e.p99}`);

export function printTable(report) {
  const rows = [];
  const head = ['escenario', 'actor', 'req/s', 'p50 ms', 'p99 ms', 'ref req/s', 'ref p99', 'ratio', 'err/no2xx'];
  for (const r of report.scenarios) {
    if (!r.endpoint) {
      rows.push([r.scenario, r.actor, '—', '—', '—', '—', '—', '—', r.skipped ?? '']);
      continue;
    }
    rows.push([
      r.scenario,
      r.actor,
      r.endpoint.rps.toFixed(0),
      ms(r.endpoint.p50),
      ms99(r.endpoint),
      r.reference.rps.toFixed(0),
      ms99(r.reference),
      r.ratio === null ? '—' : `${(r.ratio * 100).toFixed(0)} %`,
      `${r.endpoint.errors}/${r.endpoint.non2xx}`,
    ]);
  }
  if (report.writeMix) {
    const w = report.writeMix;
    rows.push([
      'write-mix',
      `${w.banks.large}+${w.banks.small}`,
      w.endpoint.rps.toFixed(0),
      ms(w.endpoint.p50),
      ms(w.endpoint.p99),
      '—',
      '—',
      '—',
      `${w.endpoint.errors}/${w.endpoint.non2xx}`,
    ]);
  }
  for (const [name, e] of [
    ['lifecycle-mix', report.lifecycleMix?.endpoint],
    ['lifecycle-pay', report.lifecycleMix?.pay],
  ]) {
    if (e) rows.push([name, '—', e.rps.toFixed(0), ms(e.p50), ms(e.p99), '—', '—', '—', `${e.errors}/${e.non2xx}`]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => pad(c, widths[i], i >= 2)).join('  ');
  console.log('');
  console.log(
    `${report.engine} · escala ${report.scale} · ${report.book?.counts?.echeqs ?? '?'} cheques · ${report.machine.cpus} CPU · ${report.machine.node} · ${report.machine.database.split(' on ')[0]}`,
  );
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('');
  console.log(`memoria residente máxima del servidor: ${report.server.maxRssMb} MB`);
  if (report.writeMix?.verification) {
    const v = report.writeMix.verification;
    console.log(`verificación de escrituras: ${v.pass ? 'correcta' : 'FALLA'}`);
    for (const c of v.checks.filter((x) => !x.pass)) console.log(`  ✗ ${c.check}: ${c.found} (esperado ${c.expected})`);
  }
  console.log('');
  for (const t of report.targets) {
    console.log(`${t.pass ? '✓' : '✗'} ${t.target}${t.note ? ` (${t.note})` : ''}`);
    for (const m of t.misses.slice(0, 12)) console.log(`    ${m}`);
    if (t.misses.length > 12) console.log(`    … y ${t.misses.length - 12} más`);
  }
}
