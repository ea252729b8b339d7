import { describe, expect, it } from 'vitest';
import { presentedQuerySchema, trayCountsSchema, trayParamsSchema, trayQuerySchema } from './lists';
import { TRAYS } from './trays';

describe('the lifecycle lists’ schemas', () => {
  it('take only the six trays by their route names, with a Spanish message otherwise', () => {
    for (const tray of TRAYS) expect(trayParamsSchema.parse({ tray })).toEqual({ tray });
    const bad = trayParamsSchema.safeParse({ tray: 'pendientes' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Bandeja inválida');
  });

  it('page like the book’s lists: page and limit from the query string, a cursor, a trimmed search', () => {
    expect(trayQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(trayQuerySchema.parse({ page: '2', limit: '50', q: ' 3070 ', cursor: 'abc' })).toEqual({
      page: 2,
      limit: 50,
      q: '3070',
      cursor: 'abc',
    });
    expect(trayQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(presentedQuerySchema.safeParse({ tray: 'recibidos' }).success).toBe(false);
  });

  it('require the counts of every tray', () => {
    const zero = { total: 0, pending: 0 };
    const all = Object.fromEntries(TRAYS.map((t) => [t, zero]));
    expect(trayCountsSchema.safeParse(all).success).toBe(true);
    const { historial: _, ...fewer } = all;
    expect(trayCountsSchema.safeParse(fewer).success).toBe(false);
  });
});
