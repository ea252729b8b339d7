import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A 128-bit id in hex, as a UUID (with dashes) or as proxies such as nginx write it (32 digits, no dashes). */
const REQUEST_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/**
 * The request's id, logged, echoed in `x-request-id` and stored in the audit trail: the caller's `x-request-id` when
 * it has that strict form (lower-cased), a new UUID otherwise. Free text chosen by a client never reaches the trail.
 */
export function newRequestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given.toLowerCase() : randomUUID();
}
