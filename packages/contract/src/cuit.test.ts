import { describe, expect, it } from 'vitest';
import { cuitSchema } from './common';
import { cuitCheckDigit, formatCuit, isValidCuit, makeCuit, normalizeCuit } from './cuit';

describe('CUIT', () => {
  it('accepts known valid CUITs with or without hyphens', () => {
    // 20-12345678-6 and 30-71234567-1 are check-digit valid.
    expect(isValidCuit('20-12345678-6')).toBe(true);
    expect(isValidCuit('20123456786')).toBe(true);
    expect(isValidCuit(makeCuit('30', '71234567'))).toBe(true);
  });

  it('refuses a wrong check digit, bad shapes and letters', () => {
    expect(isValidCuit('20-12345678-5')).toBe(false);
    expect(isValidCuit('2012345678')).toBe(false);
    expect(isValidCuit('20-1234567-86')).toBe(false);
    expect(isValidCuit('2O123456786')).toBe(false);
    expect(isValidCuit('')).toBe(false);
  });

  it('computes check digits, mapping 11 to 0 and refusing prefixes with no valid digit', () => {
    expect(cuitCheckDigit('2012345678')).toBe(6);
    let sawNull = false;
    for (let i = 0; i < 200 && !sawNull; i++) {
      if (cuitCheckDigit(`20${String(10000000 + i)}`) === null) sawNull = true;
    }
    expect(sawNull).toBe(true);
  });

  it('normalises and formats', () => {
    expect(normalizeCuit(' 20-12345678-6 ')).toBe('20123456786');
    expect(formatCuit('20123456786')).toBe('20-12345678-6');
    expect(cuitSchema.parse('20-12345678-6')).toBe('20123456786');
    expect(cuitSchema.safeParse('20-12345678-5').success).toBe(false);
  });
});
