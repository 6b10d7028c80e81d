import { useQuery } from '@tanstack/react-query';
import { Card, Page } from '../../components/index.ts';
import { AlertSettingsForm } from '../../features/alerts/components/alert-settings-form.tsx';
import { NotificationList } from '../../features/alerts/components/notification-list.tsx';
import { connectedWalletsQueryOptions } from '../../features/wallets/api/get-connected-wallets.ts';

/** /settings/alerts: the app layer gives the alerts feature the user's wallets. */
export function AlertSettingsRoute() {
  const wallets = useQuery(connectedWalletsQueryOptions());
  return (
    <Page title="alerts">
      <Card>
        <AlertSettingsForm wallets={wallets.data?.wallets ?? []} />
      </Card>
    </Page>
  );
}

/** /notifications. */
export function NotificationsRoute() {
  return (
    <Page title="notifications">
      <NotificationList />
    </Page>
  );
}
