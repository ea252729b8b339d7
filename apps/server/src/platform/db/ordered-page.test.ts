import { describe, expect, it } from 'vitest';
import { groupOrderOf, statusesByLabel } from './grouped-sort';
import { decodePageCursor, orderedPage, type PageKey, type PageOrder } from './ordered-page';
import { sortOrderOf } from './sorted-page';
import { SqlParams } from './sql';

/** A cursor as the lists have always written it: the sort's name and the last row's key, JSON in base64url. */
const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
const ID = '0b6f8a52-6c1e-4c59-9d0a-2f4f1f0e7a11';
const COMPANY = '5d2c9e1a-3b4f-4a6d-8e7f-9a0b1c2d3e4f';
const AT = '2026-11-24T10:03:36.048123Z';
const LIST = {
  scope: { kind: 'all' } as const,
  statuses: ['ACTIVE', 'CANCELLED', 'PAID', 'EXPIRED'],
  status: 'e.status',
  company: 'e.company_id',
  at: 'e.created_at',
};

/** The next page's cursor of a full page ending on `key`. */
const nextCursor = (order: PageOrder, key: PageKey) =>
  orderedPage(
    { entries: '[]', count: 2, last: null, lastKey: key },
    order,
    { page: 1, limit: 2 },
    { total: 9, totalIsEstimate: false },
  ).meta.nextCursor;

const refused = (order: PageOrder, cursor: string) =>
  expect(() => decodePageCursor(order, cursor), cursor).toThrow('Cursor de paginación inválido');

describe('an ordered page and its cursor', () => {
  it('a column sort: [sort, value, id], written and read back as before; another sort or a bad value refused', () => {
    const order = sortOrderOf('-amount', { amount: { sql: 'e.amount', type: 'numeric' } }, '-created_at')!;
    expect(nextCursor(order, ['1500.50', ID])).toBe(cursorOf(['-amount', '1500.50', ID]));
    expect(decodePageCursor(order, cursorOf(['-amount', '1500.50', ID.toUpperCase()]))).toEqual(['1500.50', ID]);
    for (const bad of [
      cursorOf(['amount', '1500.50', ID]),
      cursorOf(['-amount', '1.500,50', ID]),
      cursorOf(['-amount', 1500.5, ID]),
      cursorOf(['-amount', '1500.50']),
      cursorOf(['-amount', '1500.50', 'not-an-id']),
      cursorOf(['-amount', '1500.50', ID, 'more']),
      'not a cursor!',
      Buffer.from(`${AT}|${ID}`).toString('base64url'),
    ]) {
      refused(order, bad);
    }
    expect(
      sortOrderOf('-created_at', { created_at: { sql: 'e.created_at', type: 'timestamptz' } }, '-created_at'),
    ).toBe(null);
  });

  it('a group sort: [sort, group, at, id], written and read back as before', () => {
    const status = groupOrderOf('-status', LIST)!;
    expect(nextCursor(status, ['PAID', AT, ID])).toBe(cursorOf(['-status', 'PAID', AT, ID]));
    expect(decodePageCursor(status, cursorOf(['-status', 'PAID', AT, ID]))).toEqual(['PAID', AT, ID]);
    refused(status, cursorOf(['status', 'PAID', AT, ID]));
    refused(status, cursorOf(['-status', 'not a status', AT, ID]));
    refused(status, cursorOf(['-status', 'PAID', '2026-11-24T10:03:36Z', ID]));
    const company = groupOrderOf('company', LIST)!;
    expect(decodePageCursor(company, cursorOf(['company', COMPANY.toUpperCase(), AT, ID]))).toEqual([COMPANY, AT, ID]);
    refused(company, cursorOf(['company', 'PAID', AT, ID]));
    expect(groupOrderOf('amount', LIST)).toBe(null);
    expect(groupOrderOf(undefined, LIST)).toBe(null);
  });

  it('statuses are ranked by their labels, in Spanish, as the screens show them', () => {
    expect(statusesByLabel({ ACTIVE: 'Activo', CANCELLED: 'Cancelado', PAID: 'Pagado', EXPIRED: 'Vencido' })).toEqual([
      'ACTIVE',
      'CANCELLED',
      'PAID',
      'EXPIRED',
    ]);
    const custody = { IN_CUSTODY: 'En Custodia', RELEASED: 'Liberado', EXPIRED: 'Expirado', CANCELLED: 'Cancelado' };
    expect(statusesByLabel(custody)).toEqual(['CANCELLED', 'IN_CUSTODY', 'EXPIRED', 'RELEASED']);
  });

  it("a status sort ranks the statuses in the order given, or in its reverse, in one statement's values", () => {
    const params = (sort: string) => {
      const p = new SqlParams();
      const sql = groupOrderOf(sort, LIST)!.idsSql(p, {
        from: 'from echeqs e where true',
        id: 'e.id',
        limit: 5,
        offset: 0,
      });
      return { sql, values: p.values };
    };
    const asc = params('status');
    const desc = params('-status');
    expect(asc.sql).toBe(desc.sql);
    expect(asc.sql).toContain('with ordinality');
    expect(asc.values[0]).toEqual(LIST.statuses);
    expect(desc.values[0]).toEqual([...LIST.statuses].reverse());
  });
});
