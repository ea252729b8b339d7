import { describe, expect, it } from 'vitest';
import { registerBodySchema } from './auth';
import { isPlainText, textSchema } from './common';
import { createCustodyBodySchema, releaseCustodyBodySchema } from './custody';
import { createDiscountBodySchema, rejectDiscountBodySchema } from './discounts';
import { createEcheqBodySchema, updateEcheqBodySchema } from './echeqs';
import { createTenantBodySchema } from './tenants';

const cheque = {
  number: '10001',
  amount: 10,
  issue_date: '2025-01-10',
  due_date: '2025-03-10',
  issuer: 'Emisor S.A.',
  beneficiary: 'Beneficiario S.R.L.',
};

const pathsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('cheque fields (issue 20)', () => {
  it('a cheque number is digits only (1 to 30), on creation and on deposit in custody', () => {
    for (const schema of [createEcheqBodySchema, createCustodyBodySchema]) {
      const body = schema === createCustodyBodySchema ? { ...cheque, notes: '' } : cheque;
      expect(schema.safeParse({ ...body, number: ' 0012345 ' }).data?.number).toBe('0012345');
      expect(schema.safeParse({ ...body, number: '1'.repeat(30) }).success).toBe(true);
      for (const number of ['A-1', '12-34', '12 34', '１２３', '', '1'.repeat(31), '-1', '1.5']) {
        const r = schema.safeParse({ ...body, number });
        expect(r.success, number).toBe(false);
        expect(r.error?.issues.find((i) => i.path[0] === 'number')?.message, number).toBe(
          'Número: solo dígitos (hasta 30)',
        );
      }
    }
    expect(updateEcheqBodySchema.safeParse({ number: 'X1' }).success).toBe(false);
  });

  it('issue dates from 2019-01-01; due dates within 360 days of issue', () => {
    expect(
      createEcheqBodySchema.safeParse({ ...cheque, issue_date: '2019-01-01', due_date: '2019-12-27' }).success,
    ).toBe(true);
    for (const [issue, due, path] of [
      ['2018-12-31', '2019-02-01', 'issue_date'],
      ['0001-01-01', '0001-02-01', 'issue_date'],
      ['2019-01-01', '2019-12-28', 'due_date'],
    ] as const) {
      const r = createEcheqBodySchema.safeParse({ ...cheque, issue_date: issue, due_date: due });
      expect(pathsOf(r), `${issue} → ${due}`).toContain(path);
    }
    expect(pathsOf(updateEcheqBodySchema.safeParse({ issue_date: '2018-06-30' }))).toContain('issue_date');
  });

  it('a new cheque is ACTIVE (default) or CANCELLED, never already PAID or EXPIRED', () => {
    expect(createEcheqBodySchema.parse(cheque).status).toBe('ACTIVE');
    expect(createEcheqBodySchema.safeParse({ ...cheque, status: 'CANCELLED' }).success).toBe(true);
    for (const status of ['PAID', 'EXPIRED']) {
      expect(pathsOf(createEcheqBodySchema.safeParse({ ...cheque, status }))).toEqual(['status']);
    }
    expect(updateEcheqBodySchema.safeParse({ status: 'PAID' }).success).toBe(true);
  });

  it('names refuse control and bidirectional characters on every route that takes them', () => {
    const hostile = [
      'Empresa \u202Eanp\u202C S.A.',
      'Banco \u2066Falso\u2069',
      'A\u200FB',
      'A\u061CB',
      'NUL\u0000',
      'Tab\tS.A.',
      'Línea\nnueva',
      'C1\u0085',
      'DEL\u007F',
    ];
    for (const v of hostile) {
      expect(isPlainText(v), JSON.stringify(v)).toBe(false);
      expect(pathsOf(createEcheqBodySchema.safeParse({ ...cheque, issuer: v }))).toContain('issuer');
      expect(pathsOf(createCustodyBodySchema.safeParse({ ...cheque, beneficiary: v }))).toContain('beneficiary');
      expect(releaseCustodyBodySchema.safeParse({ reason: v }).success).toBe(false);
      expect(rejectDiscountBodySchema.safeParse({ rejection_reason: v }).success).toBe(false);
      expect(
        pathsOf(registerBodySchema.safeParse({ email: 'a@b.example', password: 'x', company_name: v, cuit: '1' })),
      ).toContain('company_name');
      expect(pathsOf(createTenantBodySchema.safeParse({ nombre: v, codigo: 'AB', cuit: '1' }))).toContain('nombre');
    }
    for (const v of [
      'Metalúrgica San Martín S.A.',
      'Ñandú & Cía. S.R.L.',
      'O’Higgins 1.234 (Suc. 5)',
      '🙂 Emoji S.A.',
    ]) {
      expect(textSchema('Nombre').safeParse(v).success, v).toBe(true);
    }
  });

  it('notes keep line breaks and tabs but refuse other control and bidirectional characters', () => {
    const echeq = '00000000-0000-4000-8000-000000000000';
    const ok = (notes: string) =>
      createDiscountBodySchema.safeParse({ echeq_id: echeq, requested_amount: 1, notes }).success &&
      createCustodyBodySchema.safeParse({ ...cheque, notes }).success;
    expect(ok('Primera línea\nSegunda\r\n\tsangría')).toBe(true);
    for (const v of ['Oculto \u202Etxt', 'NUL\u0000', 'Aviso\u0007']) expect(ok(v), JSON.stringify(v)).toBe(false);
  });
});
