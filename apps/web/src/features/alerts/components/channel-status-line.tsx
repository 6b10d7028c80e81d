import type { AlertChannel } from '@tidewatch/shared';
import { RelativeTime } from '../../../components/relative-time.tsx';

/** Whether the channel's last error came after its last good delivery (an older error is history). */
function isFailingNow(channel: AlertChannel): boolean {
  if (!channel.last_error) return false;
  if (!channel.last_delivery_at || !channel.last_error_at) return true;
  return new Date(channel.last_error_at).getTime() >= new Date(channel.last_delivery_at).getTime();
}

/**
 * What a channel is doing, in one line: waiting to be linked, paused after failed deliveries, its last
 * error, or when it last delivered.
 */
export function ChannelStatusLine({ channel }: { channel: AlertChannel }) {
  const tone = 'text-xs wrap-anywhere';
  if (channel.status === 'linking' && channel.last_error) {
    // The bot could not be read, or the link's code expired: waiting would be in vain.
    return <p className={`${tone} text-red-700 dark:text-red-300`}>not linked: {channel.last_error}</p>;
  }
  if (channel.status === 'linking') {
    return (
      <p className={`${tone} text-amber-800 dark:text-amber-200`}>
        waiting for the chat: press Start in Telegram
      </p>
    );
  }
  if (channel.status === 'paused') {
    return (
      <p className={`${tone} text-red-700 dark:text-red-300`}>
        paused after {channel.failures_in_a_row} failed deliveries
        {channel.last_error ? ` (last error: ${channel.last_error})` : ''}
      </p>
    );
  }
  if (isFailingNow(channel)) {
    return (
      <p className={`${tone} text-red-700 dark:text-red-300`}>
        last error: {channel.last_error}
        {channel.last_error_at ? (
          <>
            {' '}
            (<RelativeTime time={channel.last_error_at} />)
          </>
        ) : null}
      </p>
    );
  }
  if (channel.last_delivery_at) {
    return (
      <p className={`${tone} text-slate-600 dark:text-slate-400`}>
        last delivery <RelativeTime time={channel.last_delivery_at} />
      </p>
    );
  }
  return (
    <p className={`${tone} text-slate-600 dark:text-slate-400`}>
      {channel.kind === 'telegram' ? 'linked, nothing delivered yet' : 'nothing delivered yet'}
    </p>
  );
}
