import { z } from 'zod';

/**
 * CBU (Clave Bancaria Uniforme), the BCRA's 22-digit account key: block 1 = bank (3) + branch (4) + check digit,
 * block 2 = account (13) + check digit. Each check digit is (10 − Σ digit × weight mod 10) mod 10 with the weights
 * 7,1,3,9,7,1,3 (block 1) and 3,9,7,1,3,9,7,1,3,9,7,1,3 (block 2). Known valid example: 2850590940090418135201
 * (python-stdnum's `stdnum.ar.cbu` documentation).
 */
const BLOCK_1_WEIGHTS = [7, 1, 3, 9, 7, 1, 3] as const;
const BLOCK_2_WEIGHTS = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3] as const;

function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] as number);
  return (10 - (sum % 10)) % 10;
}

/** Removes spaces and hyphens; the 22 digits, or null when the shape is wrong. */
export function normalizeCbu(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{22}$/.test(digits) ? digits : null;
}

export function isValidCbu(input: string): boolean {
  const cbu = normalizeCbu(input);
  if (!cbu) return false;
  return (
    checkDigit(cbu.slice(0, 7), BLOCK_1_WEIGHTS) === Number(cbu[7]) &&
    checkDigit(cbu.slice(8, 21), BLOCK_2_WEIGHTS) === Number(cbu[21])
  );
}

/** Builds the CBU of an account: bank code (3 digits), branch (4), account number (up to 13, zero-padded). */
export function makeCbu(parts: { bankCode: string; branch: string; account: string }): string {
  const bank = parts.bankCode;
  const branch = parts.branch.padStart(4, '0');
  const account = parts.account.padStart(13, '0');
  if (!/^\d{3}$/.test(bank)) throw new RangeError('El código de banco del CBU tiene 3 dígitos');
  if (!/^\d{4}$/.test(branch)) throw new RangeError('La sucursal del CBU tiene hasta 4 dígitos');
  if (!/^\d{13}$/.test(account)) throw new RangeError('La cuenta del CBU tiene hasta 13 dígitos');
  const block1 = `${bank}${branch}`;
  return `${block1}${checkDigit(block1, BLOCK_1_WEIGHTS)}${account}${checkDigit(account, BLOCK_2_WEIGHTS)}`;
}

/** The parts of a CBU (no check of its digits: validate first). */
export function parseCbu(cbu: string): { bankCode: string; branch: string; account: string } {
  return { bankCode: cbu.slice(0, 3), branch: cbu.slice(3, 7), account: cbu.slice(8, 21) };
}

/** CBU with or without spaces/hyphens in, 22 digits out; both check digits must be valid. */
export const cbuSchema = z
  .string({ message: 'CBU requerido' })
  .refine(isValidCbu, { message: 'CBU inválido: debe tener 22 dígitos y sus dígitos verificadores correctos' })
  .transform((v) => normalizeCbu(v) as string);
