import { describe, expect, it } from 'vitest';
import { cbuSchema, isValidCbu, makeCbu, normalizeCbu, parseCbu } from './cbu';
import {
  chequeIdSchema,
  chequeNumberSchema,
  cmc7ForAccount,
  cmc7Schema,
  composeCmc7,
  formatChequeNumber,
  generateChequeId,
  parseCmc7,
} from './identity';

/** The public example of python-stdnum's `stdnum.ar.cbu` (valid), and its documented invalid variant. */
const KNOWN_VALID = '2850590940090418135201';
const KNOWN_INVALID = '2810590940090418135201';

describe('CBU', () => {
  it('accepts the known valid CBU and refuses its documented invalid variant', () => {
    expect(isValidCbu(KNOWN_VALID)).toBe(true);
    expect(isValidCbu('0110599520000000000103')).toBe(true); // bank 011, branch 0599
    expect(isValidCbu(KNOWN_INVALID)).toBe(false);
  });

  it('refuses any single changed digit (every weight is prime to 10) and wrong shapes', () => {
    for (let i = 0; i < 22; i++) {
      const digit = Number(KNOWN_VALID[i]);
      const changed = `${KNOWN_VALID.slice(0, i)}${(digit + 1) % 10}${KNOWN_VALID.slice(i + 1)}`;
      expect(isValidCbu(changed), `position ${i}`).toBe(false);
    }
    expect(isValidCbu(KNOWN_VALID.slice(1))).toBe(false);
    expect(isValidCbu(`${KNOWN_VALID}0`)).toBe(false);
    expect(isValidCbu('28505909400904181352O1')).toBe(false);
    expect(isValidCbu('')).toBe(false);
  });

  it('builds a CBU with both check digits from bank, branch and account', () => {
    expect(makeCbu({ bankCode: '285', branch: '0590', account: '4009041813520' })).toBe(KNOWN_VALID);
    expect(makeCbu({ bankCode: '011', branch: '599', account: '2000000000010' })).toBe('0110599520000000000103');
    const built = makeCbu({ bankCode: '999', branch: '1', account: '42' });
    expect(built).toMatch(/^9990001\d0{11}42\d$/);
    expect(isValidCbu(built)).toBe(true);
    expect(parseCbu(built)).toEqual({ bankCode: '999', branch: '0001', account: '0000000000042' });
    expect(() => makeCbu({ bankCode: '99', branch: '1', account: '1' })).toThrow(RangeError);
    expect(() => makeCbu({ bankCode: '999', branch: '12345', account: '1' })).toThrow(RangeError);
  });

  it('the schema accepts spaces and hyphens, answers 22 digits, and says why it refuses', () => {
    expect(normalizeCbu('28505909 4009-0418135201')).toBe(KNOWN_VALID);
    expect(cbuSchema.parse('28505909 40090418135201')).toBe(KNOWN_VALID);
    const refused = cbuSchema.safeParse(KNOWN_INVALID);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'CBU inválido: debe tener 22 dígitos y sus dígitos verificadores correctos',
    );
  });
});

describe('CMC7, cheque id and number', () => {
  it('composes and parses the 29-digit line: bank 3, branch 3, postal code 4, number 8, account 11', () => {
    const parts = { bankCode: '285', branch: '590', postalCode: '1425', number: '00000042', account: '09041813520' };
    const line = composeCmc7(parts);
    expect(line).toBe('28559014250000004209041813520');
    expect(line).toHaveLength(29);
    expect(parseCmc7(line)).toEqual(parts);
    expect(cmc7Schema.safeParse(line).success).toBe(true);
    expect(() => composeCmc7({ ...parts, branch: '0590' })).toThrow('CMC7: la sucursal tiene 3 dígitos');
    expect(() => parseCmc7('123')).toThrow(RangeError);
  });

  it("derives the CMC7 of a cheque from its account's CBU", () => {
    expect(cmc7ForAccount({ cbu: KNOWN_VALID, postalCode: '1425', number: '00000042' })).toBe(
      '28559014250000004209041813520',
    );
  });

  it('cheque ids are 15 upper-case letters and digits', () => {
    let n = 0;
    const id = generateChequeId((max) => n++ % max);
    expect(id).toBe('ABCDEFGHIJKLMNO');
    expect(chequeIdSchema.safeParse(id).success).toBe(true);
    expect(generateChequeId((max) => max - 1)).toBe('999999999999999');
    expect(chequeIdSchema.safeParse('abcdefghijklmno').success).toBe(false);
    expect(chequeIdSchema.safeParse('ABCDEFGHIJKLMN').success).toBe(false);
    expect(() => generateChequeId(() => 36)).toThrow(RangeError);
  });

  it('numbers have 8 digits, 00000001 to 99999999', () => {
    expect(formatChequeNumber(42)).toBe('00000042');
    expect(formatChequeNumber(99_999_999)).toBe('99999999');
    expect(() => formatChequeNumber(0)).toThrow(RangeError);
    expect(() => formatChequeNumber(100_000_000)).toThrow(RangeError);
    expect(chequeNumberSchema.safeParse('00000000').success).toBe(false);
    expect(chequeNumberSchema.safeParse('1234567').success).toBe(false);
    expect(chequeNumberSchema.safeParse('12345678').success).toBe(true);
  });
});
