import { describe, expect, it } from 'vitest';
import { amountSchema } from './common';
import {
  centsToDecimal,
  centsToNumber,
  decimalToNumber,
  discountedCents,
  divRoundHalfUp,
  hasAtMostTwoDecimals,
  rateToPpm,
  toCents,
} from './money';

describe('money', () => {
  it('converts between decimals, numbers and cents exactly', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents(0.1)).toBe(10n);
    expect(toCents('999999999999.99')).toBe(99_999_999_999_999n);
    expect(centsToDecimal(-705n)).toBe('-7.05');
    expect(centsToNumber(99_999_999_999_999n)).toBe(999999999999.99);
    expect(decimalToNumber('1250000.00')).toBe(1250000);
  });

  it('adds without float error', () => {
    expect(centsToNumber(toCents(0.1) + toCents(0.2))).toBe(0.3);
  });

  it('checks decimals on the shortest representation', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(10)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(hasAtMostTwoDecimals(1e-7)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });

  it('validates amounts: positive, finite, two decimals, bounded', () => {
    for (const ok of [0.01, 1, 1234.56, 999999999999.99]) expect(amountSchema.safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1.001, 1e13, Number.POSITIVE_INFINITY, Number.NaN, '10'])
      expect(amountSchema.safeParse(bad).success).toBe(false);
  });

  it('rounds half away from zero', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfUp(4n, 3n)).toBe(1n);
  });

  it('prices a discount: requested × (1 − rate × days / 365), half-up to cents', () => {
    // 100 000,00 at 45% for 30 days: 100000 × (1 − 0.45 × 30/365) = 96 301,369863… → 96 301,37
    expect(discountedCents(toCents('100000'), rateToPpm('0.45'), 30)).toBe(9_630_137n);
    // 1 000,00 at 36.5% for 1 day: 1000 × (1 − 0.001) = 999,00 exactly
    expect(discountedCents(toCents('1000'), rateToPpm('0.365'), 1)).toBe(99_900n);
    // half-up at exactly half a cent: 0,01 × (1 − 0.5 × 365/365) = 0,005 → 0,01
    expect(discountedCents(1n, rateToPpm('0.5'), 365)).toBe(1n);
    // never negative
    expect(discountedCents(toCents('10'), rateToPpm('2'), 365)).toBe(0n);
    // the largest amount stays exact
    expect(discountedCents(toCents('999999999999.99'), rateToPpm('0.45'), 90)).toBe(
      divRoundHalfUp(99_999_999_999_999n * (365_000_000n - 450_000n * 90n), 365_000_000n),
    );
  });
});
