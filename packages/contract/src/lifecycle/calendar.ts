import { PRESENTATION_DAYS } from '../custody';
import { addDays, buenosAiresDateTime, weekday } from './dates';
import { ARGENTINA_BANK_HOLIDAYS } from './holidays';

/**
 * Business days of the clearing house: Monday to Friday except the days the calendar closes. A platform setting
 * adds days (a tourist day decreed later, a day the BCRA closes the system) or removes one from the shipped list.
 */
export type BankCalendar = { readonly closed: ReadonlySet<string> };
export type BankCalendarSettings = { add?: readonly string[]; remove?: readonly string[] };

export function bankCalendar(settings: BankCalendarSettings = {}): BankCalendar {
  const closed = new Set(ARGENTINA_BANK_HOLIDAYS.map((h) => h.date));
  for (const d of settings.add ?? []) closed.add(d);
  for (const d of settings.remove ?? []) closed.delete(d);
  return { closed };
}

/** The shipped calendar: Argentina's national bank holidays, no additions. */
export const ARGENTINA_BANK_CALENDAR: BankCalendar = bankCalendar();

export function isBusinessDay(date: string, calendar: BankCalendar = ARGENTINA_BANK_CALENDAR): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !calendar.closed.has(date);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: string, calendar: BankCalendar = ARGENTINA_BANK_CALENDAR): string {
  let d = addDays(date, 1);
  while (!isBusinessDay(d, calendar)) d = addDays(d, 1);
  return d;
}

/** `date` itself when it is a business day, else the next one. */
export function businessDayOnOrAfter(date: string, calendar: BankCalendar = ARGENTINA_BANK_CALENDAR): string {
  return isBusinessDay(date, calendar) ? date : nextBusinessDay(date, calendar);
}

/** `n` business days after `date` (before it when `n` is negative); `date` itself is not counted. */
export function addBusinessDays(date: string, n: number, calendar: BankCalendar = ARGENTINA_BANK_CALENDAR): string {
  if (!Number.isInteger(n)) throw new RangeError('La cantidad de días hábiles debe ser entera');
  const step = n < 0 ? -1 : 1;
  let d = date;
  for (let left = Math.abs(n); left > 0; ) {
    d = addDays(d, step);
    if (isBusinessDay(d, calendar)) left--;
  }
  return d;
}

/** The clearing session's cut-off, Buenos Aires time (deposits at or after it clear the next business day). */
export const CLEARING_CUTOFF = '20:00';

/**
 * The clearing date of a cheque deposited at instant `at`: that day when it is a business day and the deposit was
 * made before the cut-off (20:00 Buenos Aires), else the next business day.
 */
export function clearingDate(
  at: string | Date,
  calendar: BankCalendar = ARGENTINA_BANK_CALENDAR,
  cutoff: string = CLEARING_CUTOFF,
): string {
  const { date, time } = buenosAiresDateTime(at);
  return isBusinessDay(date, calendar) && time < cutoff ? date : nextBusinessDay(date, calendar);
}

/**
 * The last day a cheque may be deposited: payment date + N ("until" includes that day). N is PRESENTATION_DAYS, 30
 * by the BCRA, unless the platform's setting says otherwise.
 */
export function presentationWindowEnd(paymentDate: string, presentationDays: number = PRESENTATION_DAYS): string {
  return addDays(paymentDate, presentationDays);
}

/** True from the day after the presentation window's last day: a cheque not deposited by then expires. */
export function isPresentationOver(
  paymentDate: string,
  today: string,
  presentationDays: number = PRESENTATION_DAYS,
): boolean {
  return today > presentationWindowEnd(paymentDate, presentationDays);
}
