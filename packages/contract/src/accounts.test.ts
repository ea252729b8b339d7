import { describe, expect, it } from 'vitest';
import { listAccountsQuerySchema, openAccountBodySchema } from './accounts';
import { makeCbu } from './lifecycle/cbu';

const COMPANY = '00000000-0000-4000-8000-000000000001';

describe('accounts schemas', () => {
  it('opens an account with a CBU given with spaces or hyphens, or none', () => {
    const cbu = makeCbu({ bankCode: '901', branch: '0001', account: '17' });
    const spaced = `${cbu.slice(0, 8)} ${cbu.slice(8, 15)}-${cbu.slice(15)}`;
    expect(openAccountBodySchema.parse({ company_id: COMPANY, currency: 'USD', cbu: spaced })).toEqual({
      company_id: COMPANY,
      currency: 'USD',
      cbu,
    });
    expect(openAccountBodySchema.parse({ company_id: COMPANY, currency: 'ARS' })).toEqual({
      company_id: COMPANY,
      currency: 'ARS',
    });
  });

  it('refuses a CBU with a wrong check digit, another currency, a stray field or a bad company', () => {
    const cbu = makeCbu({ bankCode: '901', branch: '0001', account: '17' });
    const wrong = `${cbu.slice(0, 7)}${(Number(cbu[7]) + 1) % 10}${cbu.slice(8)}`;
    const bad = openAccountBodySchema.safeParse({ company_id: COMPANY, currency: 'ARS', cbu: wrong });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['cbu'], message: expect.stringContaining('CBU inválido') });
    expect(openAccountBodySchema.safeParse({ company_id: COMPANY, currency: 'EUR' }).success).toBe(false);
    expect(openAccountBodySchema.safeParse({ company_id: COMPANY, currency: 'ARS', status: 'ACTIVE' }).success).toBe(
      false,
    );
    expect(openAccountBodySchema.safeParse({ company_id: 'x', currency: 'ARS' }).success).toBe(false);
    expect(listAccountsQuerySchema.safeParse({ company_id: 'x' }).success).toBe(false);
    expect(listAccountsQuerySchema.parse({})).toEqual({});
  });
});
