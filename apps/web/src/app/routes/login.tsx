import { useSearchParams } from 'react-router';
import { Card, InfoBanner, Page } from '../../components/index.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { WalletLogin } from '../../features/auth/components/wallet-login.tsx';
import { type LoginReason, loginReasons } from '../paths.ts';

function reasonText(reason: string | null): string | undefined {
  return reason && reason in loginReasons ? loginReasons[reason as LoginReason] : undefined;
}

export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const reason = reasonText(searchParams.get('reason'));
  return (
    <Page width="narrow" title="log in">
      <div className="space-y-4">
        {reason ? <InfoBanner messages={reason} /> : null}
        <Card>
          <LoginForm />
        </Card>
        <WalletLogin />
      </div>
    </Page>
  );
}
