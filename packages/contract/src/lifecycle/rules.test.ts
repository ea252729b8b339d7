import { describe, expect, it } from 'vitest';
import type { ChequeDraft } from './cheque';
import { registryChequeSchema } from './cheque';
import { addDays } from './dates';
import { allowedActions, apply } from './machine';
import { positionsOf } from './positions';
import {
  activeWithEndorsements,
  BENEFICIARY,
  chequeIn,
  draftFor,
  ENDORSEE,
  HOLDER,
  ISSUER,
  ISSUER_ACCOUNT,
  link,
  noon,
  OTHER,
} from './test-fixtures';

const TODAY = '2026-04-15';
const at = noon(TODAY);

describe('endorsement rules', () => {
  it('allows the 100th endorsement and refuses the 101st', () => {
    const with99 = activeWithEndorsements(99);
    const holder = { cuit: with99.holder_cuit };
    const hundredth = apply(with99, { type: 'ENDORSE', caller: holder, at, endorsee_cuit: OTHER });
    expect(hundredth.ok).toBe(true);

    const with100 = activeWithEndorsements(100);
    const refused = apply(with100, {
      type: 'ENDORSE',
      caller: { cuit: with100.holder_cuit },
      at,
      endorsee_cuit: OTHER,
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: 'RULE',
      message: 'El ECHEQ ya tiene 100 endosos, el máximo permitido',
    });
    expect(allowedActions(with100, { cuit: with100.holder_cuit }, TODAY)).toEqual(['CUSTODY']);
  });

  it('counts only endorsements that took effect, and the limit is a setting', () => {
    const cheque = activeWithEndorsements(99);
    cheque.endorsements.push(link(cheque.holder_cuit as string, OTHER, 'REPUDIATED'));
    cheque.endorsements.push(link(cheque.holder_cuit as string, OTHER, 'ANNULLED'));
    expect(allowedActions(cheque, { cuit: cheque.holder_cuit }, TODAY)).toContain('ENDORSE');
    expect(allowedActions(activeWithEndorsements(3), { cuit: HOLDER }, TODAY, { maxEndorsements: 3 })).not.toContain(
      'ENDORSE',
    );
  });

  it('refuses to endorse a NO_A_LA_ORDEN cheque, which can still be kept in custody or deposited', () => {
    const cheque = chequeIn('ACTIVO', { caracter: 'NO_A_LA_ORDEN' });
    const refused = apply(cheque, { type: 'ENDORSE', caller: { cuit: HOLDER }, at, endorsee_cuit: OTHER });
    expect(refused).toMatchObject({ ok: false, reason: 'RULE', message: 'Un ECHEQ no a la orden no puede endosarse' });
    expect(allowedActions(cheque, { cuit: HOLDER }, TODAY)).toEqual(['CUSTODY']);
    expect(allowedActions(cheque, { cuit: HOLDER }, cheque.payment_date)).toEqual(['DEPOSIT']);
  });

  it('refuses to endorse to oneself, and allows endorsing back to the issuer', () => {
    const cheque = chequeIn('ACTIVO');
    expect(apply(cheque, { type: 'ENDORSE', caller: { cuit: HOLDER }, at, endorsee_cuit: HOLDER })).toMatchObject({
      ok: false,
      reason: 'RULE',
      field: 'endorsee_cuit',
      message: 'No puede endosar el ECHEQ a su propio CUIT',
    });
    expect(apply(cheque, { type: 'ENDORSE', caller: { cuit: HOLDER }, at, endorsee_cuit: ISSUER }).ok).toBe(true);
  });

  it('a blank motivo is refused, and a stated one is kept trimmed', () => {
    const cheque = chequeIn('EMITIDO-PENDIENTE');
    const caller = { cuit: BENEFICIARY };
    expect(apply(cheque, { type: 'REPUDIATE', caller, at, motivo: '   ' })).toMatchObject({
      ok: false,
      field: 'motivo',
    });
    const done = apply(cheque, { type: 'REPUDIATE', caller, at, motivo: '  No reconozco la deuda ' });
    expect(done.ok && done.cheque.repudiation).toEqual({ motivo: 'No reconozco la deuda', at });
  });

  it('offers nothing while the cheque is syncing with the registry', () => {
    expect(allowedActions({ ...chequeIn('ACTIVO'), syncing: true }, { cuit: HOLDER }, TODAY)).toEqual([]);
  });
});

