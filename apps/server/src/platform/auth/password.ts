import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createHashQueue, type HashLane } from './hash-queue';

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash.
const N = 32_768;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/**
 * Every hash of this process goes through one line: at most two at once (libuv's pool has four threads, which file
 * reads and compression share); at most 64 sign-ins and 6 registrations in line, from their arrival; past that,
 * 429 with Retry-After.
 */
export const hashQueue = createHashQueue({ concurrency: 2, places: { signin: 64, register: 6 } });

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Hashes a new password in `lane` of the queue. `check` (the strength policy: tens of milliseconds of this thread)
 * runs once the request holds its place, so a flood is refused by the queue before any of that work is done.
 */
export async function hashPassword(
  password: string,
  opts: { lane?: HashLane; check?: () => void } = {},
): Promise<string> {
  const salt = randomBytes(16);
  const key = await hashQueue.run(opts.lane ?? 'signin', () => {
    opts.check?.();
    return derive(password, salt, N, R, P);
  });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await hashQueue.run('signin', () =>
    derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Made once, outside the line (a fixed salt: it is never stored).
let dummy: string | undefined;
async function dummyHash(): Promise<string> {
  if (!dummy) {
    const salt = Buffer.alloc(16, 7);
    const key = await derive('dummy-password-0', salt, N, R, P);
    dummy = `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
  }
  return dummy;
}

/** Spends the same time as a real check so a missing account cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await dummyHash());
  return false;
}
