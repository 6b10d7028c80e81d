import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { commonPasswords } from './common-passwords.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. `algorithm: 2` is Algorithm.Argon2id (a const
// enum the compiler settings cannot import).
const argon2Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The password hash, the one costly step of sign-up, login and reset. Every branch of those runs it exactly
 * once (a test counts the calls), so answer time does not tell whether an address has an account.
 */
export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (passwordHash: string, password: string) => Promise<boolean>;
};

export const argon2Hasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword };

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, made once per process: the branch with no stored hash to check (an
 * unknown address, an account made from a wallet) verifies against it, as long as a wrong password takes.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
}
