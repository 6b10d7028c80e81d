import type { SessionUser } from '@tidewatch/shared';
import type { TokenClaims } from './jwt.ts';

/** A valid bearer token's user and claims. */
export type Session = { user: SessionUser; claims: TokenClaims };

/**
 * Reads a bearer token back into a session (null when it is not valid): the accounts feature provides it;
 * HTTP auth and the import wizard's socket use it without knowing that feature.
 */
export type SessionReader = {
  authenticate: (token: string, dataVersion?: string) => Promise<Session | null>;
};
