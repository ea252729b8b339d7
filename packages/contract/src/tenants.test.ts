import { describe, expect, it } from 'vitest';
import { discountRateSchema, percentTextToRate, rateToPercentText, updateTenantBodySchema } from './tenants';

describe('discount rate', () => {
  it('is a fraction between 0 and 1 with at most 6 decimals', () => {
    for (const ok of [0, 0.45, 1, 0.523456]) expect(discountRateSchema.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [-0.01, 1.000001, 0.1234567, Number.NaN, Number.POSITIVE_INFINITY, '0.4']) {
      expect(discountRateSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('reads a percentage typed by a person exactly and writes it back', () => {
    expect(percentTextToRate('45')).toBe(0.45);
    expect(percentTextToRate('52,3456')).toBe(0.523456);
    expect(percentTextToRate(' 7.5 ')).toBe(0.075);
    expect(percentTextToRate('100')).toBe(1);
    for (const bad of ['', 'abc', '1,23456', '-5', '1e2', '1000']) expect(percentTextToRate(bad), bad).toBeNull();
    expect(rateToPercentText(0.45)).toBe('45');
    expect(rateToPercentText(0.523456)).toBe('52,3456');
    expect(rateToPercentText(0.075)).toBe('7,5');
    for (const r of [0, 0.000001, 0.1, 0.333333, 0.999999, 1]) expect(percentTextToRate(rateToPercentText(r))).toBe(r);
  });

  it('a tenant update needs at least one change', () => {
    expect(updateTenantBodySchema.safeParse({}).success).toBe(false);
    expect(updateTenantBodySchema.safeParse({ estado: 'INACTIVO' }).success).toBe(true);
    expect(updateTenantBodySchema.safeParse({ estado: 'CERRADO' }).success).toBe(false);
  });
});
