import { Button } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { useWallet } from '../../../lib/wallet/index.ts';
import type { PositionActionsAccess } from '../action-access.ts';

/** Why the actions are disabled, for every state but 'ready' (and 'hidden', which shows nothing). */
export function AccessNote({
  access,
  walletAddress,
  purpose,
}: {
  access: PositionActionsAccess;
  walletAddress: string;
  /** What the actions need and do, in the note's words: 'claiming and withdrawing need', 'claim or withdraw'. */
  purpose: { needs: string; action: string };
}) {
  const noteClass = 'text-sm text-slate-700 dark:text-slate-300';
  if (access.state === 'watch-only') {
    return (
      <p className={noteClass}>
        watch-only wallet: {purpose.needs} a wallet you proved with a signature (connect it in MetaMask and
        sign on the wallets page)
      </p>
    );
  }
  if (access.state === 'other-account') {
    return (
      <p className={noteClass}>
        MetaMask is connected with {shortenAddress(access.connected)}: select {walletAddress} in MetaMask to{' '}
        {purpose.action}
      </p>
    );
  }
  if (access.state === 'not-connected')
    return <ConnectNote walletAddress={walletAddress} action={purpose.action} />;
  return null;
}

/**
 * MetaMask not connected: which account to connect, and a button that asks it (the page's own connect
 * control has the wallet's messages). Nothing while the page is still looking for the wallet, which
 * reconnects on its own if this site is connected already.
 */
function ConnectNote({ walletAddress, action }: { walletAddress: string; action: string }) {
  const wallet = useWallet();
  if (wallet.isDetecting) return null;
  const isPrompting = wallet.status === 'prompting';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        connect MetaMask with {walletAddress} to {action}
      </p>
      <Button size="sm" variant="secondary" disabled={isPrompting} onClick={() => void wallet.connect()}>
        {isPrompting ? 'waiting...' : 'connect MetaMask'}
      </Button>
    </div>
  );
}
