import { z } from 'zod';
import { emailMaxLength, freeTextMaxLength, passwordMaxLength, passwordMinLength } from './auth-texts.ts';

/**
 * Wire contracts for the accounts feature (waitlist, contact, sign-up, login, session).
 * The server validates with these and the web client types its calls with them.
 */

// Trimmed and lower-cased so 'A@x.io ' and 'a@x.io' are the same account / signup.
const emailSchema = z
  .string()
  .trim()
  .max(emailMaxLength, 'email address is too long')
  .pipe(z.email('please enter a valid email address'))
  .transform((email) => email.toLowerCase());

const freeTextSchema = z.string().max(freeTextMaxLength, `at most ${freeTextMaxLength} characters`);

export const waitlistSignupSchema = z.strictObject({
  email: emailSchema,
  tokens: freeTextSchema.optional(),
  concern: freeTextSchema.optional(),
});
export type WaitlistSignup = z.infer<typeof waitlistSignupSchema>;

export const contactMessageSchema = z.strictObject({
  email: emailSchema,
  concerns: freeTextSchema.optional(),
  tokens: freeTextSchema.optional(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Answer of the waitlist and contact calls: only a success signal. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

// No composition rules (NIST 800-63B); the common-password check runs on the server.
const newPasswordSchema = z
  .string()
  .min(passwordMinLength, `the password must have at least ${passwordMinLength} characters`)
  .max(passwordMaxLength, `the password must have at most ${passwordMaxLength} characters`);

export const signupSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
});
export type Signup = z.infer<typeof signupSchema>;

/** POST /api/internal/password-reset: asks for a reset link (the answer never says whether the account exists). */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export const passwordResetSentMessage =
  'if an account exists for that address, we have sent it a link to reset the password (valid for 1 hour)';
/** POST /api/internal/password-reset/confirm: the link's token and the new password. */
export const passwordResetSchema = z.strictObject({
  token: z.string().min(1, 'the reset link is incomplete').max(200),
  password: newPasswordSchema,
});
export const passwordResetLinkInvalidMessage =
  'this password reset link has expired or was already used: ask for a new one';
export const passwordResetDoneMessage =
  'your password was changed and every session logged out: log in again';
/** POST /api/internal/password: a signed-in user changes the password. */
export const changePasswordSchema = z.strictObject({
  current_password: z.string().min(1, 'enter your current password').max(passwordMaxLength),
  new_password: newPasswordSchema,
});
// DELETE /api/internal/account takes `deleteAccountSchema` (account-access.ts): the password again, so a
// borrowed session cannot delete an account, or the wallet's signature for an account without one.

/** A plain message for people (sign-up, confirm-email answers). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const confirmEmailSchema = z.strictObject({
  token: z.string().min(1, 'the confirmation link is incomplete').max(200),
});
export type ConfirmEmail = z.infer<typeof confirmEmailSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string()
    .min(1, 'please enter your password')
    .max(passwordMaxLength * 4),
});
export type Login = z.infer<typeof loginSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * `email` is null for accounts created from a wallet address (they sign in by signing) until they set a
 * password; `wallet_address` is the address such an account was created from.
 */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  has_password: z.boolean(),
  wallet_address: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  session: z.object({
    user: sessionUserSchema,
    /** ISO-8601 instant when the bearer token expires. */
    expiresAt: z.string(),
  }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Exchange-connected login (/integrations/callback?code=…): credentials plus the exchange's code. */
export const integrationCallbackSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string()
    .min(1, 'please enter your password')
    .max(passwordMaxLength * 4),
  code: z.string().trim().min(1, 'the exchange code is missing').max(512),
});
export type IntegrationCallback = z.infer<typeof integrationCallbackSchema>;

export const integrationCallbackResponseSchema = z.object({ token: z.string(), message: z.string() });
export type IntegrationCallbackResponse = z.infer<typeof integrationCallbackResponseSchema>;

/** Cookie and header names of the CSRF double-submit (spec section 9). */
export const csrfCookieName = 'csrftoken';
export const csrfHeaderName = 'x-csrftoken';
