import { describe, expect, it } from 'vitest';
import { type ChequeValues, checkCheque, chequeBody, chequeValues, parseAmount } from './cheque-form';

const filled: ChequeValues = {
  ...chequeValues(null),
  number: ' 71001014 ',
  amount: '1.250.000,50',
  issue_date: '2025-03-05',
  due_date: '2025-06-03',
  issuer: ' Molinos Tandil S.A. ',
  beneficiary: 'Empresa Demo S.A.',
};

describe('cheque form', () => {
  it('parses amounts typed in either notation, at most two decimals', () => {
    expect(parseAmount('1.250.000,50')).toBe(1250000.5);
    expect(parseAmount('1250000.5')).toBe(1250000.5);
    expect(parseAmount('$ 99,5')).toBe(99.5);
    for (const bad of ['', 'abc', '1,234.56', '1.234', '-5', '1,005']) expect(parseAmount(bad), bad).toBeNull();
  });

  it('with `required` every empty required field has its message; without, only wrong values do', () => {
    const empty = chequeValues(null);
    expect(checkCheque(empty, { required: true })).toEqual({
      number: 'Ingrese el número',
      amount: 'Ingrese el monto',
      issue_date: 'Ingrese la fecha de emisión',
      due_date: 'Ingrese la fecha de vencimiento',
      issuer: 'Ingrese el emisor',
      beneficiary: 'Ingrese el beneficiario',
    });
    expect(checkCheque(empty, { required: false })).toEqual({});
    expect(checkCheque({ ...empty, number: '' }, { required: true, number: false })).not.toHaveProperty('number');
    expect(checkCheque(filled, { required: true })).toEqual({});
  });

  it('a cheque number is digits', () => {
    for (const bad of ['E-100', '7100-1014', '1'.repeat(31)]) {
      expect(checkCheque({ ...filled, number: bad }, { required: false }).number, bad).toBe('Solo dígitos (hasta 30)');
    }
    expect(checkCheque({ ...filled, number: '00000001' }, { required: false })).toEqual({});
  });

  it('checks number, amount, dates, term and CUITs', () => {
    expect(
      checkCheque(
        {
          ...filled,
          number: 'no vale',
          amount: '0',
          due_date: '2025-03-01',
          issuer_cuit: '30-12345678-0',
          beneficiary_cuit: '20-1',
        },
        { required: true },
      ),
    ).toEqual({
      number: 'Solo dígitos (hasta 30)',
      amount: 'El monto debe ser mayor que cero',
      due_date: 'No puede ser anterior a la fecha de emisión',
      issuer_cuit: 'CUIT inválido',
      beneficiary_cuit: 'CUIT inválido',
    });
    expect(checkCheque({ ...filled, due_date: '2026-03-05' }, { required: false }).due_date).toMatch(/^Como máximo/);
    expect(checkCheque({ ...filled, issue_date: 'invalid' }, { required: false })).toEqual({
      issue_date: 'Fecha inválida',
    });
  });

  it('builds the body: amount as a number, texts trimmed, CUITs only when typed', () => {
    expect(chequeBody(filled)).toEqual({
      number: '71001014',
      amount: 1250000.5,
      currency: 'ARS',
      issue_date: '2025-03-05',
      due_date: '2025-06-03',
      issuer: 'Molinos Tandil S.A.',
      beneficiary: 'Empresa Demo S.A.',
    });
    expect(chequeBody({ ...filled, issuer_cuit: ' 30-63456703-4 ' })).toMatchObject({ issuer_cuit: '30-63456703-4' });
  });
});
