import type { AlertChannel } from '@tidewatch/shared';
import { Button, ErrorBanner } from '../../../components/index.ts';
import { useSendEveryRuleTo } from '../api.ts';

/**
 * Offered once a channel is linked or added: until a rule's box for it is ticked no alert goes there, and
 * ticking it rule by rule was easy to miss. One click ticks it for every rule; the rules below show it.
 */
export function SendEveryRuleHere({
  channel,
  channels,
}: {
  channel: AlertChannel;
  channels: AlertChannel[];
}) {
  const send = useSendEveryRuleTo();
  if (send.isSuccess) {
    return <p className="wrap-anywhere">every rule now sends to {channel.target} too</p>;
  }
  return (
    <div className="space-y-2">
      <p className="text-slate-700 dark:text-slate-300">
        no rule sends here yet: tick it rule by rule below, or
      </p>
      <Button
        size="sm"
        isLoading={send.isPending}
        onClick={() => send.mutate({ channelId: channel.id, channelIds: channels.map((c) => c.id) })}
      >
        send every rule here
      </Button>
      {send.isError ? <ErrorBanner messages={send.error.message} /> : null}
    </div>
  );
}
