import { type FormEvent, useState } from 'react';
import { paths } from '../../../app/paths.ts';
import { Card, TextField } from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { useConfirmPasswordSetup, useRequestPasswordSetup } from '../api.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { SendLinkButton } from './send-link-button.tsx';

/**
 * Account settings of an account without a password (made from a wallet): it has no e-mail address either,
 * so the person names one and a link goes there; opening it sets the password and confirms the address.
 */
export function SetPasswordCard({ email }: { email: string | null }) {
  const [address, setAddress] = useState(email ?? '');
  const request = useRequestPasswordSetup();
  function submit(event: FormEvent) {
    event.preventDefault();
    request.mutate(address);
  }
  return (
    <Card title="set a password">
      <form aria-label="set a password" onSubmit={submit} className="space-y-3" noValidate>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          your account was made from your wallet and has no password. to log in with an e-mail address and a
          password as well, enter the address: we send it a link (valid for 1 hour) where you choose the
          password, which also confirms the address. until then you log in with your wallet.
        </p>
        <TextField
          label="e-mail address"
          type="email"
          name="email"
          autoComplete="email"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          errorMessage={fieldError(request.error, 'body.email')}
        />
        <SendLinkButton request={request} label="send the link" />
      </form>
    </Card>
  );
}

/** /set-password?token=…: the e-mailed link's page. */
export function SetPasswordForm({ token }: { token: string }) {
  return (
    <NewPasswordForm
      token={token}
      mutation={useConfirmPasswordSetup()}
      incompleteLinkMessage="this link is incomplete: ask for a new one"
      formLabel="choose your password"
      submitLabel="set password"
      next={{ href: paths.accountSettings.getHref(), label: 'account settings' }}
    />
  );
}
