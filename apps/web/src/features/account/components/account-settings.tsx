import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
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
import { useChangePassword, useDeleteAccount } from '../api.ts';

/** /settings/account: change the password (current one required), delete the account (password again). */
export function AccountSettings() {
  return (
    <div className="space-y-6">
      <ChangePasswordCard />
      <DeleteAccountCard />
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

function DeleteAccountCard() {
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
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
          confirmLabel="delete account"
          isBusy={remove.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            remove.mutate(password, {
              onSuccess: () => {
                clearSessionToken();
                void navigate(paths.home.getHref());
              },
            })
          }
          error={remove.isError ? <ErrorBanner messages={remove.error.message} /> : null}
        >
          <p>Your account, wallets, tracked farms and their position history will be deleted for good.</p>
          <PasswordField
            label="your password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
