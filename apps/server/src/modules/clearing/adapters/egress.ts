/**
 * The only way the server calls out to a clearing house: an HTTP(S) request that connects only to public unicast
 * addresses, checked on the address the socket actually connected to (decision 021).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Where the link may go: `allowedHosts` (COELSA_ALLOWED_HOSTS) are reached whatever they resolve to. */
export type EgressPolicy = { allowedHosts: readonly string[]; requireHttps: boolean };

/** The destination is not one the server may call: refused before (or right after) connecting, nothing sent. */
export class EgressRefusedError extends Error {
  constructor(readonly why: 'HTTPS_REQUIRED' | 'ADDRESS') {
    super(
      why === 'HTTPS_REQUIRED'
        ? 'en producción la URL base debe usar https'
        : 'la URL base apunta a una dirección interna, local o reservada',
    );
    this.name = 'EgressRefusedError';
  }
}

/** The most a clearing house's answer may weigh. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * True for a public unicast address only: not loopback, private, link-local (cloud metadata at 169.254.169.254,
 * fd00:ec2::254), carrier-grade NAT, multicast, reserved, documentation, 6to4 or Teredo. An IPv4 address written as
 * IPv6 (`::ffff:127.0.0.1`, NAT64 `64:ff9b::a9fe:a9fe`) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    // Mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the last 32 bits.
    if (['ipv4Mapped', 'rfc6145', 'rfc6052'].includes(v6.range())) {
      const p = v6.parts;
      ip = new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
    }
  }
  return ip.range() === 'unicast';
}

function isAllowedHost(policy: EgressPolicy, hostname: string): boolean {
  const host = bare(hostname);
  return policy.allowedHosts.some((h) => bare(h) === host);
}

/** dns.lookup that answers only when every address the name resolves to is public. */
const publicLookup = ((
  hostname: string,
  options: { all?: boolean; family?: number },
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, options.all ? [] : '');
    const list = addresses as LookupAddress[];
    if (list.length === 0 || !list.every((a) => isPublicAddress(a.address))) {
      return callback(new EgressRefusedError('ADDRESS'), options.all ? [] : '');
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}) as unknown as typeof dnsLookup;

export type EgressRequest = {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
};

/**
 * One request under the policy: https when required; the host an allowed one, or else an address literal that is
 * public, or a name whose every address is public (resolved by this request's own lookup, so what was checked is
 * what is connected to); and the socket's remote address checked again once connected, before anything is sent.
 * Redirects are not followed (a 3xx is an answer like any other). The answer is read up to 1 MiB.
 */
export function egressRequest(
  policy: EgressPolicy,
  url: URL,
  req: EgressRequest,
): Promise<{ status: number; text: string }> {
  const secure = url.protocol === 'https:';
  if (policy.requireHttps && !secure) return Promise.reject(new EgressRefusedError('HTTPS_REQUIRED'));
  if (!secure && url.protocol !== 'http:') return Promise.reject(new EgressRefusedError('ADDRESS'));
  const allowed = isAllowedHost(policy, url.hostname);
  const literal = isIP(bare(url.hostname)) !== 0;
  if (!allowed && literal && !isPublicAddress(bare(url.hostname))) {
    return Promise.reject(new EgressRefusedError('ADDRESS'));
  }
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: req.method,
      headers: req.body ? { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) } : req.headers,
      signal: req.signal,
      // A connection of its own: a pooled socket would skip the checks of a new one.
      agent: false,
      ...(allowed ? {} : { lookup: publicLookup }),
    });
    const checkPeer = (socket: Socket) => {
      if (allowed) return;
      if (!isPublicAddress(socket.remoteAddress ?? '')) request.destroy(new EgressRefusedError('ADDRESS'));
    };
    request.on('socket', (socket: Socket) => {
      if (socket.remoteAddress) checkPeer(socket);
      else socket.once('connect', () => checkPeer(socket));
    });
    request.on('error', reject);
    request.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          request.destroy(Object.assign(new Error('respuesta demasiado grande'), { code: 'RESPONSE_TOO_LARGE' }));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    request.end(req.body);
  });
}
