import { useQueryClient } from '@tanstack/react-query';
import type { GuideState } from '@tidewatch/shared';
import { initialGuideState } from '@tidewatch/shared/wallet-guide';
import { useState } from 'react';
import { Button, ErrorBanner, SuccessBanner } from '../../../components/index.ts';
import { getSessionToken } from '../../../lib/session.ts';
import { useWallet, WalletConnectControl } from '../../../lib/wallet/index.ts';
import { walletKeys } from '../api/keys.ts';
import { postNextGuideState, toGuideErrorState } from '../api/next-guide-state.ts';

export type ConnectWalletGuideProps = {
  /** 'add another' closes the guide (spec section 4). */
  onClose: () => void;
};

/**
 * The connect-wallet guide (spec section 4). The server owns the steps; this screen shows the current one:
 * NOT_STARTED (confirm the address, sign the server's EIP-4361 message), CONFIRMED_SIGNATURE ('continue'
 * saves it), SAVED_ADDRESS, or ERROR in a red box.
 */
export function ConnectWalletGuide({ onClose }: ConnectWalletGuideProps) {
  const wallet = useWallet();
  const queryClient = useQueryClient();
  const [state, setState] = useState<GuideState>(initialGuideState);
  const [isBusy, setIsBusy] = useState(false);
  const address = wallet.publicAddress;

  if (!wallet.isConnected || !address) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          connect your wallet first, then confirm its address here.
        </p>
        <WalletConnectControl />
      </div>
    );
  }

  // Captured after the check above so the steps below see a definite address.
  const confirmed: string = address;

  async function confirmAddress(from: GuideState['name'], confirmed: string) {
    setIsBusy(true);
    try {
      const withMessage = await postNextGuideState({
        name: from,
        event: 'GET_MESSAGE',
        params: { address: confirmed },
      });
      if (withMessage.name !== 'NOT_STARTED' || !('message' in withMessage.data)) {
        setState(withMessage);
        return;
      }
      const message = withMessage.data.message;
      let signature: string;
      try {
        signature = await wallet.signMessage(message);
      } catch (error) {
        // A rejected prompt reads as the spec's message (the original only logged it).
        setState(toGuideErrorState(withMessage.name, error));
        return;
      }
      setState(
        await postNextGuideState({
          name: withMessage.name,
          // The state's first offered event; typed as the one the contract allows from here.
          event: 'CONFIRM_SIGNATURE',
          params: { signature, address: confirmed, message },
        }),
      );
    } finally {
      setIsBusy(false);
    }
  }

  async function saveAddress(
    current: Extract<GuideState, { name: 'CONFIRMED_SIGNATURE' }>,
    confirmed: string,
  ) {
    setIsBusy(true);
    try {
      // The network is read from the wallet at this moment, not from what was signed earlier.
      const chainId = (await wallet.web3?.getChainId().catch(() => null)) ?? wallet.chainId;
      const next = await postNextGuideState({
        name: current.name,
        event: 'SAVE_ADDRESS',
        params: {
          ...current.data,
          address: confirmed,
          chainId: chainId ?? current.data.chainId,
          token: getSessionToken() ?? undefined,
        },
      });
      setState(next);
      if (next.name === 'SAVED_ADDRESS')
        await queryClient.invalidateQueries({ queryKey: walletKeys.saved() });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      {/* Wallet news (an account or network change) stays visible while the guide runs. */}
      {wallet.message ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {wallet.message}
        </p>
      ) : null}
      {renderStep()}
    </div>
  );

  function renderStep() {
    switch (state.name) {
      case 'NOT_STARTED':
        return (
          <div className="space-y-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              confirm this is the address you want to add to your account:
            </p>
            <p className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{confirmed}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              your wallet will ask you to sign a message; it proves you own the address and costs nothing.
            </p>
            <Button isLoading={isBusy} onClick={() => void confirmAddress('NOT_STARTED', confirmed)}>
              confirm address
            </Button>
          </div>
        );
      case 'CONFIRMED_SIGNATURE':
        return (
          <div className="space-y-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">adding wallet to your account...</p>
            <Button isLoading={isBusy} onClick={() => void saveAddress(state, confirmed)}>
              continue
            </Button>
          </div>
        );
      case 'SAVED_ADDRESS':
        return (
          <div className="space-y-3">
            <SuccessBanner messages="wallet added to your account!" />
            <Button variant="secondary" onClick={onClose}>
              add another
            </Button>
          </div>
        );
      case 'ERROR':
        return (
          <div className="space-y-3">
            <ErrorBanner messages={state.data.message} />
            <Button
              variant="secondary"
              isLoading={isBusy}
              onClick={() => void confirmAddress('ERROR', confirmed)}
            >
              try again
            </Button>
          </div>
        );
    }
  }
}
