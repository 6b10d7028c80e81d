import { useParams, useSearchParams } from 'react-router';
import { Card } from '../../components/index.ts';
import { IntegrationCallbackForm } from '../../features/integrations/components/integration-callback-form.tsx';
import { IntegrationsScreen } from '../../features/integrations/components/integrations-screen.tsx';
import { WalletDetail } from '../../features/wallets/components/wallet-detail.tsx';

/** The callback form, reached from the exchange with ?code=… (open to visitors). */
export function IntegrationsCallbackRoute() {
  const [searchParams] = useSearchParams();
  return (
    <IntegrationsScreen>
      <Card title="log in to connect your exchange account">
        <IntegrationCallbackForm code={searchParams.get('code') ?? ''} />
      </Card>
    </IntegrationsScreen>
  );
}

/** /integrations, /integrations/{action} and /login/{action}. view shows the wallet named by ?walletId=. */
export function IntegrationsRoute() {
  const { action } = useParams();
  const [searchParams] = useSearchParams();
  const walletId = searchParams.get('walletId');
  if (action === 'callback') return <IntegrationsCallbackRoute />;
  return (
    <IntegrationsScreen>
      {action === 'view' ? (
        walletId ? (
          <WalletDetail walletId={walletId} />
        ) : (
          <Card>
            <p className="text-sm text-slate-700 dark:text-slate-300">wallet not found</p>
          </Card>
        )
      ) : (
        <Card>
          <p className="text-sm text-slate-600 dark:text-slate-400">default</p>
        </Card>
      )}
    </IntegrationsScreen>
  );
}
