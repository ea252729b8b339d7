import { cmc7ForAccount, formatChequeNumber, makeCbu, makeCuit, type RegistryCheque } from '@echeq/contract';
import { expect } from 'vitest';
import {
  type RegistryContext,
  type RegistryEvent,
  type RegistryIssueRequest,
  type RegistryOutcome,
  type RegistryRequest,
  type RegistryRequester,
  registryAdhere,
  registryEventsAfter,
  registryIssue,
  registryOperate,
} from '../../src/modules/clearing/registry';
import type { Db, Queryable } from '../../src/platform/db/db';

/** A cast for the registry's tests: companies and banks of the platform, and outside ones. */
export const EMPRESA = makeCuit('30', '71100001'); // issuer, bank 285 (platform)
export const NORTE = makeCuit('30', '71100002'); // platform company of bank 319
export const BENEF = makeCuit('30', '71100003'); // platform company of bank 285
export const OUTSIDER = makeCuit('30', '71100009'); // off the platform
export const OUTSIDE_ISSUER = makeCuit('30', '71100008'); // off the platform
export const PLATFORM_BANK = '285';
export const NORTE_BANK = '319';
export const OUTSIDE_BANK = '072';

const EMPRESA_CBU = makeCbu({ bankCode: PLATFORM_BANK, branch: '0590', account: '4009041813520' });

const PLATFORM_CUITS = new Set([EMPRESA, NORTE, BENEF]);
const PLATFORM_BANKS = new Set([PLATFORM_BANK, NORTE_BANK]);

export const ctx: RegistryContext = {
  directory: {
    knowsCuit: async (_q, cuit) => PLATFORM_CUITS.has(cuit),
    knowsBank: async (_q, code) => PLATFORM_BANKS.has(code),
  },
};

/**
 * The registry's own requests: no bank asks, nothing about the requester is checked (the engine's own rules are what
 * these tests are about; requester.test.ts asks as banks).
 */
export const AS_REGISTRY: RegistryRequester = { kind: 'registry' };

/** A Buenos Aires instant: `at('2026-05-20', '12:00')`. */
export const at = (date: string, time = '12:00') => new Date(`${date}T${time}:00-03:00`).toISOString();

let keySeq = 0;
export const newKey = (tag = 'op') =>
  `test:${tag}:${process.pid}:${++keySeq}:${Math.random().toString(36).slice(2, 8)}`;

/** EMPRESA's issue of cheque `number` to `beneficiary`, dated `issueDate`, payable on `paymentDate`. */
export function issueRequest(
  o: {
    number: number;
    issueDate: string;
    paymentDate: string;
    beneficiary?: string;
    amount?: number;
    caracter?: 'A_LA_ORDEN' | 'NO_A_LA_ORDEN';
    cbu?: string;
  },
  key = newKey('issue'),
): RegistryIssueRequest {
  const cbu = o.cbu ?? EMPRESA_CBU;
  const number = formatChequeNumber(o.number);
  return {
    key,
    caller: { cuit: EMPRESA },
    account: { cbu, currency: 'ARS', active: true },
    cheque: {
      number,
      cmc7: cmc7ForAccount({ cbu, postalCode: '1000', number }),
      tipo: o.issueDate === o.paymentDate ? 'COMUN' : 'DIFERIDO',
      caracter: o.caracter ?? 'A_LA_ORDEN',
      concepto: 'FAC',
      motivo: null,
      amount: o.amount ?? 150000.5,
      currency: 'ARS',
      issue_date: o.issueDate,
      payment_date: o.paymentDate,
      issuer: { cuit: EMPRESA, name: 'Empresa S.A.', bank_code: cbu.slice(0, 3), cbu },
      beneficiary: { cuit: o.beneficiary ?? NORTE, name: 'Norte S.A.' },
    },
  };
}

let numberSeq = 0;
/** A number not used by this test process before (tests in one database never collide). */
export const nextNumber = () => 10_000 + ++numberSeq;

/** `cuits` adhere to the registry through bank `bankCode` (as that bank's inbox tells it); answers how many were new. */
export async function adhere(db: Db, bankCode: string, cuits: string[], when = at(ISSUED)) {
  return (await db.transaction((tx) => registryAdhere(tx, { bankCode, cuits }, when))).adhered;
}

/** The events after `cursor` that concern any of `bankCodes`, in id order, once each. */
export async function eventsOfBanks(db: Db, bankCodes: string[], cursor = '0'): Promise<RegistryEvent[]> {
  const byId = new Map<string, RegistryEvent>();
  for (const bankCode of bankCodes) {
    for (const e of await registryEventsAfter(db, { cursor, bankCode, limit: 5000 })) byId.set(e.id, e);
  }
  return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/** Runs `fn` in a transaction of `db`. */
export const inTx = <T>(db: Db, fn: (tx: Queryable) => Promise<T>) => db.transaction(fn);

export async function issue(db: Db, o: Parameters<typeof issueRequest>[0], when = at(o.issueDate)) {
  return inTx(db, (tx) => registryIssue(tx, issueRequest(o), when, ctx, AS_REGISTRY));
}

export type OpInput = RegistryRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'key' | 'cheque_id'>
    : never
  : never;

export async function operate(db: Db, chequeId: string, op: OpInput, when: string, key = newKey(op.type)) {
  return inTx(db, (tx) =>
    registryOperate(tx, { key, cheque_id: chequeId, ...op } as RegistryRequest, when, ctx, AS_REGISTRY),
  );
}

export function ok(outcome: RegistryOutcome): RegistryCheque {
  if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.message}`);
  return outcome.cheque;
}

export function refused(outcome: RegistryOutcome) {
  expect(outcome.ok, JSON.stringify(outcome)).toBe(false);
  return outcome as Extract<RegistryOutcome, { ok: false }>;
}

/** Everything an operation may change (not the key's record): equal before and after a refusal. */
export async function snapshot(db: Queryable, chequeId?: string) {
  const where = chequeId ? 'where cheque_id = $1' : '';
  const params = chequeId ? [chequeId] : [];
  const cheques = await db.query(`select cheque, version from registry_cheques ${where} order by cheque_id`, params);
  const events = await db.query(
    `select id::text, state from registry_events ${where} order by registry_events.id`,
    params,
  );
  const numbers = await db.query(`select cbu, number from registry_numbers ${where} order by cbu, number`, params);
  return { cheques: cheques.rows, events: events.rows, numbers: numbers.rows };
}

export const ISSUED = '2026-04-01';
export const PAYMENT = '2026-05-20'; // a Wednesday, a business day

/** A cheque EMPRESA issued to NORTE on ISSUED, payable on PAYMENT, that NORTE accepted (ACTIVO, holder NORTE). */
export async function acceptedCheque(db: Db, o: { caracter?: 'NO_A_LA_ORDEN'; amount?: number } = {}) {
  const c = ok(await issue(db, { number: nextNumber(), issueDate: ISSUED, paymentDate: PAYMENT, ...o }));
  return ok(await operate(db, c.cheque_id, { type: 'ACCEPT', caller: { cuit: NORTE } }, at('2026-04-02')));
}
