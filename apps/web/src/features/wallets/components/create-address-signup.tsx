import { useMutation } from '@tanstack/react-query';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, Card, ErrorBanner } from '../../../components/index.ts';
import { useWallet, WalletConnectControl } from '../../../lib/wallet/index.ts';
import { requestSignUpMessage, signUpWithWallet } from '../api/wallet-sign-up.ts';

/**
 * Sign-up from a wallet address (/signup/create-address, open to visitors): the wallet signs the server's
 * EIP-4361 message, the server creates the account (or logs into the one it made before) and we go to the
 * dashboard. The address in the link is only a hint: the connected wallet is what signs.
 */
export function CreateAddressSignup({ suggestedAddress }: { suggestedAddress?: string }) {
  const wallet = useWallet();
  const navigate = useNavigate();
  const address = wallet.publicAddress;
  const signUp = useMutation({
    mutationFn: async (from: string) => {
      const { message } = await requestSignUpMessage(from);
      const signature = await wallet.signMessage(message);
      return signUpWithWallet({ message, signature });
    },
    onSuccess: () => navigate(paths.dashboard.getHref()),
  });

  return (
    <Card title="create an account from your wallet address">
      <div className="space-y-4">
        {wallet.isConnected && address ? (
          <>
            <div>
              <p className="text-sm text-slate-600 dark:text-slate-400">your address</p>
              <p className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{address}</p>
            </div>
            {suggestedAddress && !isSameAddress(suggestedAddress, address) ? (
              <p className="text-xs text-slate-500 dark:text-slate-400">
                the link named {suggestedAddress}; the account is created for the wallet connected now.
              </p>
            ) : null}
            <p className="text-xs text-slate-500 dark:text-slate-400">
              your wallet will ask you to sign a message; it proves you own the address and costs nothing.
            </p>
            {signUp.isError ? <ErrorBanner messages={signUp.error.message} /> : null}
            <Button isLoading={signUp.isPending} onClick={() => signUp.mutate(address)}>
              sign message and create account
            </Button>
          </>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            connect your wallet to create an account from its address.
          </p>
        )}
        <WalletConnectControl showCreateAccount={false} />
      </div>
    </Card>
  );
}
