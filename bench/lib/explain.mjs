// EXPLAIN ANALYZE of every statement the capture recorded (after the load, on the same database): where the time
// of each scenario goes. Plans are written to a text file; the execution times go into the results.
import { writeFileSync } from 'node:fs';

const oneLine = (sql) => sql.replace(/\s+/g, ' ').trim();

export async function explainAll(q, captured, file) {
  const out = [];
  const summary = {};
  for (const [name, statements] of Object.entries(captured)) {
    summary[name] = [];
    for (const [i, s] of statements.entries()) {
      if (!/^\s*(select|with)\b/i.test(s.sql) || /\bfor (update|share)\b/i.test(s.sql)) {
        summary[name].push({ sql: oneLine(s.sql).slice(0, 200), skipped: 'no es una lectura' });
        continue;
      }
      const params = s.params ?? [];
      let text;
      try {
        await q(`explain (analyze) ${s.sql}`, params); // warm the cache once
        const r = await q(`explain (analyze, buffers) ${s.sql}`, params);
        text = r.rows.map((row) => row['QUERY PLAN']).join('\n');
      } catch (err) {
        summary[name].push({ sql: oneLine(s.sql).slice(0, 200), error: err.message });
        continue;
      }
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN);
      summary[name].push({ ms, sql: oneLine(s.sql).slice(0, 200) });
      out.push(`=== ${name} [${i}] ${ms} ms`, oneLine(s.sql), `params: ${JSON.stringify(params)}`, text, '');
    }
  }
  writeFileSync(file, `${out.join('\n')}\n`);
  return summary;
}
