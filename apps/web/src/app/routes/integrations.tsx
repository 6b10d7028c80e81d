import { useParams, useSearchParams } from 'react-router';
import { Card, PlaceholderScreen } from '../../components/index.ts';
import { IntegrationCallbackForm } from '../../features/integrations/components/integration-callback-form.tsx';
import { IntegrationsScreen } from '../../features/integrations/components/integrations-screen.tsx';

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

/** /integrations, /integrations/{action} and /login/{action}. 'view' is filled by the wallets change. */
export function IntegrationsRoute() {
  const { action } = useParams();
  if (action === 'callback') return <IntegrationsCallbackRoute />;
  return (
    <IntegrationsScreen>
      {action === 'view' ? (
        <PlaceholderScreen title="wallet">The wallet's details appear here.</PlaceholderScreen>
      ) : (
        <Card>
          <p className="text-sm text-slate-600">default</p>
        </Card>
      )}
    </IntegrationsScreen>
  );
}
