import { useState } from 'react';
import type { Address } from 'viem';
import { useSwitchChain } from 'wagmi';
import { Button } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { getChainName } from '../../../lib/wallet/chains.ts';
import { useWallet } from '../../../lib/wallet/index.ts';
import { toWalletRequestError } from '../../../lib/wallet/wallet-messages.ts';
import { polygonChainId, type WalletCheck } from '../wallet-check.ts';

/** wagmi's switch: wallet_switchEthereumChain, adding Polygon first if the wallet does not know it. */
function SwitchToPolygonButton() {
  const switchChain = useSwitchChain();
  const [message, setMessage] = useState('');
  return (
    <div className="space-y-2">
      <Button
        size="sm"
        isLoading={switchChain.isPending}
        onClick={() => {
          setMessage('');
          switchChain.mutateAsync({ chainId: polygonChainId }).catch((error: unknown) => {
            setMessage(toWalletRequestError(error).message);
          });
        }}
      >
        switch to Polygon
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
        sends these transactions on Polygon
      </p>
      <SwitchToPolygonButton />
    </div>
  );
}
