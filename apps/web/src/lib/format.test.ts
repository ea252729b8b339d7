import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCuit,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatRate,
} from './format';

describe('formatAmount', () => {
  it('writes es-AR amounts with the $ prefix and the ARS suffix by default', () => {
    expect(formatAmount(1234.56)).toBe('$ 1.234,56 ARS');
    expect(formatAmount(1234567.5)).toBe('$ 1.234.567,50 ARS');
    expect(formatAmount(0)).toBe('$ 0,00 ARS');
    expect(formatAmount(999999999999.99)).toBe('$ 999.999.999.999,99 ARS');
  });

  it('writes dollars as US$ before the figure, and other currencies as a suffix', () => {
    expect(formatAmount(15000, 'USD')).toBe('US$ 15.000,00');
    expect(formatAmount(-1, 'USD')).toBe('-US$ 1,00');
    expect(formatAmount(1500, 'EUR')).toBe('$ 1.500,00 EUR');
  });

  it('accepts numeric strings, signs negatives and shows a dash for no value', () => {
    expect(formatAmount('2500.1')).toBe('$ 2.500,10 ARS');
    expect(formatAmount(-10)).toBe('-$ 10,00 ARS');
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount(undefined)).toBe('-');
    expect(formatAmount('abc')).toBe('-');
  });
});

describe('formatNumber', () => {
  it('groups thousands with dots', () => {
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(1234.567, 2)).toBe('1.234,57');
  });
});

describe('percentages', () => {
  it('formats a 0–100 percentage with two decimals by default', () => {
    expect(formatPercent(99.5)).toBe('99,50%');
    expect(formatPercent(12.345, 0)).toBe('12%');
  });

  it('formats a fraction as a percentage', () => {
    expect(formatRate(0.45)).toBe('45,00%');
    expect(formatRate(0.0375)).toBe('3,75%');
    expect(formatRate(null)).toBe('-');
  });
});

describe('dates', () => {
  it('shows a calendar date as dd/mm/aaaa without shifting it', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });

  it('shows a timestamp in Buenos Aires time', () => {
    // 02:30 UTC on 1 March is still 29 February in Buenos Aires (UTC-3).
    expect(formatDate('2024-03-01T02:30:00.000Z')).toBe('29/02/2024');
    expect(formatDateTime('2024-03-05T17:30:00.000Z')).toBe('05/03/2024 14:30');
    expect(formatDateTime('2024-03-05T03:05:00Z')).toBe('05/03/2024 00:05');
  });

  it('shows a dash for missing or invalid values', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('no es fecha')).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
  });
});

describe('formatCuit', () => {
  it('adds the hyphens to 11 digits', () => {
    expect(formatCuit('30123456789')).toBe('30-12345678-9');
    expect(formatCuit('30-12345678-9')).toBe('30-12345678-9');
    expect(formatCuit('123')).toBe('123');
  });
});
