import { describe, expect, it } from 'vitest';
import { appliedRate, listRate, parseAmount, shortId } from './discount-format';

describe('discount figures as the screen shows them', () => {
  it('shows the id as its first 8 characters and an ellipsis', () => {
    expect(shortId('3f2a9c4e-1b7d-4e8a-9c0f-5a6b7c8d9e01')).toBe('3f2a9c4e...');
  });

  it("lists 'Tasa' as approved / requested with 2 decimals, half-up on cents, '-' when not approved", () => {
    expect(listRate({ requested_amount: 100000, approved_amount: 96301.37 })).toBe('96,30%');
    expect(listRate({ requested_amount: 3, approved_amount: 2 })).toBe('66,67%');
    // 99,875 % exactly at the half: rounds up.
    expect(listRate({ requested_amount: 8, approved_amount: 7.99 })).toBe('99,88%');
    // 0,125 % too.
    expect(listRate({ requested_amount: 800, approved_amount: 1 })).toBe('0,13%');
    expect(listRate({ requested_amount: 999999999999.99, approved_amount: 889041095890.4 })).toBe('88,90%');
    expect(listRate({ requested_amount: 100, approved_amount: null })).toBe('-');
  });

  it('shows the applied rate as rate × 100 with 2 decimals', () => {
    expect(appliedRate(0.45)).toBe('45,00%');
    expect(appliedRate(0.123457)).toBe('12,35%');
    expect(appliedRate(null)).toBe('-');
  });

  it('parses amounts typed in either notation, two decimals at most', () => {
    expect(parseAmount('1234.56')).toBe(1234.56);
    expect(parseAmount('1.234,56')).toBe(1234.56);
    expect(parseAmount(' $ 500000,5 ')).toBe(500000.5);
    expect(parseAmount('999999999999,99')).toBe(999999999999.99);
    expect(parseAmount('10')).toBe(10);
    for (const bad of ['', 'abc', '1,234.56', '1.234', '12,345', '-5', '1e5']) expect(parseAmount(bad), bad).toBeNull();
  });
});
