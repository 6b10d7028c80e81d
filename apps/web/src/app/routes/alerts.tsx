import { useQuery } from '@tanstack/react-query';
import { Card, Page } from '../../components/index.ts';
import { AlertChannelsSection } from '../../features/alert-channels/components/alert-channels-section.tsx';
import { AlertSettingsForm } from '../../features/alerts/components/alert-settings-form.tsx';
import { NotificationList } from '../../features/alerts/components/notification-list.tsx';
import { SendEveryRuleHere } from '../../features/alerts/components/send-every-rule-here.tsx';
import { connectedWalletsQueryOptions } from '../../features/wallets/api/get-connected-wallets.ts';

/**
 * /settings/alerts: the alert channels (Telegram, Discord, webhooks), then the rules, to which the app layer
 * gives the user's wallets; a channel just added or linked is offered every rule (two features composed here).
 */
export function AlertSettingsRoute() {
  const wallets = useQuery(connectedWalletsQueryOptions());
  return (
    <Page title="alerts">
      <Card title="channels" className="mb-6">
        <AlertChannelsSection
          offerRules={(channel, channels) => <SendEveryRuleHere channel={channel} channels={channels} />}
        />
      </Card>
      <Card title="rules">
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