describe('several positions on one cheque', () => {
  it('the issuer who receives its own cheque by endorsement acts as endorsee, then as holder', () => {
    const offered = chequeIn('ACTIVO-PENDIENTE', {
      endorsements: [link(BENEFICIARY, HOLDER, 'ACCEPTED'), link(HOLDER, ISSUER, 'PENDING')],
    });
    const issuer = { cuit: ISSUER };
    expect(positionsOf(offered, issuer)).toEqual(['ISSUER', 'ENDORSEE']);
    expect(allowedActions(offered, issuer, TODAY)).toEqual(['ACCEPT_ENDORSEMENT', 'REPUDIATE_ENDORSEMENT']);
    const accepted = apply(offered, { type: 'ACCEPT_ENDORSEMENT', caller: issuer, at });
    if (!accepted.ok) throw new Error(accepted.message);
    expect(positionsOf(accepted.cheque, issuer)).toEqual(['ISSUER', 'HOLDER']);
    expect(allowedActions(accepted.cheque, issuer, TODAY)).toEqual(['ENDORSE', 'CUSTODY']);
  });

  it('the beneficiary who accepted is also the holder; the holder with an endorsement out is also the endorser', () => {
    const accepted = chequeIn('ACTIVO', { endorsements: [], holder_cuit: BENEFICIARY });
    expect(positionsOf(accepted, { cuit: BENEFICIARY })).toEqual(['BENEFICIARY', 'HOLDER']);
    expect(positionsOf(chequeIn('ACTIVO-PENDIENTE'), { cuit: HOLDER })).toEqual(['HOLDER', 'ENDORSER']);
    expect(positionsOf(chequeIn('ACTIVO-PENDIENTE'), { cuit: ENDORSEE })).toEqual(['ENDORSEE']);
    expect(positionsOf(chequeIn('ACTIVO'), { cuit: ENDORSEE })).toEqual([]);
  });
});

const draft = (overrides: Partial<ChequeDraft> = {}) => draftFor(TODAY, addDays(TODAY, 30), overrides);
const account = ISSUER_ACCOUNT;
const issue = (d: ChequeDraft, caller = { cuit: ISSUER }, acct = account) =>
  apply(null, { type: 'ISSUE', caller, at, cheque: d, account: acct });

