import { readToken, type TokenClaims } from '../../core/auth/jwt.ts';
import type { Session } from '../../core/auth/session.ts';
import type { AccountsContext } from './context.ts';
import * as repo from './repository.ts';

/** Sessions kept in memory (the oldest looked-up goes first): more than the open sessions of a busy server. */
const checkedSessionsMax = 10_000;

/** The session check of every authenticated request, with its memory of sessions already looked up. */
export function createSessionCheck(ctx: AccountsContext) {
  const findSessionUser = repo.prepareFindSessionUser(ctx.db);
  /** Sessions looked up, by token id, with the data_version they were looked up at (see authenticate). */
  const checkedSessions = new Map<string, { dataVersion: string; session: Session | null }>();

  async function lookUpSession(claims: TokenClaims): Promise<Session | null> {
    const user = await findSessionUser(claims.userId, claims.jti);
    if (!user || user.is_revoked) return null;
    // A password reset or change ends every session opened before it; a change keeps the one that made it.
    const isBefore =
      user.sessions_valid_from !== null && claims.issuedAt.getTime() < Date.parse(user.sessions_valid_from);
    if (isBefore && claims.jti !== user.sessions_kept_jti) return null;
    const sessionUser = {
      id: user.id,
      email: user.email,
      has_password: user.has_password,
      wallet_address: user.wallet_address,
    };
    return { user: sessionUser, claims };
  }

  /**
   * The user behind a bearer token, or null if the token is invalid, expired, revoked or orphaned.
   * Given the database's data_version (read before this call), a token looked up at that same version is
   * answered from memory: every write that could end a session (logout, password reset, deleted account)
   * raises the version (migrations 012, 013), so the lookup is repeated after any of them.
   */
  async function authenticate(token: string, dataVersion?: string): Promise<Session | null> {
    const claims = await readToken(ctx.jwtSecret, token);
    if (!claims || claims.expiresAt.getTime() <= ctx.now().getTime()) return null;
    const known = dataVersion === undefined ? undefined : checkedSessions.get(claims.jti);
    if (known && known.dataVersion === dataVersion) return known.session;
    const session = await lookUpSession(claims);
    if (dataVersion !== undefined) {
      checkedSessions.delete(claims.jti);
      checkedSessions.set(claims.jti, { dataVersion, session });
      if (checkedSessions.size > checkedSessionsMax)
        checkedSessions.delete(checkedSessions.keys().next().value!);
    }
    return session;
  }

  return authenticate;
}
