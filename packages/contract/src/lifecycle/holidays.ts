/**
 * Argentina's bank non-business days besides Saturdays and Sundays, 2025–2027: the national holidays
 * (feriados inamovibles and trasladables, Ley 27.399 arts. 2 and 6: a movable holiday on a Tuesday or Wednesday
 * moves to the Monday before, on a Thursday or Friday to the Monday after) and the non-working days on which the
 * BCRA closes the financial system (Jueves Santo, and the "días no laborables con fines turísticos" of Ley 27.399
 * art. 7). Sources:
 * - 2025: Ley 27.399; Decreto 1027/2024 (tourist days 2 May, 15 August, 21 November); BCRA Comunicaciones "C" 99321
 *   and 100942 (the year's bank holidays, as reported by the press: Ámbito, "Feriados bancarios 2025 según el BCRA").
 * - 2026: Ley 27.399; Resolución 164/2025 of the Jefatura de Gabinete under Decreto 614/2025 (tourist days 23 March,
 *   10 July, 7 December); Jueves Santo falls on 2 April with Malvinas.
 * - 2027: computed from Ley 27.399 (Easter on 28 March 2027); the tourist days had not been fixed when this list was
 *   written: a platform setting adds them (and any day the BCRA declares), or removes a day.
 * Not included: 6 November (Día del Bancario), a day off of the bank employees' agreement that the BCRA does not list
 * as a bank holiday; holidays of one province or city.
 * The unit tests recompute Easter and the moves of Ley 27.399 to check this list.
 */
export type HolidayKind = 'FERIADO' | 'FERIADO_TRASLADADO' | 'NO_LABORABLE';
export type BankHoliday = { date: string; name: string; kind: HolidayKind };

const F = 'FERIADO' as const;
const T = 'FERIADO_TRASLADADO' as const;
const N = 'NO_LABORABLE' as const;

export const HOLIDAY_YEARS = [2025, 2026, 2027] as const;

export const ARGENTINA_BANK_HOLIDAYS: readonly BankHoliday[] = [
  // 2025
  { date: '2025-01-01', name: 'Año Nuevo', kind: F },
  { date: '2025-03-03', name: 'Carnaval', kind: F },
  { date: '2025-03-04', name: 'Carnaval', kind: F },
  { date: '2025-03-24', name: 'Día Nacional de la Memoria por la Verdad y la Justicia', kind: F },
  { date: '2025-04-02', name: 'Día del Veterano y de los Caídos en la Guerra de Malvinas', kind: F },
  { date: '2025-04-17', name: 'Jueves Santo', kind: N },
  { date: '2025-04-18', name: 'Viernes Santo', kind: F },
  { date: '2025-05-01', name: 'Día del Trabajador', kind: F },
  { date: '2025-05-02', name: 'Día no laborable con fines turísticos', kind: N },
  { date: '2025-05-25', name: 'Día de la Revolución de Mayo', kind: F },
  { date: '2025-06-16', name: 'Paso a la Inmortalidad del General Martín Miguel de Güemes (17/06)', kind: T },
  { date: '2025-06-20', name: 'Paso a la Inmortalidad del General Manuel Belgrano', kind: F },
  { date: '2025-07-09', name: 'Día de la Independencia', kind: F },
  { date: '2025-08-15', name: 'Día no laborable con fines turísticos', kind: N },
  { date: '2025-08-17', name: 'Paso a la Inmortalidad del General José de San Martín', kind: F },
  { date: '2025-10-12', name: 'Día del Respeto a la Diversidad Cultural', kind: F },
  { date: '2025-11-21', name: 'Día no laborable con fines turísticos', kind: N },
  { date: '2025-11-24', name: 'Día de la Soberanía Nacional (20/11)', kind: T },
  { date: '2025-12-08', name: 'Inmaculada Concepción de María', kind: F },
  { date: '2025-12-25', name: 'Navidad', kind: F },
  // 2026
  { date: '2026-01-01', name: 'Año Nuevo', kind: F },
  { date: '2026-02-16', name: 'Carnaval', kind: F },
  { date: '2026-02-17', name: 'Carnaval', kind: F },
  { date: '2026-03-23', name: 'Día no laborable con fines turísticos', kind: N },
  { date: '2026-03-24', name: 'Día Nacional de la Memoria por la Verdad y la Justicia', kind: F },
  { date: '2026-04-02', name: 'Día del Veterano y de los Caídos en la Guerra de Malvinas; Jueves Santo', kind: F },
  { date: '2026-04-03', name: 'Viernes Santo', kind: F },
  { date: '2026-05-01', name: 'Día del Trabajador', kind: F },
  { date: '2026-05-25', name: 'Día de la Revolución de Mayo', kind: F },
  { date: '2026-06-15', name: 'Paso a la Inmortalidad del General Martín Miguel de Güemes (17/06)', kind: T },
  { date: '2026-06-20', name: 'Paso a la Inmortalidad del General Manuel Belgrano', kind: F },
  { date: '2026-07-09', name: 'Día de la Independencia', kind: F },
  { date: '2026-07-10', name: 'Día no laborable con fines turísticos', kind: N },
  { date: '2026-08-17', name: 'Paso a la Inmortalidad del General José de San Martín', kind: F },
  { date: '2026-10-12', name: 'Día del Respeto a la Diversidad Cultural', kind: F },
  { date: '2026-11-23', name: 'Día de la Soberanía Nacional (20/11)', kind: T },
  { date: '2026-12-07', name: 'Día no laborable con fines turísticos', kind: N },
  { date: '2026-12-08', name: 'Inmaculada Concepción de María', kind: F },
  { date: '2026-12-25', name: 'Navidad', kind: F },
  // 2027 (tourist days not yet fixed: add them through the setting)
  { date: '2027-01-01', name: 'Año Nuevo', kind: F },
  { date: '2027-02-08', name: 'Carnaval', kind: F },
  { date: '2027-02-09', name: 'Carnaval', kind: F },
  { date: '2027-03-24', name: 'Día Nacional de la Memoria por la Verdad y la Justicia', kind: F },
  { date: '2027-03-25', name: 'Jueves Santo', kind: N },
  { date: '2027-03-26', name: 'Viernes Santo', kind: F },
  { date: '2027-04-02', name: 'Día del Veterano y de los Caídos en la Guerra de Malvinas', kind: F },
  { date: '2027-05-01', name: 'Día del Trabajador', kind: F },
  { date: '2027-05-25', name: 'Día de la Revolución de Mayo', kind: F },
  { date: '2027-06-20', name: 'Paso a la Inmortalidad del General Manuel Belgrano', kind: F },
  { date: '2027-06-21', name: 'Paso a la Inmortalidad del General Martín Miguel de Güemes (17/06)', kind: T },
  { date: '2027-07-09', name: 'Día de la Independencia', kind: F },
  { date: '2027-08-16', name: 'Paso a la Inmortalidad del General José de San Martín (17/08)', kind: T },
  { date: '2027-10-11', name: 'Día del Respeto a la Diversidad Cultural (12/10)', kind: T },
  { date: '2027-11-20', name: 'Día de la Soberanía Nacional', kind: F },
  { date: '2027-12-08', name: 'Inmaculada Concepción de María', kind: F },
  { date: '2027-12-25', name: 'Navidad', kind: F },
];
