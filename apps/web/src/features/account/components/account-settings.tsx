import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useSession } from '../../../app/session-guard.ts';
import {
  Button,
  Card,
  ConfirmDialog,
  ErrorBanner,
  PasswordField,
  SuccessBanner,
} from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { clearSessionToken } from '../../../lib/session.ts';
import { useWallet, WalletConnectControl } from '../../../lib/wallet/index.ts';
import { requestDeletionMessage, useChangePassword, useDeleteAccount } from '../api.ts';
import { SetPasswordCard } from './password-setup-forms.tsx';

/**
 * /settings/account: change the password (current one required) and delete the account (password again).
 * An account made from a wallet without a password sets one by e-mail link instead, and deletes itself by
 * signing with its wallet.
 */
export function AccountSettings() {
  const { user } = useSession();
  return (
    <div className="space-y-6">
      {user.has_password ? <ChangePasswordCard /> : <SetPasswordCard email={user.email} />}
      <DeleteAccountCard hasPassword={user.has_password} />
    </div>
  );
}

function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword();
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  }
  return (
    <Card title="change password">
      <form aria-label="change password" onSubmit={submit} className="space-y-3">
        <PasswordField
          label="current password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          errorMessage={fieldError(change.error, 'body.current_password')}
        />
        <PasswordField
          label="new password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          errorMessage={fieldError(change.error, 'body.new_password')}
        />
        <Button type="submit" isLoading={change.isPending}>
          change password
        </Button>
        {change.isSuccess ? <SuccessBanner messages={change.data} /> : null}
        {change.isError && !change.error.message.includes('password') ? (
          <ErrorBanner messages={change.error.message} />
        ) : null}
      </form>
    </Card>
  );
}

function DeleteAccountCard({ hasPassword }: { hasPassword: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const wallet = useWallet();
  const navigate = useNavigate();
  const onDeleted = {
    onSuccess: () => {
      clearSessionToken();
      void navigate(paths.home.getHref(), { replace: true });
    },
  };
  /** Without a password: the server's deletion message, signed by the wallet the account was made from. */
  async function deleteBySignature() {
    try {
      const message = await requestDeletionMessage();
      const signature = await wallet.signMessage(message);
      remove.mutate({ message, signature }, onDeleted);
    } catch (error) {
      remove.reset();
      setSignError(error instanceof Error ? error.message : String(error));
    }
  }
  const [signError, setSignError] = useState('');
  return (
    <Card title="delete account">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        deletes your account with its wallets, tracked farms and their history; this cannot be undone
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        delete account
      </Button>
      {isOpen ? (
        <ConfirmDialog
          title="delete your account?"
          confirmLabel={hasPassword ? 'delete account' : 'sign with your wallet and delete'}
          isBusy={remove.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            setSignError('');
            if (hasPassword) remove.mutate({ password }, onDeleted);
            else void deleteBySignature();
          }}
          error={
            remove.isError || signError ? <ErrorBanner messages={remove.error?.message ?? signError} /> : null
          }
        >
          <p>Your account, wallets, tracked farms and their position history will be deleted for good.</p>
          {hasPassword ? (
            <PasswordField
              label="your password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : (
            <p>
              Your account has no password: your wallet will ask you to sign a deletion message instead.
              Connect the wallet the account was made from.
            </p>
          )}
          {!hasPassword && !wallet.isConnected ? <WalletConnectControl showCreateAccount={false} /> : null}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
