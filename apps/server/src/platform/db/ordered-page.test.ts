import { describe, expect, it } from 'vitest';
import { groupOrderOf } from './grouped-sort';
import { decodePageCursor, orderedPage, type PageKey, type PageOrder } from './ordered-page';
import { sortOrderOf } from './sorted-page';

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
});
