/** CUIT (Clave Única de Identificación Tributaria): 11 digits, the last one a mod-11 check digit. */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Removes hyphens and spaces; returns the 11 digits or null when the shape is wrong. */
export function normalizeCuit(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\d{2}-?\d{8}-?\d$/.test(trimmed)) return null;
  return trimmed.replace(/-/g, '');
}

export function cuitCheckDigit(first10: string): number | null {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * (WEIGHTS[i] as number);
  const mod = 11 - (sum % 11);
  if (mod === 11) return 0;
  if (mod === 10) return null; // no valid check digit exists for this prefix
  return mod;
}

export function isValidCuit(input: string): boolean {
  const digits = normalizeCuit(input);
  if (!digits) return false;
  const expected = cuitCheckDigit(digits.slice(0, 10));
  return expected !== null && expected === Number(digits[10]);
}

/** Builds a valid CUIT from a 2-digit type prefix and an 8-digit number (used by seeds and tests). */
export function makeCuit(prefix: string, body: string): string {
  for (let n = Number(body); ; n++) {
    const first10 = `${prefix}${String(n % 100_000_000).padStart(8, '0')}`;
    const check = cuitCheckDigit(first10);
    if (check !== null) return `${first10}${check}`;
  }
}

export function formatCuit(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}
