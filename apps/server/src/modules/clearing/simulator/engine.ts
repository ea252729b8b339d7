import { createHash } from 'node:crypto';
import { CLEARING_OPERATIONS } from '../port';
import { checkEcheq, isUuid, type SimEcheq } from './rules';

/**
 * The behaviour of the clearing house, shared by the built-in sandbox (records in its own tables) and the
 * standalone simulator server (records in memory). Deterministic: references derive from ids, times from `now`.
 */
type SimState = 'REGISTERED' | 'IN_CUSTODY' | 'RELEASED' | 'EXPIRED' | 'CANCELLED';

export type SimRecord = {
  echeq: SimEcheq;
  state: SimState;
  custody_id: string | null;
  validation_status: 'VALIDATED' | 'REJECTED' | null;
  reference: string;
  registered_at: string;
  updated_at: string;
};

export type SimReply = { status: number; body: Record<string, unknown> };

/** Where one participant's records live. */
export type SimStore = {
  get(echeqId: string): Promise<SimRecord | null>;
  put(rec: SimRecord): Promise<void>;
  /** The stored answer to an idempotency key already used. */
  replay(key: string): Promise<SimReply | null>;
  log(entry: {
    key: string | null;
    kind: string;
    entityId: string | null;
    request: unknown;
    reply: SimReply;
  }): Promise<void>;
};

export type SimRequest =
  | { kind: 'health' }
  | { kind: 'validate'; echeq: unknown }
  | { kind: 'register'; echeq: unknown; key?: string | null }
  | { kind: 'query'; echeqId: string }
  | { kind: 'deposit'; echeqId: string; body: unknown; key?: string | null }
  | { kind: 'release'; echeqId: string; body: unknown; key?: string | null }
  | { kind: 'operation'; body: unknown; key?: string | null };

function referenceOf(seed: string): string {
  return `CLR-${createHash('sha256').update(seed).digest('hex').slice(0, 12).toUpperCase()}`;
}

const fail = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): SimReply => ({
  status,
  body: { code, message, ...extra },
});

const unknownEcheq = (id: string) => fail(404, 'UNKNOWN_ECHEQ', `El ECHEQ ${id} no está registrado en COELSA`);

