import type { AlertChannel, AlertChannelKind } from '@tidewatch/shared';

/** How each kind of channel is named on screen. */
export const channelKindLabels: Record<AlertChannelKind, string> = {
  telegram: 'Telegram',
  discord: 'Discord',
  webhook: 'webhook',
};

/**
 * A channel as the settings name it: its kind and where it goes ('Telegram @ada', 'webhook https://…').
 * The rules table's checkboxes and the remove dialog use it, so a person sees the same name everywhere.
 */
export function channelName(channel: Pick<AlertChannel, 'kind' | 'target'>): string {
  return `${channelKindLabels[channel.kind]} ${channel.target}`;
}
