import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Keeps a caller's x-request-id when it is a sane token, otherwise makes one. */
export function newRequestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}
