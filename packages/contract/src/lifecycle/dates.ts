/**
 * Calendar dates as ISO strings (`YYYY-MM-DD`), always Buenos Aires dates. ISO date strings compare correctly as
 * strings, so the rules compare them with `<`, `<=`, `>`.
 */
const DAY_MS = 86_400_000;
export const BUENOS_AIRES_TIME_ZONE = 'America/Argentina/Buenos_Aires';

function toUtcMs(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Fecha inválida: ${date}`);
  return ms;
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Day of the week of a date: 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

/** `2026-03-12` → `12/03/2026`, as the messages and screens write dates (es-AR). */
export function formatDateAr(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

const BA_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUENOS_AIRES_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function instant(at: string | Date): Date {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Instante inválido: ${String(at)}`);
  return d;
}

/** The Buenos Aires date and `HH:MM` time of an instant (an ISO timestamp or a Date). */
export function buenosAiresDateTime(at: string | Date): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const p of BA_PARTS.formatToParts(instant(at))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The Buenos Aires calendar date of an instant: the "today" every rule of the lifecycle reads. */
export function buenosAiresDateOf(at: string | Date): string {
  return buenosAiresDateTime(at).date;
}
