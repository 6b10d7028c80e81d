import { useState } from 'react';
import type { Address } from 'viem';
import { useSwitchChain } from 'wagmi';
import { Button } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { getChainName } from '../../../lib/wallet/chains.ts';
import { useWallet } from '../../../lib/wallet/index.ts';
import { expectRequestedSwitch } from '../../../lib/wallet/requested-switch.ts';
import { toWalletRequestError } from '../../../lib/wallet/wallet-messages.ts';
import { polygonChainId, type WalletCheck } from '../wallet-check.ts';

/**
 * wagmi's switch: wallet_switchEthereumChain, adding the chain first (wallet_addEthereumChain) if the wallet does
 * not know it; the app asked for this change, so it does not reload the page.
 */
function SwitchChainButton({ chainId }: { chainId: number }) {
  const switchChain = useSwitchChain();
  const [message, setMessage] = useState('');
  return (
    <div className="space-y-2">
      <Button
        size="sm"
        isLoading={switchChain.isPending}
        onClick={() => {
          setMessage('');
          expectRequestedSwitch(chainId);
          switchChain.mutateAsync({ chainId: chainId as typeof polygonChainId }).catch((error: unknown) => {
            setMessage(toWalletRequestError(error).message);
          });
        }}
      >
        switch to {getChainName(chainId)}
      </Button>
      {message ? <p className="text-sm text-amber-800 dark:text-amber-200">{message}</p> : null}
    </div>
  );
}

/** What the person must do in MetaMask before this transaction can be reviewed or followed. */
export function WalletCheckPanel({
  check,
  wallet,
}: {
  check: Exclude<WalletCheck, { kind: 'ready' }>;
  wallet: Address;
}) {
  const connection = useWallet();
  const text = 'text-sm text-slate-700 dark:text-slate-300';
  if (check.kind === 'connect') {
    return (
      <div className="space-y-2">
        <p className={text}>connect MetaMask as {shortenAddress(wallet)} to run this step</p>
        <Button
          size="sm"
          isLoading={connection.status === 'prompting'}
          onClick={() => void connection.connect()}
        >
          connect to metamask
        </Button>
        {connection.message ? <p className={text}>{connection.message}</p> : null}
      </div>
    );
  }
  if (check.kind === 'select account') {
    return (
      <p className={text}>
        select {shortenAddress(wallet)} in MetaMask: it is connected as {shortenAddress(check.connectedAs)}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className={text}>
        MetaMask is on {check.chainId === null ? 'another network' : getChainName(check.chainId)}: Tidewatch
        sends {check.to === polygonChainId ? 'these transactions' : 'this transaction'} on{' '}
        {getChainName(check.to)}
      </p>
      <SwitchChainButton chainId={check.to} />
    </div>
  );
}
