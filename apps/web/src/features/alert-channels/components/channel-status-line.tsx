import type { AlertChannel } from '@tidewatch/shared';
import { RelativeTime } from '../../../components/relative-time.tsx';

/** Whether the channel's last error came after its last good delivery (an older error is history). */
function isFailingNow(channel: AlertChannel): boolean {
  if (!channel.last_error) return false;
  if (!channel.last_delivery_at || !channel.last_error_at) return true;
  return new Date(channel.last_error_at).getTime() >= new Date(channel.last_delivery_at).getTime();
}

/** Whether a receiver's 429 holds the channel now (the server answers the hold while it lasts). */
export function isHeldNow(channel: AlertChannel): boolean {
  return channel.held_until !== null && new Date(channel.held_until).getTime() > Date.now();
}

/**
 * What a channel is doing, in one line: waiting to be linked, paused after failed deliveries, held by the
 * receiver's 429 until a time, its last error, or when it last delivered.
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
  if (isHeldNow(channel)) {
    const until = new Date(channel.held_until!);
    return (
      <p className={`${tone} text-amber-800 dark:text-amber-200`}>
        held until{' '}
        <time dateTime={until.toISOString()}>
          {until.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
        </time>{' '}
        (<RelativeTime time={until} />
        ): the receiver asked to wait{channel.last_error ? ` (${channel.last_error})` : ''}
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
