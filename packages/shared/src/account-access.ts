import { z } from 'zod';
import { emailMaxLength, passwordMaxLength, passwordMinLength } from './auth-texts.ts';
import { signInMessageSchema, walletAddressSchema, walletSignatureSchema } from './wallets.ts';

/**
 * Ways into and out of an account besides e-mail and password (issue 30): log in with a wallet, set a
 * first password by e-mail link, delete by signature, and restore a session in a new tab.
 *
 * | method | path                                            | auth   | body                          | answer                          |
 * |--------|-------------------------------------------------|--------|-------------------------------|---------------------------------|
 * | POST   | /wallets/log-in/message                         | none   | walletLogInMessageRequestSchema | walletSignUpMessageResponseSchema |
 * | POST   | /wallets/log-in                                 | none   | walletLogInRequestSchema      | loginResponseSchema             |
 * | POST   | /wallets/account-deletion/message               | bearer | -                             | walletSignUpMessageResponseSchema |
 * | DELETE | /internal/account                               | bearer | deleteAccountSchema           | 204                             |
 * | POST   | /internal/account/password-setup                | bearer | passwordSetupRequestSchema    | messageResponseSchema           |
 * | POST   | /internal/account/password-setup/confirm        | none   | passwordSetupSchema           | messageResponseSchema           |
 * | POST   | /internal/session/restore                       | cookie | -                             | sessionRestoreResponseSchema    |
 */

/** Log in with a wallet, step 1: the message for this address. */
export const walletLogInMessageRequestSchema = z.strictObject({ address: walletAddressSchema });
/** Step 2: the signed message; answers a bearer token like the e-mail login. */
export const walletLogInRequestSchema = z.strictObject({
  message: signInMessageSchema,
  signature: walletSignatureSchema,
});
export const walletLogInUnknownMessage =
  'no account signs in with this wallet: create an account from it first';

/** The statement of the message a wallet signs to delete its account (never the sign-in greeting). */
export const accountDeletionStatement =
  'Delete my Tidewatch account, its wallets, tracked farms and their history. This cannot be undone.';

/** DELETE /internal/account: the password, or (an account without one) its wallet's signed deletion message. */
export const deleteAccountSchema = z.union([
  z.strictObject({ password: z.string().min(1, 'enter your password').max(passwordMaxLength) }),
  z.strictObject({ message: signInMessageSchema, signature: walletSignatureSchema }),
]);
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** 'set a password', step 1 (an account without one): the address the link goes to. */
export const passwordSetupRequestSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .max(emailMaxLength, 'email address is too long')
    .pipe(z.email('please enter a valid email address'))
    .transform((email) => email.toLowerCase()),
});
/** Step 2, from the e-mailed link: the link's token and the password. */
export const passwordSetupSchema = z.strictObject({
  token: z.string().min(1, 'the link is incomplete').max(200),
  password: z
    .string()
    .min(passwordMinLength, `the password must have at least ${passwordMinLength} characters`)
    .max(passwordMaxLength, `the password must have at most ${passwordMaxLength} characters`),
});
/** How long a 'set a password' link stays valid. */
export const passwordSetupLifetimeMs = 60 * 60 * 1000;
export const passwordSetupSentMessage = (email: string) =>
  `we sent a link to ${email}: open it within 1 hour to choose your password`;
export const passwordSetupDoneMessage =
  'your password is set and your e-mail address confirmed: you can now log in with either';
export const passwordSetupLinkInvalidMessage =
  'this link has expired or was already used: ask for a new one from your account settings';

/** A fresh bearer token, or null when this browser holds no live restore cookie. */
export const sessionRestoreResponseSchema = z.object({ token: z.string().nullable() });
export type SessionRestoreResponse = z.infer<typeof sessionRestoreResponseSchema>;
