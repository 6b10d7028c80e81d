import type { TokenClaims } from '../../core/auth/jwt.ts';
import { changePassword, confirmPassword } from './change-password.ts';
import { type AccountsContext, type AccountsDeps, hashEmailToken, refuseCommonPassword } from './context.ts';
import {
  logIn,
  logInThrottled,
  logInWithExchangeCode,
  logOut,
  openSession,
  restoreSession,
} from './log-in.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { createPasswordSetup } from './password-setup.ts';
import { argon2Hasher } from './passwords.ts';
import { createSessionCheck } from './sessions.ts';
import { confirmEmail, signUp } from './sign-up.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;

/** The accounts feature's operations, one per endpoint, each a use case of its own file; framework-free. */
export function createAccountsService(deps: AccountsDeps) {
  const ctx: AccountsContext = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    passwords: deps.passwords ?? argon2Hasher,
  };
  const passwordSetup = createPasswordSetup({
    db: ctx.db,
    mailer: ctx.mailer,
    publicUrl: ctx.publicUrl,
    now: ctx.now,
    hashToken: hashEmailToken,
    hashPassword: (password) => ctx.passwords.hash(password),
    refuseCommonPassword,
  });
  return {
    signUp: (email: string, password: string) => signUp(ctx, email, password),
    confirmEmail: (token: string) => confirmEmail(ctx, token),
    logIn: (email: string, password: string, ip: string) => logIn(ctx, email, password, ip),
    logInWithExchangeCode: (email: string, password: string, code: string, ip: string) =>
      logInWithExchangeCode(ctx, email, password, code, ip),
    logInThrottled: (key: string, ip: string, prove: () => Promise<number>) =>
      logInThrottled(ctx, key, ip, prove),
    /** A login proven some other way (a verified wallet signature) that needs no throttle (sign-up). */
    issueSessionToken: (userId: number) => openSession(ctx, userId),
    restoreSession: (value: string) => restoreSession(ctx, value),
    authenticate: createSessionCheck(ctx),
    logOut: (claims: TokenClaims, restoreValue?: string) => logOut(ctx, claims, restoreValue),
    ...passwordSetup,
    requestPasswordReset: (email: string) => requestPasswordReset(ctx, email),
    resetPassword: (token: string, password: string) => resetPassword(ctx, token, password),
    changePassword: (
      userId: number,
      current: string,
      next: string,
      kept: { jti: string; restoreValue?: string | undefined },
    ) => changePassword(ctx, userId, current, next, kept),
    confirmPassword: (userId: number, password: string) => confirmPassword(ctx, userId, password),
  };
}
