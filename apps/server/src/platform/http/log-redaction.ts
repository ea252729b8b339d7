import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values the log keeps: page controls, enumerations and dates, which carry neither secrets
 * nor personal data. Any other value (a search text, a cursor, an id, a token put in the address by mistake) is
 * written as `[oculto]`.
 */
const KEPT = new Set(['page', 'limit', 'status', 'role', 'entity', 'action', 'from', 'to']);
const HARMLESS_VALUE = /^[\w.:-]{0,40}$/;
/** A parameter name is logged only when it looks like one (a secret used as a name, `?eyJhbGci…`, is not). */
const PLAIN_NAME = /^[A-Za-z_]{1,32}$/;
const HIDDEN = '[oculto]';

function decoded(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** `/api/x?token=abc&page=2` → `/api/x?token=[oculto]&page=2`. */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1);
  const pairs = query === '' ? [] : query.split('&');
  const shown = pairs.map((pair) => {
    const eq = pair.indexOf('=');
    const name = decoded(eq < 0 ? pair : pair.slice(0, eq));
    if (name === null || !PLAIN_NAME.test(name)) return HIDDEN;
    if (eq < 0) return name;
    const value = decoded(pair.slice(eq + 1));
    return KEPT.has(name) && value !== null && HARMLESS_VALUE.test(value) ? `${name}=${value}` : `${name}=${HIDDEN}`;
  });
  return `${url.slice(0, q)}?${shown.join('&')}`;
}

/** What the log says of a request (Fastify's default fields, the address's query redacted). */
export function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactedUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
