import { useSearchParams } from 'react-router';
import { Card, Page } from '../../components/index.ts';
import { AccountSettings } from '../../features/account/components/account-settings.tsx';
import {
  ForgotPasswordForm,
  ResetPasswordForm,
} from '../../features/account/components/password-reset-forms.tsx';
import { SetPasswordForm } from '../../features/account/components/password-setup-forms.tsx';

/** /forgot-password: open to visitors. */
export function ForgotPasswordRoute() {
  return (
    <Page width="narrow" title="forgot password">
      <Card>
        <ForgotPasswordForm />
      </Card>
    </Page>
  );
}

/** /reset-password?token=…: the e-mailed link. */
export function ResetPasswordRoute() {
  const [search] = useSearchParams();
  return (
    <Page width="narrow" title="choose a new password">
      <Card>
        <ResetPasswordForm token={search.get('token') ?? ''} />
      </Card>
    </Page>
  );
}

/** /set-password?token=…: the link an account without a password was e-mailed (decision 022). */
export function SetPasswordRoute() {
  const [search] = useSearchParams();
  return (
    <Page width="narrow" title="choose your password">
      <Card>
        <SetPasswordForm token={search.get('token') ?? ''} />
      </Card>
    </Page>
  );
}

/** /settings/account: signed-in users only. */
export function AccountSettingsRoute() {
  return (
    <Page width="narrow" title="account">
      <AccountSettings />
    </Page>
  );
}
