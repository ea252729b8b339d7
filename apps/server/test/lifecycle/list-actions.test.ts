import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../helpers';

let s: TestServer;
const WHO = {
  empresa: 'emisor@empresa.example',
  benef: 'beneficiario@beneficiario.example',
  avalista: 'avalista@avalista.example',
  norte: 'tesoreria@norte.example',
  operador: 'operador@banco.example',
  norteAdmin: 'admin@banconorte.example',
  superadmin: 'superadmin@plataforma.example',
} as const;
type Who = keyof typeof WHO;
const tokens: Partial<Record<Who, string>> = {};
const get = (who: Who, path: string) => s.req('GET', `/api${path}`, { token: tokens[who]! });

beforeAll(async () => {
  s = await build();
  for (const [k, email] of Object.entries(WHO)) tokens[k as Who] = await s.login(email);
});
afterAll(() => s?.close());

type Row = { id: string; origin?: string; state?: string; syncing?: boolean; actions?: string[] };

/** The whole book of `who` as `GET /api/echeqs` pages it (by cursor), with `query` added. */
async function book(who: Who, query = ''): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor = '';
  for (let i = 0; i < 30; i++) {
    const r = await get(who, `/echeqs?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    rows.push(...r.body.data.data);
    if (!r.body.data.nextCursor) return rows;
    cursor = r.body.data.nextCursor;
  }
  throw new Error('El libro no terminó en 30 páginas');
}

/** Each registry cheque's actions as its detail (`GET /api/echeqs/:id`) answers them. */
async function detailActions(who: Who, rows: Row[]): Promise<Record<string, string[] | undefined>> {
  const out: Record<string, string[] | undefined> = {};
  for (const row of rows.filter((r) => r.origin === 'REGISTRY')) {
    const r = await get(who, `/echeqs/${row.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    out[row.id] = r.body.data.actions;
  }
  return out;
}

const listed = (rows: Row[]) =>
  Object.fromEntries(rows.filter((r) => r.origin === 'REGISTRY').map((r) => [r.id, r.actions]));

describe("the book list carries each registry cheque's actions (LIFECYCLE §8)", () => {
  it('the same as the detail answers, for companies, banks and the platform; none on a hand-registered cheque', async () => {
    const offered = new Set<string>();
    for (const who of Object.keys(WHO) as Who[]) {
      const rows = await book(who);
      const registry = rows.filter((r) => r.origin === 'REGISTRY');
      expect(registry.length, who).toBeGreaterThan(0);
      for (const r of rows.filter((x) => x.origin !== 'REGISTRY')) expect(r, who).not.toHaveProperty('actions');
      expect(listed(rows), who).toEqual(await detailActions(who, rows));
      for (const r of registry) for (const a of r.actions ?? []) offered.add(`${who}:${a}`);
    }
    // The demo data has cheques awaiting each kind of party: the beneficiary's, the endorsee's, the endorser's, the
    // holder's and the paying bank's operations all show in the list.
    const kinds = [...offered].map((k) => k.split(':')[1]);
    for (const a of ['ACCEPT', 'ACCEPT_ENDORSEMENT', 'ANNUL_ENDORSEMENT', 'ENDORSE', 'PAY', 'REJECT']) {
      expect(kinds, a).toContain(a);
    }
    // A bank pays or rejects only; the platform's administrator operates on no cheque.
    for (const k of offered) {
      if (k.startsWith('operador:') || k.startsWith('norteAdmin:')) expect(k).toMatch(/:(PAY|REJECT)$/);
      expect(k.startsWith('superadmin:'), k).toBe(false);
    }
  });

  it('sorted, grouped by status and searched, each row keeps its actions', async () => {
    const all = listed(await book('empresa'));
    for (const query of ['&sort=amount', '&sort=-due_date', '&sort=status', '&search=Demo']) {
      const rows = await book('empresa', query);
      const some = listed(rows);
      expect(Object.keys(some).length, query).toBeGreaterThan(0);
      for (const [id, actions] of Object.entries(some)) expect(actions, `${query} ${id}`).toEqual(all[id]);
    }
  });

  it('a cheque being updated (Actualizando) offers nothing in the list, as in its detail', async () => {
    const rows = await book('benef');
    const target = rows.find((r) => r.origin === 'REGISTRY' && (r.actions?.length ?? 0) > 0);
    expect(target).toBeDefined();
    await s.db.query('update echeqs set syncing = true where id = $1', [target!.id]);
    try {
      const after = (await book('benef')).find((r) => r.id === target!.id);
      expect(after?.syncing).toBe(true);
      expect(after?.actions).toEqual([]);
      expect((await detailActions('benef', [after!]))[target!.id]).toEqual([]);
    } finally {
      await s.db.query('update echeqs set syncing = false where id = $1', [target!.id]);
    }
  });
});
