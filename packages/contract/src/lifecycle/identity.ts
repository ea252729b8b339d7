import { z } from 'zod';
import { parseCbu } from './cbu';

/**
 * The identity of a registry cheque (LIFECYCLE §1): `cheque_id` given by the registry (15 upper-case letters and
 * digits), `number` from the chequebook (8 digits, 00000001–99999999) and the CMC7 line (29 digits: bank 3, branch 3,
 * postal code 4, number 8, account 11).
 */
export const CHEQUE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const CHEQUE_ID_LENGTH = 15;

export const chequeIdSchema = z
  .string({ message: 'Identificador de ECHEQ requerido' })
  .regex(/^[A-Z0-9]{15}$/, { message: 'Identificador de ECHEQ inválido: 15 letras mayúsculas o dígitos' });

/**
 * A new cheque id. `randomInt(n)` returns a uniform integer in [0, n): the server passes `crypto.randomInt`, tests a
 * seeded source.
 */
export function generateChequeId(randomInt: (max: number) => number): string {
  let id = '';
  for (let i = 0; i < CHEQUE_ID_LENGTH; i++) id += CHEQUE_ID_ALPHABET[randomInt(CHEQUE_ID_ALPHABET.length)];
  if (!/^[A-Z0-9]{15}$/.test(id)) throw new RangeError('Generador de identificadores inválido');
  return id;
}

export const CHEQUE_NUMBER_MAX = 99_999_999;

export const chequeNumberSchema = z
  .string({ message: 'Número de cheque requerido' })
  .regex(/^\d{8}$/, { message: 'El número de cheque tiene 8 dígitos' })
  .refine((v) => v !== '00000000', { message: 'El número de cheque va de 00000001 a 99999999' });

/** 1234 → '00001234'. */
export function formatChequeNumber(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > CHEQUE_NUMBER_MAX) {
    throw new RangeError('El número de cheque va de 1 a 99999999');
  }
  return String(n).padStart(8, '0');
}

export const cmc7Schema = z
  .string({ message: 'CMC7 requerido' })
  .regex(/^\d{29}$/, { message: 'El CMC7 tiene 29 dígitos' });

export type Cmc7Parts = { bankCode: string; branch: string; postalCode: string; number: string; account: string };

const CMC7_FIELDS = [
  ['bankCode', 3, 'el código de banco'],
  ['branch', 3, 'la sucursal'],
  ['postalCode', 4, 'el código postal'],
  ['number', 8, 'el número de cheque'],
  ['account', 11, 'la cuenta'],
] as const;

/** Joins the five fields of the CMC7 line, each exactly as long as the line holds it. */
export function composeCmc7(parts: Cmc7Parts): string {
  let line = '';
  for (const [key, length, label] of CMC7_FIELDS) {
    const value = parts[key];
    if (!new RegExp(`^\\d{${length}}$`).test(value)) {
      throw new RangeError(`CMC7: ${label} tiene ${length} dígitos`);
    }
    line += value;
  }
  return line;
}

export function parseCmc7(cmc7: string): Cmc7Parts {
  if (!/^\d{29}$/.test(cmc7)) throw new RangeError('El CMC7 tiene 29 dígitos');
  return {
    bankCode: cmc7.slice(0, 3),
    branch: cmc7.slice(3, 6),
    postalCode: cmc7.slice(6, 10),
    number: cmc7.slice(10, 18),
    account: cmc7.slice(18, 29),
  };
}

/**
 * The CMC7 of a cheque drawn on the account with this CBU: bank from the CBU, branch = the CBU's 4-digit branch
 * without its first digit (the line holds 3), account = the last 11 of the CBU's 13 account digits.
 */
export function cmc7ForAccount(input: { cbu: string; postalCode: string; number: string }): string {
  const { bankCode, branch, account } = parseCbu(input.cbu);
  return composeCmc7({
    bankCode,
    branch: branch.slice(1),
    postalCode: input.postalCode,
    number: input.number,
    account: account.slice(2),
  });
}
