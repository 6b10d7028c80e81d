import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/index.ts';
import { shortenAddress } from '../format.ts';
import { useSessionToken } from '../session.ts';
import { useWallet } from './wallet-context.tsx';

type WalletConnectControlProps = {
  /** The sign-up screen itself hides 'create account' (so does a logged-in user's, who has an account). */
  showCreateAccount?: boolean;
  className?: string;
};

const unlockHint =
  'open the MetaMask extension, unlock it with your password and choose the account to connect with this site';

/**
 * Spec screen 8: 'connect to metamask' ('waiting...' and disabled while a prompt is open), 'unlock metamask'
 * and 'create account' (disabled until connected; opens /signup/create-address with the address; not shown
 * to a logged-in user, who has an account already). The spec's
 * unreachable 'sign message' button is deliberately absent: signing happens in the connect guide.
 */
export function WalletConnectControl({
  showCreateAccount = true,
  className = '',
}: WalletConnectControlProps) {
  const wallet = useWallet();
  const navigate = useNavigate();
  const hasSession = Boolean(useSessionToken());
  const [isUnlockHintShown, setIsUnlockHintShown] = useState(false);
  const isPrompting = wallet.status === 'prompting';
  const isMessageAlarming =
    wallet.message !== '' && !wallet.message.startsWith('Looks like you changed to account') && !isPrompting;

  return (
    <div className={`space-y-3 ${className}`} data-wallet-status={wallet.status}>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void wallet.connect()} disabled={isPrompting}>
          {isPrompting ? 'waiting...' : 'connect to metamask'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setIsUnlockHintShown(true);
            void wallet.connect();
          }}
        >
          unlock metamask
        </Button>
        {showCreateAccount && !hasSession ? (
          <Button
            variant="secondary"
            disabled={!wallet.isConnected || !wallet.publicAddress}
            onClick={() => {
              if (wallet.publicAddress) navigate(paths.signupCreateAddress.getHref(wallet.publicAddress));
            }}
          >
            create account
          </Button>
        ) : null}
      </div>
      {wallet.isConnected && wallet.publicAddress ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          connected: <span className="font-mono">{shortenAddress(wallet.publicAddress)}</span>
        </p>
      ) : null}
      {wallet.message ? (
        <p
          role="status"
          className={`rounded-md px-3 py-2 text-sm ${isMessageAlarming ? 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200' : 'bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-200'}`}
        >
          {wallet.message}
        </p>
      ) : null}
      {isUnlockHintShown && !wallet.isConnected ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">{unlockHint}</p>
      ) : null}
      {wallet.choices.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm text-slate-700 dark:text-slate-300">
            choose the wallet to connect:
          </legend>
          <div className="flex flex-wrap gap-2">
            {wallet.choices.map((choice) => (
              <Button
                key={choice.id}
                variant="secondary"
                size="sm"
                onClick={() => void wallet.chooseWallet(choice.id)}
              >
                use {choice.name}
              </Button>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
