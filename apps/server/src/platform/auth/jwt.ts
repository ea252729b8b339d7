import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'echeq-platform';
const AUDIENCE = 'echeq-api';

export type TokenClaims = { sub: string; sid: string };
/** Verified claims, with the token's expiry (ms since the epoch). */
export type VerifiedClaims = TokenClaims & { expiresAt: number };

export function tokenKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(key: Uint8Array, claims: TokenClaims, expiresAt: Date, now: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** Verifies signature (HS256 only), issuer, audience and expiry; null for anything else. */
export async function verifyToken(key: Uint8Array, token: string, now: Date): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
      return null;
    }
    return { sub: payload.sub, sid: payload.sid, expiresAt: payload.exp * 1000 };
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
