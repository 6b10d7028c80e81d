import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { commonPasswords } from './common-passwords.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. `algorithm: 2` is Algorithm.Argon2id (a const
// enum the compiler settings cannot import).
const argon2Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash so an unknown e-mail costs the same time as a wrong password
 * (otherwise response time would reveal which addresses have accounts).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
}
