import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Bearer tokens live at most an hour; logout revokes earlier through the `jti`. */
export const tokenLifetimeSeconds = 60 * 60;

export type TokenClaims = { userId: number; jti: string; expiresAt: Date };

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function issueToken(
  secret: string,
  userId: number,
  now = new Date(),
): Promise<{ token: string; claims: TokenClaims }> {
  const jti = randomUUID();
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + tokenLifetimeSeconds;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, claims: { userId, jti, expiresAt: new Date(expiresAt * 1000) } };
}

/** Verifies signature (HS256 only), expiry and shape; returns null for any invalid token. */
export async function readToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'jti', 'sub'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || !payload.jti || payload.exp === undefined) return null;
    return { userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
