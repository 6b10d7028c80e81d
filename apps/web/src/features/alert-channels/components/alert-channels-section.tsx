import { useQuery } from '@tanstack/react-query';
import { maxAlertChannels } from '@tidewatch/shared';
import { InlineError, Spinner } from '../../../components/index.ts';
import { statusPolling } from '../../../lib/status-polling.ts';
import { alertChannelsQueryOptions, telegramLinkPollMs } from '../api.ts';
import { AddAlertChannel, type OfferRules } from './add-alert-channel.tsx';
import { AlertChannelItem } from './alert-channel-item.tsx';

/**
 * /settings/alerts' channels (issue 36): where alerts go beside e-mail and the bell, each with its status,
 * a test alert, resume and remove; and adding one. The list is read again every few seconds while open, so a
 * status the server changed (a delivery, a hold, a refusal; 'linked' sooner) shows without a reload.
 */
export function AlertChannelsSection({ offerRules }: { offerRules?: OfferRules }) {
  const query = useQuery({
    ...alertChannelsQueryOptions(),
    refetchInterval: (q) =>
      q.state.data?.channels.some((c) => c.status === 'linking')
        ? telegramLinkPollMs
        : statusPolling.alertChannelsMs,
  });
  if (query.isPending) return <Spinner label="loading alert channels" />;
  if (query.isError) {
    return (
      <InlineError
        title="could not load your alert channels"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { channels, telegram } = query.data;
  return (
    <div className="space-y-4">
      {channels.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">no channels yet</p>
      ) : (
        <ul aria-label="alert channels" className="divide-y divide-slate-100 dark:divide-slate-800">
          {channels.map((channel) => (
            <AlertChannelItem key={channel.id} channel={channel} />
          ))}
        </ul>
      )}
      <AddAlertChannel
        telegramAvailable={telegram.available}
        channels={channels}
        isFull={channels.length >= maxAlertChannels}
        {...(offerRules ? { offerRules } : {})}
      />
    </div>
  );
}
