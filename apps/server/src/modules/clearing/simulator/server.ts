import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HEADER, MAX_CLOCK_SKEW_MS, signatureMatches, signRequest } from '../adapters/protocol';
import type { RegistryRequester } from '../registry';
import { handle, memoryStore, type SimReply, type SimRequest, type SimStore } from './engine';
import { type SimRegistry, simRegistry } from './registry';

/**
 * How the simulator misbehaves, for the next `times` requests (all of them when `times` is absent):
 * - `normal`: answers as the clearing house would;
 * - `slow`: waits `delayMs` before answering normally;
 * - `error`: answers `status` (default 503) without doing anything;
 * - `drop`: closes the connection without answering;
 * - `reject-signature`: answers 401 BAD_SIGNATURE whatever the signature.
 */
type SimBehavior = {
  mode: 'normal' | 'slow' | 'error' | 'drop' | 'reject-signature';
  delayMs?: number;
  status?: number;
  times?: number;
};

type SimRequestLog = { method: string; path: string; status: number | null; key: string | null; at: string };

export type CoelsaSimulator = {
  url: string;
  port: number;
  setBehavior(b: SimBehavior): void;
  /** Every request received (not the control ones), oldest first. */
  requests: SimRequestLog[];
  /** The records of the participant with this api key. */
  storeOf(apiKey: string): ReturnType<typeof memoryStore>;
  /** The registry's parties on the platform (every other CUIT and bank code is outside: the registry plays it). */
  registryParticipants: SimRegistry['participants'];
  /** Runs the registry's jobs at the simulator's clock (it does after every change too). */
  registryTick: SimRegistry['tick'];
  close(): Promise<void>;
};

export type SimulatorOptions = {
  port?: number;
  host?: string;
  /**
   * Participants: api key → api secret, or → `{ secret, bankCode }` for a participant bank of the registry: the
   * registry knows the bank by its key (decision 042). A key without a bank code speaks to the first operations
   * (validate, register, custody) only; the registry refuses it.
   */
  credentials: Record<string, string | { secret: string; bankCode?: string }>;
  now?: () => Date;
  /** Serve `/__control/*` (behaviour and request log over HTTP, for runs by hand). Default true. */
  control?: boolean;
};

