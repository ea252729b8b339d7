import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryIssue, registryOperate } from '../../src/modules/clearing/registry';
import type { Db } from '../../src/platform/db/db';
import { freshDb } from '../helpers';
import {
  AS_REGISTRY,
  acceptedCheque,
  at,
  BENEF,
  ctx,
  EMPRESA,
  ISSUED,
  inTx,
  issueRequest,
  NORTE,
  newKey,
  nextNumber,
  ok,
  PAYMENT,
  refused,
  snapshot,
} from './fixtures';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop());

const accepted = () => acceptedCheque(db);

describe('the registry', () => {
  describe('idempotency', () => {
    it('answers a replay with the first answer and applies nothing again', async () => {
      const req = issueRequest({ number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT });
      const first = ok(await inTx(db, (tx) => registryIssue(tx, req, at(ISSUED), ctx, AS_REGISTRY)));
      const before = await snapshot(db);
      const again = await inTx(db, (tx) => registryIssue(tx, req, at(ISSUED, '13:00'), ctx, AS_REGISTRY));
      expect(again).toMatchObject({ ok: true, replayed: true, cheque: first });
      expect(await snapshot(db)).toEqual(before);

      const key = newKey('accept');
      const accept = { key, cheque_id: first.cheque_id, type: 'ACCEPT', caller: { cuit: NORTE } } as const;
      const a1 = await inTx(db, (tx) => registryOperate(tx, accept, at('2026-04-02'), ctx, AS_REGISTRY));
      const mid = await snapshot(db, first.cheque_id);
      const a2 = await inTx(db, (tx) => registryOperate(tx, accept, at('2026-04-03'), ctx, AS_REGISTRY));
      expect(a2).toEqual({ ...a1, replayed: true });
      expect(await snapshot(db, first.cheque_id)).toEqual(mid);
    });

    it('refuses the same key with another body, and replays a refusal as it was', async () => {
      const c = await accepted();
      const key = newKey('endorse');
      const endorse = {
        key,
        cheque_id: c.cheque_id,
        type: 'ENDORSE',
        caller: { cuit: NORTE },
        endorsee_cuit: BENEF,
      } as const;
      ok(await inTx(db, (tx) => registryOperate(tx, endorse, at('2026-04-03'), ctx, AS_REGISTRY)));
      const before = await snapshot(db, c.cheque_id);
      const other = refused(
        await inTx(db, (tx) =>
          registryOperate(tx, { ...endorse, endorsee_cuit: EMPRESA }, at('2026-04-03'), ctx, AS_REGISTRY),
        ),
      );
      expect(other).toMatchObject({
        code: 'IDEMPOTENCY_MISMATCH',
        message: 'La clave de idempotencia ya se usó con otro contenido',
      });
      expect(await snapshot(db, c.cheque_id)).toEqual(before);

      const wrongKey = newKey('pay');
      const pay = { key: wrongKey, cheque_id: c.cheque_id, type: 'PAY', caller: { payingBank: true } } as const;
      const p1 = refused(await inTx(db, (tx) => registryOperate(tx, pay, at('2026-04-03'), ctx, AS_REGISTRY)));
      const p2 = await inTx(db, (tx) => registryOperate(tx, pay, at('2026-04-03'), ctx, AS_REGISTRY));
      expect(p2).toEqual({ ...p1, replayed: true });
      expect(await snapshot(db, c.cheque_id)).toEqual(before);
    });
  });
});
