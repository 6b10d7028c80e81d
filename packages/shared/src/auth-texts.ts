/**
 * The accounts feature's limits and texts, apart from its schemas (auth.ts) so a screen can show them without
 * loading zod.
 */

/** Longest e-mail address RFC 5321 allows in practice. */
export const emailMaxLength = 254;
export const passwordMinLength = 8;
export const passwordMaxLength = 128;
/** Bound for the waitlist / contact free-text fields. */
export const freeTextMaxLength = 2000;

/** The banner shown after sign-up and after the exchange-connected login (spec section 4, Login). */
export const confirmEmailBanner =
  "We've just sent you an email, click the link in the email to confirm your email address and continue setting up your account";
export const emailConfirmedMessage = 'your email address is confirmed, you can log in now';
export const linkInvalidMessage = 'this confirmation link has expired or was already used';
export const invalidCredentialsMessage = 'wrong email or password';
export const emailNotConfirmedMessage =
  'please confirm your email address first: check your inbox for the link we sent you';

/** The httpOnly cookie that restores a session in a new tab; only the session paths receive it. */
export const sessionRestoreCookieName = 'tw_restore';
/** A readable, secret-free flag beside it: the app asks for a restore only when it is set. */
export const sessionRestoreHintCookieName = 'tw_signed_in';