describe('issue', () => {
  it('creates the cheque EMITIDO-PENDIENTE with no holder and no endorsements, valid by the registry schema', () => {
    const result = issue(draft());
    if (!result.ok) throw new Error(result.message);
    expect(result.cheque).toMatchObject({
      state: 'EMITIDO-PENDIENTE',
      holder_cuit: null,
      endorsements: [],
      issued_at: at,
    });
    expect(registryChequeSchema.parse(result.cheque)).toEqual(result.cheque);
    expect(
      apply(result.cheque, { type: 'ISSUE', caller: { cuit: ISSUER }, at, cheque: draft(), account }),
    ).toMatchObject({
      ok: false,
      message: 'El ECHEQ ya fue emitido',
    });
  });

  it("refuses a cheque to the issuer's own CUIT", () => {
    expect(issue(draft({ beneficiary: { cuit: ISSUER, name: null } }))).toMatchObject({
      ok: false,
      reason: 'RULE',
      field: 'beneficiary_cuit',
      message: 'No puede emitir un ECHEQ a su propio CUIT',
    });
  });

  it('COMUN pays on the issue date, and only then', () => {
    expect(issue(draft({ tipo: 'COMUN', payment_date: TODAY })).ok).toBe(true);
    for (const paymentDate of [addDays(TODAY, 1), addDays(TODAY, -1)]) {
      expect(issue(draft({ tipo: 'COMUN', payment_date: paymentDate }))).toMatchObject({
        ok: false,
        field: 'payment_date',
        message: 'Un ECHEQ común se paga el día de su emisión: la fecha de pago debe ser 15/04/2026',
      });
    }
  });

  it('DIFERIDO pays 1 to 360 days after issue', () => {
    const message = 'Un ECHEQ de pago diferido se paga entre 1 y 360 días después de su emisión';
    expect(issue(draft({ payment_date: TODAY }))).toMatchObject({ ok: false, message });
    expect(issue(draft({ payment_date: addDays(TODAY, 1) })).ok).toBe(true);
    expect(issue(draft({ payment_date: addDays(TODAY, 360) })).ok).toBe(true);
    expect(issue(draft({ payment_date: addDays(TODAY, 361) }))).toMatchObject({ ok: false, message });
  });

  it('only the issuer issues, from its active account, in its currency, dated today', () => {
    expect(issue(draft(), { cuit: HOLDER })).toMatchObject({
      reason: 'PARTY',
      message: 'Solo el librador puede emitir el ECHEQ',
    });
    expect(issue(draft(), { cuit: ISSUER }, { ...account, active: false })).toMatchObject({
      message: 'La cuenta corriente no está activa',
    });
    expect(issue(draft(), { cuit: ISSUER }, { ...account, currency: 'USD' })).toMatchObject({
      message: 'La moneda del ECHEQ debe ser la de la cuenta (USD)',
    });
    expect(issue(draft(), { cuit: ISSUER }, { ...account, cbu: '0110599520000000000103' })).toMatchObject({
      message: 'El CBU del librador no es el de la cuenta',
    });
    expect(issue(draft({ number: '00000043' }))).toMatchObject({
      field: 'cmc7',
      message: 'El CMC7 no corresponde a la cuenta y al número del ECHEQ',
    });
    expect(issue(draft({ issue_date: addDays(TODAY, -1) }))).toMatchObject({
      field: 'issue_date',
      message: 'La fecha de emisión debe ser la de hoy (15/04/2026)',
    });
  });
});

describe('input the registry refuses on its own', () => {
  it('a malformed cheque to issue, endorsee CUIT or instant is a validation error, not a crash', () => {
    const badCuit = issue(draft({ beneficiary: { cuit: '20123456785', name: null } }));
    expect(badCuit).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      reason: 'INPUT',
      field: 'cheque.beneficiary.cuit',
    });
    expect(issue(draft({ amount: 0.001 }))).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cheque.amount' });
    expect(issue(draft({ cheque_id: 'abc' }))).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cheque.cheque_id' });
    const cheque = chequeIn('ACTIVO');
    expect(apply(cheque, { type: 'ENDORSE', caller: { cuit: HOLDER }, at, endorsee_cuit: '123' })).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'CUIT del endosatario inválido',
    });
    expect(apply(cheque, { type: 'CUSTODY', caller: { cuit: HOLDER }, at: 'mañana' })).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'at',
    });
  });

  it('an endorsee CUIT written with hyphens is stored as 11 digits, and is still not the holder', () => {
    const cheque = chequeIn('ACTIVO');
    const hyphened = `${OTHER.slice(0, 2)}-${OTHER.slice(2, 10)}-${OTHER.slice(10)}`;
    const done = apply(cheque, { type: 'ENDORSE', caller: { cuit: HOLDER }, at, endorsee_cuit: hyphened });
    expect(done.ok && done.cheque.endorsements.at(-1)?.to_cuit).toBe(OTHER);
    const self = `${HOLDER.slice(0, 2)}-${HOLDER.slice(2, 10)}-${HOLDER.slice(10)}`;
    expect(apply(cheque, { type: 'ENDORSE', caller: { cuit: HOLDER }, at, endorsee_cuit: self })).toMatchObject({
      reason: 'RULE',
    });
  });
});
