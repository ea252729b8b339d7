import { describe, expect, it } from 'vitest';
import {
  emptyOperationBodySchema,
  endorseBodySchema,
  issueBodySchema,
  lifecycleOperationBodySchema,
  motivoBodySchema,
  rejectBodySchema,
} from './bodies';
import { registryChequeSchema } from './cheque';
import { ACTION_TYPES } from './operations';
import { chequeIn, HOLDER } from './test-fixtures';

const ACCOUNT = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const issue = {
  account_id: ACCOUNT,
  beneficiary_cuit: '20-12345678-6',
  amount: 1500.25,
  tipo: 'DIFERIDO',
  caracter: 'A_LA_ORDEN',
  concepto: 'FAC',
  payment_date: '2026-06-30',
};
const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('operation bodies (LIFECYCLE §8)', () => {
  it('issue: normalises the CUIT, takes optional name and motivo, and needs a payment date only for DIFERIDO', () => {
    expect(issueBodySchema.parse(issue).beneficiary_cuit).toBe('20123456786');
    expect(issueBodySchema.safeParse({ ...issue, tipo: 'COMUN', payment_date: undefined }).success).toBe(true);
    expect(messages(issueBodySchema.safeParse({ ...issue, payment_date: undefined }))).toEqual([
      'payment_date: Un ECHEQ de pago diferido requiere la fecha de pago',
    ]);
  });

  it('issue: refuses bad values with Spanish messages, and unknown fields', () => {
    const bad = issueBodySchema.safeParse({
      ...issue,
      beneficiary_cuit: '20-12345678-5',
      amount: 10.005,
      tipo: 'OTRO',
      caracter: 'X',
      concepto: 'ZZZ',
      payment_date: '2026-02-30',
    });
    expect(messages(bad)).toEqual([
      'beneficiary_cuit: CUIT inválido',
      'amount: El monto admite como máximo dos decimales',
      'tipo: Tipo de ECHEQ inválido: COMUN o DIFERIDO',
      'caracter: Carácter inválido: A_LA_ORDEN o NO_A_LA_ORDEN',
      'concepto: Concepto inválido: ALQ, CUO, EXP, FAC, PRE, SEG, HON o VAR',
      'payment_date: Fecha inexistente',
    ]);
    expect(issueBodySchema.safeParse({ ...issue, state: 'ACTIVO' }).success).toBe(false);
  });

  it('motivo, endorse and reject bodies', () => {
    expect(messages(motivoBodySchema.safeParse({ motivo: '  ' }))).toEqual(['motivo: Motivo requerido']);
    expect(motivoBodySchema.parse({ motivo: ' Error en el monto ' })).toEqual({ motivo: 'Error en el monto' });
    expect(endorseBodySchema.parse({ endorsee_cuit: '20-12345678-6' })).toEqual({ endorsee_cuit: '20123456786' });
    expect(endorseBodySchema.safeParse({ endorsee_cuit: '20123456786', extra: 1 }).success).toBe(false);
    expect(rejectBodySchema.safeParse({ motivo: 'Sin fondos suficientes' }).success).toBe(true);
    expect(messages(rejectBodySchema.safeParse({ motivo: 'Porque sí' }))).toEqual([
      'motivo: Motivo de rechazo inválido: Sin fondos suficientes, Cuenta cerrada, Orden de no pagar',
    ]);
    expect(emptyOperationBodySchema.safeParse({}).success).toBe(true);
    expect(emptyOperationBodySchema.safeParse({ motivo: 'x' }).success).toBe(false);
  });

  it('the integration route takes every action by type, with echeq_id, and ISSUE with the issue body', () => {
    const echeq_id = ACCOUNT;
    const extra: Record<string, object> = {
      REPUDIATE: { motivo: 'x' },
      ANNUL: { motivo: 'x' },
      REPUDIATE_ENDORSEMENT: { motivo: 'x' },
      REQUEST_RETURN: { motivo: 'x' },
      ENDORSE: { endorsee_cuit: HOLDER },
      REJECT: { motivo: 'Cuenta cerrada' },
    };
    for (const type of ACTION_TYPES) {
      const parsed = lifecycleOperationBodySchema.safeParse({ type, echeq_id, ...extra[type] });
      expect(parsed.success, `${type}: ${messages(parsed)}`).toBe(true);
    }
    expect(lifecycleOperationBodySchema.parse({ type: 'ISSUE', ...issue })).toMatchObject({
      type: 'ISSUE',
      amount: 1500.25,
    });
    expect(
      messages(lifecycleOperationBodySchema.safeParse({ type: 'ISSUE', ...issue, payment_date: undefined })),
    ).toEqual(['payment_date: Un ECHEQ de pago diferido requiere la fecha de pago']);
    expect(messages(lifecycleOperationBodySchema.safeParse({ type: 'PRESENT', echeq_id }))).toEqual([
      'type: Tipo de operación inválido',
    ]);
    expect(lifecycleOperationBodySchema.safeParse({ type: 'ACCEPT' }).success).toBe(false);
    expect(lifecycleOperationBodySchema.safeParse({ type: 'REPUDIATE', echeq_id }).success).toBe(false);
  });
});

describe('the registry cheque schema', () => {
  it('accepts a cheque in every shape the fixtures build and refuses inconsistent identity', () => {
    expect(registryChequeSchema.parse(chequeIn('ACTIVO-PENDIENTE')).endorsements).toHaveLength(2);
    const wrongBank = chequeIn('ACTIVO', { issuer: { ...chequeIn('ACTIVO').issuer, bank_code: '011' } });
    expect(messages(registryChequeSchema.safeParse(wrongBank))).toEqual([
      'issuer.cbu: El CBU del librador no es del banco indicado',
    ]);
    expect(registryChequeSchema.safeParse(chequeIn('ACTIVO', { cheque_id: 'short' })).success).toBe(false);
    expect(registryChequeSchema.safeParse(chequeIn('ACTIVO', { amount: 0 })).success).toBe(false);
  });
});