const MAX_BODY = 256 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: SimReply) {
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Maps a path (after any prefix of the base URL) and method to a request of the engine. */
function route(method: string, path: string, body: unknown, key: string | null): SimRequest | null {
  const at = path.indexOf('/v1/');
  if (at < 0) return null;
  const parts = path
    .slice(at + 4)
    .split('?')[0]!
    .split('/')
    .map(decodeURIComponent);
  if (method === 'GET' && parts.length === 1 && parts[0] === 'health') return { kind: 'health' };
  if (method === 'POST' && parts.join('/') === 'echeqs/validate') return { kind: 'validate', echeq: body };
  if (method === 'POST' && parts.length === 1 && parts[0] === 'echeqs') return { kind: 'register', echeq: body, key };
  if (method === 'POST' && parts.length === 1 && parts[0] === 'operations') return { kind: 'operation', body, key };
  if (parts[0] === 'echeqs' && parts[1]) {
    if (method === 'GET' && parts.length === 2) return { kind: 'query', echeqId: parts[1] };
    if (method === 'POST' && parts.length === 3 && parts[2] === 'custody') {
      return { kind: 'deposit', echeqId: parts[1], body, key };
    }
    if (method === 'POST' && parts.length === 4 && parts[2] === 'custody' && parts[3] === 'release') {
      return { kind: 'release', echeqId: parts[1], body, key };
    }
  }
  return null;
}

/** The clearing house as a real HTTP server on a loopback port, speaking the HTTP adapter's protocol (protocol.ts). */
export async function startCoelsaSimulator(opts: SimulatorOptions): Promise<CoelsaSimulator> {
  const now = opts.now ?? (() => new Date());
  const stores = new Map<string, ReturnType<typeof memoryStore>>();
  const storeOf = (key: string) => {
    let s = stores.get(key);
    if (!s) {
      s = memoryStore();
      stores.set(key, s);
    }
    return s;
  };
  const registry = simRegistry(now);
  let behavior: SimBehavior = { mode: 'normal' };
  const requests: SimRequestLog[] = [];

  const takeBehavior = (): SimBehavior => {
    const b = behavior;
    if (b.mode !== 'normal' && b.times !== undefined) {
      behavior = b.times <= 1 ? { mode: 'normal' } : { ...b, times: b.times - 1 };
    }
    return b;
  };

  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    try {
      if (opts.control !== false && path.startsWith('/__control/')) {
        if (method === 'POST' && path === '/__control/behavior') {
          const b = JSON.parse((await readBody(req)) || '{}') as SimBehavior;
          behavior = { ...b, mode: b.mode ?? 'normal' };
          return send(res, { status: 200, body: { behavior } });
        }
        if (method === 'GET' && path === '/__control/requests') return send(res, { status: 200, body: { requests } });
        if (method === 'POST' && path === '/__control/registry/participants') {
          const p = JSON.parse((await readBody(req)) || '{}') as { cuits?: string[]; bank_codes?: string[] };
          registry.participants({ cuits: p.cuits, bankCodes: p.bank_codes });
          return send(res, { status: 200, body: { ok: true } });
        }
        if (method === 'POST' && path === '/__control/registry/tick') {
          await registry.tick();
          return send(res, { status: 200, body: { ok: true } });
        }
        return send(res, { status: 404, body: { code: 'NOT_FOUND', message: 'Ruta de control desconocida' } });
      }
      const entry: SimRequestLog = {
        method,
        path,
        status: null,
        key: (req.headers[HEADER.idempotency] as string | undefined) ?? null,
        at: now().toISOString(),
      };
      requests.push(entry);
      const b = takeBehavior();
      if (b.mode === 'drop') {
        req.socket.destroy();
        return;
      }
      if (b.mode === 'slow') await new Promise((r) => setTimeout(r, b.delayMs ?? 1000));
      if (res.destroyed || req.socket.destroyed) return;
      const reply = await answer(req, method, path, b, storeOf, now);
      entry.status = reply.status;
      send(res, reply);
    } catch {
      if (!res.headersSent)
        send(res, { status: 400, body: { code: 'INVALID_REQUEST', message: 'Solicitud inválida' } });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    setBehavior: (b) => {
      behavior = b;
    },
    requests,
    storeOf,
    registryParticipants: registry.participants,
    registryTick: registry.tick,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await registry.close();
    },
  };

  async function answer(
    req: IncomingMessage,
    method: string,
    path: string,
    b: SimBehavior,
    stores: (key: string) => SimStore,
    clock: () => Date,
  ): Promise<SimReply> {
    const raw = await readBody(req);
    if (b.mode === 'error') {
      return { status: b.status ?? 503, body: { code: 'UNAVAILABLE', message: 'Servicio no disponible' } };
    }
    if (b.mode === 'reject-signature') {
      return { status: 401, body: { code: 'BAD_SIGNATURE', message: 'Firma inválida' } };
    }
    const key = req.headers[HEADER.key];
    const ts = req.headers[HEADER.timestamp];
    const sig = req.headers[HEADER.signature];
    if (typeof key !== 'string' || typeof ts !== 'string' || typeof sig !== 'string') {
      return { status: 401, body: { code: 'MISSING_CREDENTIALS', message: 'Faltan las credenciales de la entidad' } };
    }
    const participant = Object.hasOwn(opts.credentials, key) ? opts.credentials[key] : undefined;
    if (participant === undefined) {
      return { status: 401, body: { code: 'UNKNOWN_KEY', message: 'API key desconocida' } };
    }
    const secret = typeof participant === 'string' ? participant : participant.secret;
    const bankCode = typeof participant === 'string' ? undefined : participant.bankCode;
    const requester: RegistryRequester | null = bankCode ? { kind: 'bank', bankCode } : null;
    if (!/^\d{1,15}$/.test(ts) || Math.abs(clock().getTime() - Number(ts)) > MAX_CLOCK_SKEW_MS) {
      return { status: 401, body: { code: 'STALE_TIMESTAMP', message: 'Marca de tiempo fuera de rango' } };
    }
    if (!signatureMatches(signRequest(secret, { method, path, timestamp: ts, body: raw }), sig)) {
      return { status: 401, body: { code: 'BAD_SIGNATURE', message: 'Firma inválida' } };
    }
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return { status: 400, body: { code: 'INVALID_REQUEST', message: 'JSON mal formado' } };
      }
    }
    const idem = req.headers[HEADER.idempotency];
    const registryReply = await answerRegistry(
      method,
      path,
      body,
      typeof idem === 'string' && idem ? idem : null,
      requester,
    );
    if (registryReply) return registryReply;
    const request = route(method, path, body, typeof idem === 'string' && idem ? idem.slice(0, 200) : null);
    if (!request) return { status: 404, body: { code: 'NOT_FOUND', message: 'Ruta desconocida' } };
    return handle(stores(key), request, clock());
  }

  /** A request of the registry's routes (simulator/registry.ts), or null; its failures answer 500. */
  async function answerRegistry(
    method: string,
    path: string,
    body: unknown,
    key: string | null,
    requester: RegistryRequester | null,
  ) {
    const v1 = path.indexOf('/v1/');
    if (v1 < 0) return null;
    const [p = '', query = ''] = path.slice(v1 + 4).split('?');
    const parts = p.split('/').map(decodeURIComponent);
    try {
      return await registry.answer(method, parts, new URLSearchParams(query), body, key, requester);
    } catch {
      return { status: 500, body: { code: 'INTERNAL', message: 'Error interno del registro' } };
    }
  }
}
