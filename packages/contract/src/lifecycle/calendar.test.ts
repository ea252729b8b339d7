import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  bankCalendar,
  businessDayOnOrAfter,
  clearingDate,
  isBusinessDay,
  isPresentationOver,
  nextBusinessDay,
  presentationWindowEnd,
} from './calendar';
import { addDays, buenosAiresDateOf, buenosAiresDateTime, daysBetween, formatDateAr, weekday } from './dates';
import { ARGENTINA_BANK_HOLIDAYS, HOLIDAY_YEARS } from './holidays';

/** Easter Sunday (Gregorian; the anonymous algorithm of Meeus/Jones/Butcher), computed independently of the list. */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Ley 27.399 art. 6: a movable holiday on Tuesday or Wednesday moves to the Monday before, Thursday or Friday after. */
function moved(date: string): string {
  const day = weekday(date);
  if (day === 2 || day === 3) return addDays(date, 1 - day);
  if (day === 4 || day === 5) return addDays(date, 8 - day);
  return date;
}

const dates = new Set(ARGENTINA_BANK_HOLIDAYS.map((h) => h.date));

describe('the holiday list', () => {
  it('holds Easter-based days, fixed days and moved days as the law computes them, for every year it covers', () => {
    expect(easter(2025)).toBe('2025-04-20');
    expect(easter(2026)).toBe('2026-04-05');
    expect(easter(2027)).toBe('2027-03-28');
    for (const year of HOLIDAY_YEARS) {
      const e = easter(year);
      for (const offset of [-48, -47, -3, -2]) expect(dates, `${year} Easter ${offset}`).toContain(addDays(e, offset));
      for (const md of ['01-01', '03-24', '04-02', '05-01', '05-25', '06-20', '07-09', '12-08', '12-25']) {
        expect(dates, `${year}-${md}`).toContain(`${year}-${md}`);
      }
      for (const md of ['06-17', '08-17', '10-12', '11-20'])
        expect(dates, `${year}-${md}`).toContain(moved(`${year}-${md}`));
    }
  });

  it('holds the decreed tourist days of 2025 and 2026, and only dates of its years, once each', () => {
    for (const d of ['2025-05-02', '2025-08-15', '2025-11-21', '2026-03-23', '2026-07-10', '2026-12-07']) {
      expect(dates).toContain(d);
    }
    expect(dates.size).toBe(ARGENTINA_BANK_HOLIDAYS.length);
    for (const h of ARGENTINA_BANK_HOLIDAYS) expect(HOLIDAY_YEARS).toContain(Number(h.date.slice(0, 4)));
    expect([...dates].sort()).toEqual(ARGENTINA_BANK_HOLIDAYS.map((h) => h.date));
  });
});

describe('business days', () => {
  it('weekends and holidays are not business days; a setting adds and removes days', () => {
    expect(isBusinessDay('2026-04-01')).toBe(true); // Wednesday before Easter
    expect(isBusinessDay('2026-04-02')).toBe(false); // Malvinas and Jueves Santo
    expect(isBusinessDay('2026-04-04')).toBe(false); // Saturday
    expect(isBusinessDay('2027-03-25')).toBe(false); // Jueves Santo 2027
    const withExtra = bankCalendar({ add: ['2026-04-01'], remove: ['2026-12-07'] });
    expect(isBusinessDay('2026-04-01', withExtra)).toBe(false);
    expect(isBusinessDay('2026-12-07', withExtra)).toBe(true);
    expect(isBusinessDay('2026-12-07')).toBe(false);
  });

  it('counts business days over weekends and holidays', () => {
    expect(nextBusinessDay('2026-04-01')).toBe('2026-04-06'); // over Thursday, Friday, the weekend
    expect(businessDayOnOrAfter('2026-04-06')).toBe('2026-04-06');
    expect(businessDayOnOrAfter('2026-03-21')).toBe('2026-03-25'); // Saturday, Sunday, 23 and 24 March
    expect(addBusinessDays('2026-03-20', 2)).toBe('2026-03-26');
    expect(addBusinessDays('2026-03-26', -2)).toBe('2026-03-20');
    expect(addBusinessDays('2026-03-21', 0)).toBe('2026-03-21');
  });
});

describe('the clearing date of a deposit (20:00 cut-off, Buenos Aires)', () => {
  const at = (date: string, time: string) => `${date}T${time}:00-03:00`;
  it('before 20:00 on a business day: that day; at or after 20:00: the next business day', () => {
    expect(clearingDate(at('2026-05-19', '19:59'))).toBe('2026-05-19');
    expect(clearingDate(at('2026-05-19', '20:00'))).toBe('2026-05-20');
    expect(clearingDate(at('2026-05-19', '23:59'))).toBe('2026-05-20');
  });
  it('Friday evening and weekends clear on Monday; the eve of a holiday after the holiday', () => {
    expect(clearingDate(at('2026-05-22', '20:00'))).toBe('2026-05-26'); // Monday 25 May is a holiday
    expect(clearingDate(at('2026-05-23', '10:00'))).toBe('2026-05-26');
    expect(clearingDate(at('2026-03-20', '21:00'))).toBe('2026-03-25');
    expect(clearingDate(at('2026-03-24', '09:00'))).toBe('2026-03-25'); // on a holiday, any hour
  });
  it("reads the hour in Buenos Aires whatever the instant's offset, and takes the cut-off and calendar as settings", () => {
    expect(clearingDate('2026-05-19T22:59:00Z')).toBe('2026-05-19'); // 19:59 in Buenos Aires
    expect(clearingDate('2026-05-19T23:00:00Z')).toBe('2026-05-20');
    expect(clearingDate(at('2026-05-19', '18:30'), undefined, '18:00')).toBe('2026-05-20');
    expect(clearingDate(at('2026-05-19', '10:00'), bankCalendar({ add: ['2026-05-19'] }))).toBe('2026-05-20');
  });
});

describe('the presentation window and dates', () => {
  it('ends N days after the payment date, across months and years; over from the next day', () => {
    expect(presentationWindowEnd('2026-05-20')).toBe('2026-06-19');
    expect(presentationWindowEnd('2026-12-15')).toBe('2027-01-14');
    expect(presentationWindowEnd('2028-02-10', 20)).toBe('2028-03-01'); // 2028 is a leap year
    expect(isPresentationOver('2026-05-20', '2026-06-19')).toBe(false);
    expect(isPresentationOver('2026-05-20', '2026-06-20')).toBe(true);
  });

  it('date helpers', () => {
    expect(daysBetween('2026-01-01', '2026-12-27')).toBe(360);
    expect(formatDateAr('2026-03-12')).toBe('12/03/2026');
    expect(buenosAiresDateOf('2026-01-01T02:30:00Z')).toBe('2025-12-31');
    expect(buenosAiresDateTime(new Date('2026-01-01T03:00:00Z'))).toEqual({ date: '2026-01-01', time: '00:00' });
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => buenosAiresDateOf('ayer')).toThrow(RangeError);
  });
});
