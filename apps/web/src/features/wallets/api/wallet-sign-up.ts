import {
  type WalletSignUpMessageResponse,
  type WalletSignUpResponse,
  walletSignUpMessageResponseSchema,
  walletSignUpResponseSchema,
} from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { setSessionToken } from '../../../lib/session.ts';

/** POST /api/wallets/sign-up/message: the EIP-4361 text the wallet must sign for this address. */
export function requestSignUpMessage(address: string): Promise<WalletSignUpMessageResponse> {
  return api.post('/wallets/sign-up/message', { address }, { schema: walletSignUpMessageResponseSchema });
}

/**
 * POST /api/wallets/sign-up: creates the account on first use (later uses log into it) and stores the token
 * under sessionStorage `jwtToken` before resolving, like the e-mail login.
 */
export async function signUpWithWallet(input: {
  message: string;
  signature: string;
}): Promise<WalletSignUpResponse> {
  const response = await api.post('/wallets/sign-up', input, { schema: walletSignUpResponseSchema });
  setSessionToken(response.token);
  return response;
}
