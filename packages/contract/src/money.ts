/**
 * Exact money arithmetic on integer cents (bigint). Amounts cross the wire as JSON numbers with at most two
 * decimals and are stored as numeric(18,2); in between they are never binary floats in arithmetic.
 */
export const MAX_AMOUNT = 999_999_999_999.99;
export const MAX_AMOUNT_CENTS = 99_999_999_999_999n;

/** True when n has at most two decimals (checked on its shortest decimal representation). */
export function hasAtMostTwoDecimals(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const s = String(n);
  if (/e/i.test(s)) return Number.isInteger(n);
  const dot = s.indexOf('.');
  return dot === -1 || s.length - dot - 1 <= 2;
}

/** Parses a decimal string ("1234.5", "-0.07") or a number with ≤2 decimals to cents. */
export function toCents(value: string | number): bigint {
  const s = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(s);
  if (!m) throw new RangeError(`Importe inválido: ${s}`);
  const [, sign, int, frac = ''] = m;
  const cents = BigInt(int as string) * 100n + BigInt(frac.padEnd(2, '0'));
  return sign ? -cents : cents;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError('Importe inválido');
  // toFixed(2) is exact for numbers that have at most two decimals and are below 1e21.
  return n.toFixed(2);
}

/** Cents to a decimal string with two decimals ("1234.50"). */
export function centsToDecimal(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const int = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${int}.${frac}`;
}

/** Cents to a JSON number (exact: every value with two decimals below 2^53 cents round-trips). */
export function centsToNumber(cents: bigint): number {
  return Number(centsToDecimal(cents));
}

/** numeric column (string) to JSON number, exactly. */
export function decimalToNumber(value: string | number): number {
  return centsToNumber(toCents(value));
}

/** Integer division rounding half away from zero. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('División por cero');
  const neg = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return neg ? -q : q;
}

export function sumCents(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/** A rate such as 0.45 (a fraction, up to 6 decimals) to parts per million. */
export function rateToPpm(rate: string | number): bigint {
  const s = typeof rate === 'number' ? rate.toFixed(6) : rate.trim();
  const m = /^(\d+)(?:\.(\d{1,6})\d*)?$/.exec(s);
  if (!m) throw new RangeError(`Tasa inválida: ${s}`);
  return BigInt(m[1] as string) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
}

export function ppmToRate(ppm: bigint): number {
  const int = ppm / 1_000_000n;
  const frac = (ppm % 1_000_000n).toString().padStart(6, '0');
  return Number(`${int}.${frac}`);
}

/**
 * Discount pricing (CONTRACT §5): approved = requested × (1 − rate × days / 365), rounded half-up to cents.
 * Computed as requested_cents × (365·10⁶ − rate_ppm·days) / (365·10⁶) in integers.
 */
export function discountedCents(requestedCents: bigint, annualRatePpm: bigint, days: number): bigint {
  const denominator = 365n * 1_000_000n;
  const factor = denominator - annualRatePpm * BigInt(days);
  if (factor <= 0n) return 0n;
  return divRoundHalfUp(requestedCents * factor, denominator);
}
