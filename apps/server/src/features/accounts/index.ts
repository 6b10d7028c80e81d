/** The accounts feature's public surface: sign-up, login and sessions, password reset, account deletion. */
export { deleteAccount } from './delete-account.ts';
export type { PasswordHasher } from './passwords.ts';
export type { RestoreCookie } from './restore-cookie-repository.ts';
export { accountsRoutes } from './routes.ts';
export { type AccountsService, createAccountsService } from './service.ts';
