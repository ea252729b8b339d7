import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers';
import { parseCsv } from './reports-fixtures';

/** A bank name chosen to break a CSV written by joining strings: separators, quotes, line breaks and formulas. */
const HOSTILE = 'Banco x,=1+1,y "Sur"; -2+3\r\n@SUM(A1)\t=HYPERLINK("http://a.example")';
const FORMULA_START = /^[=+\-@]/;

/** Every way a spreadsheet might cut the file into cells: by each usual separator, with and without quotes. */
function readings(text: string): { how: string; cells: string[] }[] {
  const body = text.replace(/^\uFEFF/, '');
  const out: { how: string; cells: string[] }[] = [];
  for (const sep of [';', ',', '\t']) {
    out.push({ how: `${JSON.stringify(sep)} with quotes`, cells: parseCsv(body, sep).flat() });
    const plain = body.split(/\r\n|\r|\n/).flatMap((line) => line.split(sep));
    out.push({ how: `${JSON.stringify(sep)} ignoring quotes`, cells: plain.flatMap((c) => [c, c.replace(/^"/, '')]) });
  }
  return out;
}

describe('CSV exports written by a CSV library', () => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await build();
    admin = await s.login('admin@banco.example');
    await s.db.query(`update tenants set nombre = $1 where codigo = 'BDEMO'`, [HOSTILE]);
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const kind of ['custody', 'discounts'] as const) {
    it(`quotes a ${kind} export's fields and leaves no formula in any reading of it`, async () => {
      const res = await fetch(`${s.url}/api/reports/${kind}.csv`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
      const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()));

      // Read as written (';', quotes honoured): the bank's name is one cell, whole, line breaks and quotes included;
      // only apostrophes were added where a cell could have started with a formula.
      const rows = parseCsv(text);
      const scope = rows.find((r) => r[0] === 'Alcance');
      expect(scope).toHaveLength(2);
      expect(scope![1]).toBe(`Banco x,'=1+1,y "Sur"; '-2+3\r\n'@SUM(A1)\t'=HYPERLINK("http://a.example")`);
      // The line carrying it is quoted as a whole, quotes doubled.
      expect(text).toContain(
        `Alcance;"Banco x,'=1+1,y ""Sur""; '-2+3\r\n'@SUM(A1)\t'=HYPERLINK(""http://a.example"")"`,
      );
      // Numbers stay bare, decimal comma and all, so an es-AR spreadsheet reads them as numbers.
      expect(text).toMatch(/^En Custodia;\d+;\d+;\d+,\d{2}\r$|^Pendientes;\d+;\d+;\d+,\d{2}\r$/m);
      // The rest of the file is still there after it.
      expect(rows.some((r) => r[0] === 'Período' && r[1] === 'Todo el historial')).toBe(true);

      for (const { how, cells } of readings(text)) {
        const formulas = cells.map((c) => c.trimStart()).filter((c) => FORMULA_START.test(c));
        expect(formulas, how).toEqual([]);
      }
    });
  }
});
