import type { Db, Queryable } from '../../../platform/db/db';
import { remembered } from '../../../platform/db/directory-cache';
import { toIso } from '../../../platform/timestamps';
import { bankCodeOf } from '../../accounts';
import { ClearingRejectedError } from '../clearing.errors';
import { bankCodeOnSandbox, cuitOnSandbox } from '../clearing.queries';
import type { ClearingAck, ClearingPort, ClearingValidation } from '../port';
import type { RegistryContext, RegistryDirectory } from '../registry';
import { handle, type SimRecord, type SimReply, type SimRequest, type SimStore } from '../simulator/engine';
import type { SimEcheq } from '../simulator/rules';
import { echeqToWire } from './protocol';
import { REGISTRY_OPTIONS, registryCalls } from './registry-calls';

type SandboxRow = {
  echeq_id: string;
  state: SimRecord['state'];
  custody_id: string | null;
  validation_status: SimRecord['validation_status'];
  reference: string;
  data: SimEcheq;
  registered_at: Date | string;
  updated_at: Date | string;
};

/** The sandbox's own records of one bank (tables coelsa_sandbox_*), through the caller's connection or transaction. */
function sqlSandboxStore(q: Queryable, tenantId: string): SimStore {
  return {
    async get(echeqId) {
      const r = await q.query<SandboxRow>(
        `select echeq_id, state, custody_id, validation_status, reference, data, registered_at, updated_at
         from coelsa_sandbox_echeqs where tenant_id = $1 and echeq_id = $2`,
        [tenantId, echeqId],
      );
      const row = r.rows[0];
      if (!row) return null;
      return {
        echeq: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
        state: row.state,
        custody_id: row.custody_id,
        validation_status: row.validation_status,
        reference: row.reference,
        registered_at: toIso(row.registered_at),
        updated_at: toIso(row.updated_at),
      };
    },
    async put(rec) {
      const e = rec.echeq;
      await q.query(
        `insert into coelsa_sandbox_echeqs (tenant_id, echeq_id, number, amount, currency, issue_date, due_date, state,
           custody_id, validation_status, reference, data, registered_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         on conflict (tenant_id, echeq_id) do update set number = excluded.number, amount = excluded.amount,
           currency = excluded.currency, issue_date = excluded.issue_date, due_date = excluded.due_date,
           state = excluded.state, custody_id = excluded.custody_id, validation_status = excluded.validation_status,
           data = excluded.data, updated_at = excluded.updated_at`,
        [
          tenantId,
          e.echeq_id,
          e.number,
          e.amount,
          e.currency,
          e.issue_date,
          e.due_date,
          rec.state,
          rec.custody_id,
          rec.validation_status,
          rec.reference,
          JSON.stringify(e),
          rec.registered_at,
          rec.updated_at,
        ],
      );
    },
    async replay(key) {
      const r = await q.query<{ status: number; response: Record<string, unknown> | string }>(
        'select status, response from coelsa_sandbox_log where tenant_id = $1 and idempotency_key = $2',
        [tenantId, key],
      );
      const row = r.rows[0];
      if (!row) return null;
      return { status: row.status, body: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
    },
    async log(entry) {
      await q.query(
        `insert into coelsa_sandbox_log (tenant_id, idempotency_key, kind, entity_id, request, status, response)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (tenant_id, idempotency_key) where idempotency_key is not null do nothing`,
        [
          tenantId,
          entry.key,
          entry.kind,
          entry.entityId,
          JSON.stringify(entry.request ?? null),
          entry.reply.status,
          JSON.stringify(entry.reply.body),
        ],
      );
    },
  };
}

function rejected(reply: SimReply): ClearingRejectedError {
  const b = reply.body;
  return new ClearingRejectedError(
    reply.status,
    typeof b.code === 'string' ? b.code : `HTTP_${reply.status}`,
    typeof b.message === 'string' ? b.message : 'Solicitud rechazada',
    Array.isArray(b.reasons) ? (b.reasons as ClearingValidation['reasons']) : [],
  );
}

/**
 * Who is on the platform for the sandbox's registry: the companies of the banks on the sandbox and those banks' codes.
 * A company whose bank is not on the sandbox, like any unknown CUIT, is outside: the registry plays it. Whether a CUIT
 * is known is kept in the directory cache of `db` (every issue asks it of its beneficiary); it is read in the
 * registry's transaction, which writes none of the tables it is read from.
 */
function sandboxDirectory(db: Queryable): RegistryDirectory {
  return {
    knowsCuit: (q, cuit) => remembered(db, `sandbox-cuit:${cuit}`, () => cuitOnSandbox(q, cuit)),
    knowsBank: bankCodeOnSandbox,
  };
}

/** The sandbox registry's context on `db`: its directory and the lifecycle's options (its calls and its jobs use it). */
export function sandboxRegistry(db: Queryable): RegistryContext {
  return { directory: sandboxDirectory(db), options: REGISTRY_OPTIONS };
}

/**
 * The built-in sandbox: the clearing house simulated in-process. Its first operations answer on the bank's own sandbox
 * tables in the caller's connection (or transaction: what they record commits or rolls back with the caller's work);
 * the registry, shared by every bank on the sandbox, answers in transactions of its own on `db` (registry-calls.ts).
 */
export function sandboxAdapter(o: { q: Queryable; db: Db; tenantId: string; now: () => Date }): ClearingPort {
  const store = sqlSandboxStore(o.q, o.tenantId);
  const run = async (req: SimRequest) => {
    const reply = await handle(store, req, o.now());
    if (reply.status >= 400) throw rejected(reply);
    return reply.body;
  };
  const ack = (b: Record<string, unknown>): ClearingAck => ({
    reference: typeof b.reference === 'string' ? b.reference : '',
    at: typeof b.at === 'string' ? b.at : o.now().toISOString(),
    replayed: b.replayed === true,
    body: b,
  });
  return {
    kind: 'sandbox',
    // The registry knows the bank by the tenant the port was built for, whatever its requests say (decision 042).
    ...registryCalls({
      db: o.db,
      now: o.now,
      ctx: sandboxRegistry(o.db),
      requester: async () => {
        const bankCode = await bankCodeOf(o.db, o.tenantId);
        return bankCode ? { kind: 'bank', bankCode } : null;
      },
    }),
    async health() {
      await run({ kind: 'health' });
      return { latencyMs: 0 };
    },
    async validateEcheq(echeq) {
      const b = await run({ kind: 'validate', echeq: echeqToWire(echeq) });
      return {
        status: b.status === 'VALIDATED' ? 'VALIDATED' : 'REJECTED',
        reasons: (b.reasons as ClearingValidation['reasons']) ?? [],
      };
    },
    async registerEcheq(echeq, opts) {
      return ack(await run({ kind: 'register', echeq: echeqToWire(echeq), key: opts?.idempotencyKey ?? null }));
    },
    async queryEcheq(echeqId) {
      const b = await run({ kind: 'query', echeqId });
      return {
        echeq_id: String(b.echeq_id),
        state: String(b.state),
        reference: String(b.reference),
        registered_at: String(b.registered_at),
        validation_status: (b.validation_status as 'VALIDATED' | 'REJECTED' | null) ?? null,
      };
    },
    async registerCustodyDeposit(d, opts) {
      const body = { custody_id: d.custodyId, ...(d.echeq ? { echeq: echeqToWire(d.echeq) } : {}) };
      return ack(await run({ kind: 'deposit', echeqId: d.echeqId, body, key: opts?.idempotencyKey ?? null }));
    },
    async registerCustodyRelease(r, opts) {
      const body = { custody_id: r.custodyId, reason: r.reason ?? null };
      return ack(await run({ kind: 'release', echeqId: r.echeqId, body, key: opts?.idempotencyKey ?? null }));
    },
    async operation(op, opts) {
      const body = { type: op.type, entity: op.entity, entity_id: op.entityId, payload: op.payload ?? null };
      return ack(await run({ kind: 'operation', body, key: opts?.idempotencyKey ?? null }));
    },
  };
}
