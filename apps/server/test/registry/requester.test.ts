import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RegistryRequest,
  type RegistryRequester,
  registryIssue,
  registryOperate,
} from '../../src/modules/clearing/registry';
import type { Db } from '../../src/platform/db/db';
import { freshDb } from '../helpers';
import {
  acceptedCheque,
  adhere,
  at,
  BENEF,
  ctx,
  EMPRESA,
  ISSUED,
  inTx,
  issueRequest,
  NORTE,
  NORTE_BANK,
  newKey,
  nextNumber,
  OUTSIDER,
  ok,
  PAYMENT,
  PLATFORM_BANK,
  refused,
  snapshot,
} from './fixtures';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
  // EMPRESA and BENEF are clients of 285, NORTE of 319 (as their banks' inboxes tell the registry).
  await adhere(db, PLATFORM_BANK, [EMPRESA, BENEF]);
  await adhere(db, NORTE_BANK, [NORTE]);
});
afterAll(() => drop());

const bank = (bankCode: string): RegistryRequester => ({ kind: 'bank', bankCode });
const asBank285 = bank(PLATFORM_BANK);
const asBank319 = bank(NORTE_BANK);

const issueAs = (requester: RegistryRequester, req = issueRequest(draft())) =>
  inTx(db, (tx) => registryIssue(tx, req, at(ISSUED), ctx, requester));
const draft = () => ({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT });

const operateAs = (requester: RegistryRequester, req: RegistryRequest, when = at('2026-04-02')) =>
  inTx(db, (tx) => registryOperate(tx, req, when, ctx, requester));

const keptKey = async (key: string) =>
  (await db.query('select 1 from registry_operations where idempotency_key = $1', [key])).rows.length > 0;

describe('the registry checks the requesting bank against the operation', () => {
  it('issues on an account of the requesting bank by its adherent, and refuses another bank leaving nothing', async () => {
    const req = issueRequest(draft());
    const before = await snapshot(db);
    const refusal = refused(await issueAs(asBank319, req));
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', reason: 'REQUESTER', field: 'account', replayed: false });
    expect(refusal.message).toBe('La cuenta del ECHEQ no es del banco 319');
    expect(await snapshot(db)).toEqual(before);
    // The key was not claimed: the right bank sends it afterwards and the cheque is issued.
    expect(await keptKey(req.key)).toBe(false);
    expect(ok(await issueAs(asBank285, req)).state).toBe('EMITIDO-PENDIENTE');
  });

  it('refuses an issue by a company that did not adhere through the bank, and a bank as the drawer', async () => {
    const req = issueRequest(draft());
    const stranger = {
      ...req,
      caller: { cuit: OUTSIDER },
      cheque: { ...req.cheque, issuer: { ...req.cheque.issuer, cuit: OUTSIDER } },
    };
    const refusal = refused(await issueAs(asBank285, stranger));
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', field: 'caller' });
    expect(refusal.message).toMatch(/no está adherida a ECHEQ a través del banco 285/);
    // The caller adhered, the issuer on the cheque did not.
    const otherIssuer = { ...req, cheque: { ...req.cheque, issuer: { ...req.cheque.issuer, cuit: OUTSIDER } } };
    expect(refused(await issueAs(asBank285, otherIssuer))).toMatchObject({ code: 'FORBIDDEN', field: 'cheque.issuer' });
    const byBank = { ...req, caller: { payingBank: true } };
    expect(refused(await issueAs(asBank285, byBank))).toMatchObject({ code: 'FORBIDDEN', field: 'caller' });
    expect(await keptKey(req.key)).toBe(false);
  });

  it('lets a bank act only for its own adherents', async () => {
    const issued = ok(await issueAs(asBank285));
    const accept = { key: newKey('accept'), cheque_id: issued.cheque_id, type: 'ACCEPT', caller: { cuit: NORTE } };
    const before = await snapshot(db, issued.cheque_id);
    const refusal = refused(await operateAs(asBank285, accept as RegistryRequest));
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', field: 'caller' });
    expect(refusal.message).toBe(`La CUIT ${NORTE} no está adherida a ECHEQ a través del banco 285`);
    expect(await snapshot(db, issued.cheque_id)).toEqual(before);
    expect(await keptKey(accept.key)).toBe(false);
    expect(ok(await operateAs(asBank319, accept as RegistryRequest)).state).toBe('ACTIVO');
    // Another bank sending that key is refused, not answered the first bank's outcome.
    expect(refused(await operateAs(asBank285, accept as RegistryRequest))).toMatchObject({
      code: 'FORBIDDEN',
      replayed: false,
    });
    expect((await operateAs(asBank319, accept as RegistryRequest)).replayed).toBe(true);
  });

  it('lets only the bank a cheque is drawn on act as its paying bank', async () => {
    const cheque = await acceptedCheque(db);
    const pay = { key: newKey('pay'), cheque_id: cheque.cheque_id, type: 'PAY', caller: { payingBank: true } };
    const before = await snapshot(db, cheque.cheque_id);
    const refusal = refused(await operateAs(asBank319, pay as RegistryRequest, at(PAYMENT, '15:00')));
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', field: 'caller' });
    expect(refusal.message).toMatch(/no está librado contra el banco 319/);
    expect(await snapshot(db, cheque.cheque_id)).toEqual(before);
    // The paying bank passes the check and meets the lifecycle's own rule (not presented yet).
    const early = refused(await operateAs(asBank285, pay as RegistryRequest, at(PAYMENT, '15:00')));
    expect(early.code).toBe('INVALID_TRANSITION');
  });

  it('refuses a bank that claims to be the registry', async () => {
    const cheque = await acceptedCheque(db);
    const expire = { key: newKey('expire'), cheque_id: cheque.cheque_id, type: 'EXPIRE', caller: { registry: true } };
    const refusal = refused(await operateAs(asBank285, expire as RegistryRequest, at('2026-07-01')));
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', field: 'caller' });
    expect(refusal.message).toBe('Un banco no puede operar en nombre del registro');
  });
});
