import {
  loginResponseSchema,
  type WalletSignUpMessageResponse,
  walletSignUpMessageResponseSchema,
} from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { setSessionToken } from '../../../lib/session.ts';

/** POST /api/wallets/log-in/message: the EIP-4361 text the wallet signs to log in (once, 10 minutes). */
export function requestWalletLogInMessage(address: string): Promise<WalletSignUpMessageResponse> {
  return api.post('/wallets/log-in/message', { address }, { schema: walletSignUpMessageResponseSchema });
}

/** POST /api/wallets/log-in: stores the token under sessionStorage `jwtToken`, like the e-mail login. */
export async function logInWithWallet(input: { message: string; signature: string }): Promise<void> {
  const { token } = await api.post('/wallets/log-in', input, { schema: loginResponseSchema });
  setSessionToken(token);
}
