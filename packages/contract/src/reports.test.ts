import { describe, expect, it } from 'vitest';
import { monthsBetween, percentOf } from './report-labels';
import { reportRangeQuerySchema } from './reports';

describe('report helpers', () => {
  it('rounds shares to whole percentages, half up, without float drift', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13); // 12.5 → 13
    expect(percentOf(1, 200)).toBe(1); // 0.5 → 1
    expect(percentOf(1, 201)).toBe(0);
    expect(percentOf(7, 11)).toBe(64);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5, 5)).toBe(100);
  });

  it('lists the months of a span', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
  });

  it('accepts an optional, ordered date range and nothing else', () => {
    expect(reportRangeQuerySchema.safeParse({}).success).toBe(true);
    expect(reportRangeQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(reportRangeQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(reportRangeQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(reportRangeQuerySchema.safeParse({ page: '1' }).success).toBe(false);
  });
});
