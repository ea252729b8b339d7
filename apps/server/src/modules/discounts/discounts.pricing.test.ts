import { describe, expect, it } from 'vitest';
import { priceDiscount } from './discounts.pricing';

const price = (requestedAmount: string | number, annualRate: string | number, approvalDate: string, dueDate: string) =>
  priceDiscount({ requestedAmount, annualRate, approvalDate, dueDate });

describe('priceDiscount: approved = requested × (1 − rate × days / 365), half-up to cents, integers only', () => {
  it('prices the textbook case', () => {
    expect(price('100000.00', '0.450000', '2026-03-10', '2026-04-09')).toEqual({
      ok: true,
      price: { days: 30, rate: '0.450000', approvedAmount: '96301.37', approvedCents: 9_630_137n },
    });
  });

  it('counts calendar days across month ends, leap days and year ends', () => {
    const days = (a: string, b: string) => {
      const r = price(1000, 0.45, a, b);
      return r.ok ? r.price.days : r.reason;
    };
    expect(days('2026-01-31', '2026-02-01')).toBe(1);
    expect(days('2026-02-27', '2026-03-02')).toBe(3);
    expect(days('2028-02-28', '2028-03-01')).toBe(2);
    expect(days('2026-12-31', '2027-01-30')).toBe(30);
    expect(days('2026-03-10', '2027-03-05')).toBe(360);
    // Daylight-saving changes elsewhere do not matter: whole calendar days.
    expect(days('2026-03-28', '2026-03-30')).toBe(2);
    expect(days('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('refuses a cheque due on the approval date or earlier', () => {
    expect(price(1000, 0.45, '2026-03-10', '2026-03-10')).toEqual({ ok: false, reason: 'DUE' });
    expect(price(1000, 0.45, '2026-03-10', '2026-03-01')).toEqual({ ok: false, reason: 'DUE' });
  });

  it('rounds half-up at exactly half a cent', () => {
    // 0.365 a year for one day is × 0.999.
    const approved = (amount: string) => {
      const r = price(amount, '0.365', '2026-03-10', '2026-03-11');
      return r.ok ? r.price.approvedAmount : r.reason;
    };
    expect(approved('15.00')).toBe('14.99'); // 14.985 → 14.99 (half-even would give 14.98)
    expect(approved('5.00')).toBe('5.00'); // 4.995 → 5.00
    expect(approved('0.01')).toBe('0.01'); // 0.00999 → 0.01
    expect(approved('25.00')).toBe('24.98'); // 24.975 → 24.98
    expect(approved('4.00')).toBe('4.00'); // 3.996 → 4.00
    expect(approved('1.00')).toBe('1.00'); // 0.999 → 1.00
  });

  it('stays exact for the largest amounts (no binary floats)', () => {
    const r = price('999999999999.99', '0.45', '2026-03-10', '2026-06-08');
    expect(r).toMatchObject({ ok: true, price: { days: 90, approvedAmount: '889041095890.40' } });
    const longest = price('999999999999.99', '0.45', '2026-01-01', '2026-12-27');
    expect(longest).toMatchObject({ ok: true, price: { days: 360, approvedAmount: '556164383561.64' } });
    const num = price(999999999999.99, 0.45, '2026-03-10', '2026-03-11');
    // × (1 − 0.45/365) = 998767123287.66
    expect(num).toMatchObject({ ok: true, price: { days: 1, approvedAmount: '998767123287.66' } });
  });

  it('keeps the six decimals of the rate and refuses a rate and term that leave nothing', () => {
    expect(price('1000.00', '0.123457', '2026-03-10', '2027-02-03')).toMatchObject({
      ok: true,
      price: { days: 330, rate: '0.123457', approvedAmount: '888.38' },
    });
    expect(price('1000.00', '0', '2026-03-10', '2026-04-09')).toMatchObject({
      ok: true,
      price: { rate: '0.000000', approvedAmount: '1000.00' },
    });
    expect(price('1000.00', '9.999999', '2026-03-10', '2026-06-08')).toEqual({ ok: false, reason: 'NOTHING_LEFT' });
  });
});
