/**
 * The alert channels' public surface (issue 36): a user's Telegram chats, Discord and webhook receivers, their
 * routes, the delivery of alerts to them with retries and pauses, and the Telegram link poller. The alerts
 * feature finds events and queues them here (enqueueDeliveries); the jobs deliver them.
 */
export { registerChannelRoutes } from './channel-routes.ts';
export { enqueueDeliveries, ownedChannelIds } from './channels-repository.ts';
export { deliverAlertChannels } from './deliver-channels.ts';
export type { ResolveHost } from './public-address.ts';
export { startTelegramPoller } from './telegram-poller.ts';
