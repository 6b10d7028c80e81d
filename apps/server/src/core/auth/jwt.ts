import { randomUUID, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Bearer tokens live at most an hour; logout revokes earlier through the `jti`. */
export const tokenLifetimeSeconds = 60 * 60;

/** `issuedAt` has millisecond precision (our `iat_ms` claim), so "every session before now" is exact. */
export type TokenClaims = { userId: number; jti: string; expiresAt: Date; issuedAt: Date };

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

/**
 * The secret as a Web Crypto key, imported once: jose imports a raw secret again on every call, which
 * showed in bench:api's profile.
 */
function key(secret: string): Promise<webcrypto.CryptoKey> {
  let found = keys.get(secret);
  if (!found) {
    found = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, found);
  }
  return found;
}

export async function issueToken(
  secret: string,
  userId: number,
  now = new Date(),
): Promise<{ token: string; claims: TokenClaims }> {
  const jti = randomUUID();
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + tokenLifetimeSeconds;
  const token = await new SignJWT({ iat_ms: now.getTime() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await key(secret));
  return { token, claims: { userId, jti, expiresAt: new Date(expiresAt * 1000), issuedAt: now } };
}

/** Verified tokens' claims, by secret, then by token (no key built from both: the lookup runs per request). */
const verified = new Map<string, Map<string, TokenClaims>>();
const verifiedMax = 10_000;

/**
 * Verifies signature (HS256 only), expiry and shape; returns null for any invalid token. A token whose
 * signature was verified is remembered (per secret, the most recent 10,000): its claims cannot change,
 * and verifying it again on every request showed in bench:api's profile. Expiry is checked each time.
 */
export async function readToken(secret: string, token: string): Promise<TokenClaims | null> {
  let bySecret = verified.get(secret);
  if (!bySecret) {
    bySecret = new Map();
    verified.set(secret, bySecret);
  }
  const known = bySecret.get(token);
  if (known) return known.expiresAt.getTime() > Date.now() ? known : null;
  const claims = await verifyToken(secret, token);
  if (claims) {
    if (bySecret.size >= verifiedMax) bySecret.delete(bySecret.keys().next().value!);
    bySecret.set(token, claims);
  }
  return claims;
}

async function verifyToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'jti', 'sub'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || !payload.jti || payload.exp === undefined) return null;
    const issuedAtMs =
      typeof payload.iat_ms === 'number'
        ? payload.iat_ms
        : payload.iat !== undefined
          ? payload.iat * 1000
          : 0;
    return {
      userId,
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
      issuedAt: new Date(issuedAtMs),
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
