import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../app/paths.ts';
import { Button, Card, ErrorBanner } from '../../../components/index.ts';
import { useWallet, WalletConnectControl } from '../../../lib/wallet/index.ts';
import { logInWithWallet, requestWalletLogInMessage } from '../api/wallet-login.ts';

/**
 * 'log in with wallet' (/login): for an account made from a wallet address. The wallet signs the server's
 * one-time message; the server logs into the account made from that address (decision 022).
 */
export function WalletLogin() {
  const wallet = useWallet();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const address = wallet.publicAddress;
  const logIn = useMutation({
    mutationFn: async (from: string) => {
      const { message } = await requestWalletLogInMessage(from);
      const signature = await wallet.signMessage(message);
      await logInWithWallet({ message, signature });
    },
    onSuccess: () => navigate(safeNextPath(searchParams.get('next')), { replace: true }),
  });

  return (
    <Card title="log in with wallet" aria-label="log in with wallet">
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          made your account from a wallet address? sign a message with that wallet: it proves you own it and
          costs nothing.
        </p>
        {wallet.isConnected && address ? (
          <>
            <p className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{address}</p>
            {logIn.isError ? <ErrorBanner messages={logIn.error.message} /> : null}
            <Button isLoading={logIn.isPending} onClick={() => logIn.mutate(address)}>
              sign with wallet
            </Button>
          </>
        ) : null}
        <WalletConnectControl showCreateAccount={false} />
      </div>
    </Card>
  );
}