function stateBody(rec: SimRecord): Record<string, unknown> {
  return {
    echeq_id: rec.echeq.echeq_id,
    number: rec.echeq.number,
    state: rec.state,
    custody_id: rec.custody_id,
    validation_status: rec.validation_status,
    reference: rec.reference,
    registered_at: rec.registered_at,
    updated_at: rec.updated_at,
  };
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

async function register(store: SimStore, input: unknown, at: string): Promise<SimReply> {
  const { echeq, reasons } = checkEcheq(input);
  if (!echeq) return fail(422, 'ECHEQ_INVALID', 'El ECHEQ no supera la validación de COELSA', { reasons });
  const existing = await store.get(echeq.echeq_id);
  if (existing) return { status: 200, body: { ...stateBody(existing), already_registered: true, at } };
  const rec: SimRecord = {
    echeq,
    state: 'REGISTERED',
    custody_id: null,
    validation_status: 'VALIDATED',
    reference: referenceOf(echeq.echeq_id),
    registered_at: at,
    updated_at: at,
  };
  await store.put(rec);
  return { status: 201, body: { ...stateBody(rec), already_registered: false, at } };
}

async function deposit(store: SimStore, echeqId: string, body: unknown, at: string): Promise<SimReply> {
  const custodyId = field(body, 'custody_id');
  if (custodyId !== undefined && custodyId !== null && !isUuid(custodyId)) {
    return fail(400, 'INVALID_REQUEST', 'custody_id inválido');
  }
  let rec = await store.get(echeqId);
  if (!rec) {
    const given = field(body, 'echeq');
    if (!given) return unknownEcheq(echeqId);
    const reg = await register(store, { ...(given as object), echeq_id: echeqId }, at);
    if (reg.status >= 400) return reg;
    rec = (await store.get(echeqId))!;
  }
  const cid = (custodyId as string | null | undefined) ?? null;
  if (rec.state === 'IN_CUSTODY') {
    if (rec.custody_id === cid) return { status: 200, body: { ...stateBody(rec), at } };
    return fail(409, 'ALREADY_IN_CUSTODY', `El ECHEQ ${echeqId} ya está en custodia`);
  }
  if (rec.state !== 'REGISTERED' && rec.state !== 'RELEASED') {
    return fail(409, 'INVALID_STATE', `El ECHEQ ${echeqId} está ${rec.state} y no admite custodia`);
  }
  const next: SimRecord = { ...rec, state: 'IN_CUSTODY', custody_id: cid, updated_at: at };
  await store.put(next);
  return { status: 200, body: { ...stateBody(next), at } };
}

async function release(store: SimStore, echeqId: string, body: unknown, at: string): Promise<SimReply> {
  const rec = await store.get(echeqId);
  if (!rec) return unknownEcheq(echeqId);
  const cid = (field(body, 'custody_id') as string | null | undefined) ?? null;
  if (rec.state === 'RELEASED' && (cid === null || rec.custody_id === cid)) {
    return { status: 200, body: { ...stateBody(rec), at } };
  }
  if (rec.state !== 'IN_CUSTODY') return fail(409, 'NOT_IN_CUSTODY', `El ECHEQ ${echeqId} no está en custodia`);
  if (cid !== null && rec.custody_id !== null && cid !== rec.custody_id) {
    return fail(409, 'CUSTODY_MISMATCH', 'La custodia indicada no es la vigente del ECHEQ');
  }
  const next: SimRecord = { ...rec, state: 'RELEASED', updated_at: at };
  await store.put(next);
  return { status: 200, body: { ...stateBody(next), at } };
}

async function operation(store: SimStore, body: unknown, at: string): Promise<SimReply> {
  const type = field(body, 'type');
  const entityId = field(body, 'entity_id');
  if (typeof type !== 'string' || !(CLEARING_OPERATIONS as readonly string[]).includes(type)) {
    return fail(400, 'UNKNOWN_OPERATION', `Operación desconocida: ${String(type)}`);
  }
  if (typeof entityId !== 'string' || entityId.length === 0 || entityId.length > 100) {
    return fail(400, 'INVALID_REQUEST', 'entity_id requerido');
  }
  const payload = field(body, 'payload');
  const echeqId = (field(payload, 'echeq_id') as string | undefined) ?? entityId;
  const rec = isUuid(echeqId) ? await store.get(echeqId) : null;
  if (rec && type === 'ECHEQ_UPDATE') {
    const { echeq } = checkEcheq({ ...(payload as object), echeq_id: rec.echeq.echeq_id });
    if (echeq) await store.put({ ...rec, echeq, updated_at: at });
  } else if (rec && type === 'ECHEQ_DELETE') {
    await store.put({ ...rec, state: 'CANCELLED', updated_at: at });
  } else if (rec && type === 'CUSTODY_EXPIRE' && rec.state === 'IN_CUSTODY') {
    await store.put({ ...rec, state: 'EXPIRED', updated_at: at });
  }
  return {
    status: 202,
    body: { reference: referenceOf(`${type}:${entityId}:${at}`), type, entity_id: entityId, accepted: true, at },
  };
}

const LOGGED = new Set<SimRequest['kind']>(['validate', 'register', 'deposit', 'release', 'operation']);

/** Answers one request as the clearing house would, recording what it was told. */
export async function handle(store: SimStore, req: SimRequest, now: Date): Promise<SimReply> {
  const at = now.toISOString();
  const key = 'key' in req ? (req.key ?? null) : null;
  if (key) {
    const previous = await store.replay(key);
    if (previous) return { status: previous.status, body: { ...previous.body, replayed: true } };
  }
  let reply: SimReply;
  let entityId: string | null = null;
  switch (req.kind) {
    case 'health':
      return { status: 200, body: { status: 'UP', at } };
    case 'validate': {
      const { echeq, reasons } = checkEcheq(req.echeq);
      entityId = typeof field(req.echeq, 'echeq_id') === 'string' ? (field(req.echeq, 'echeq_id') as string) : null;
      reply = { status: 200, body: { status: echeq ? 'VALIDATED' : 'REJECTED', reasons, at } };
      const rec = echeq
        ? await store.get(echeq.echeq_id)
        : entityId && isUuid(entityId)
          ? await store.get(entityId)
          : null;
      if (rec) await store.put({ ...rec, validation_status: echeq ? 'VALIDATED' : 'REJECTED', updated_at: at });
      break;
    }
    case 'register':
      reply = await register(store, req.echeq, at);
      entityId = (field(req.echeq, 'echeq_id') as string | undefined) ?? null;
      break;
    case 'query': {
      if (!isUuid(req.echeqId)) return fail(400, 'INVALID_REQUEST', 'Identificador inválido');
      const rec = await store.get(req.echeqId.toLowerCase());
      return rec ? { status: 200, body: stateBody(rec) } : unknownEcheq(req.echeqId);
    }
    case 'deposit':
    case 'release': {
      if (!isUuid(req.echeqId)) return fail(400, 'INVALID_REQUEST', 'Identificador inválido');
      const id = req.echeqId.toLowerCase();
      reply = req.kind === 'deposit' ? await deposit(store, id, req.body, at) : await release(store, id, req.body, at);
      entityId = id;
      break;
    }
    case 'operation':
      reply = await operation(store, req.body, at);
      entityId = typeof field(req.body, 'entity_id') === 'string' ? (field(req.body, 'entity_id') as string) : null;
      break;
  }
  if (LOGGED.has(req.kind)) {
    const request = 'echeq' in req ? req.echeq : 'body' in req ? req.body : null;
    await store.log({ key, kind: req.kind, entityId, request, reply });
  }
  return reply;
}

/** A store in memory (the standalone simulator; one per participant). */
export function memoryStore(): SimStore & { records: Map<string, SimRecord>; entries: unknown[] } {
  const records = new Map<string, SimRecord>();
  const replies = new Map<string, SimReply>();
  const entries: unknown[] = [];
  return {
    records,
    entries,
    get: async (id) => records.get(id) ?? null,
    put: async (rec) => {
      records.set(rec.echeq.echeq_id, rec);
    },
    replay: async (key) => replies.get(key) ?? null,
    log: async (entry) => {
      if (entry.key) replies.set(entry.key, entry.reply);
      entries.push(entry);
    },
  };
}
