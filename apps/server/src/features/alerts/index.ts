/** The alerts feature's public surface: its routes, and the steps the scheduled jobs run. */
export { deliverAlertEmails } from './deliver.ts';
export { deliverAlertChannels } from './deliver-channels.ts';
export { evaluateAlerts } from './evaluate.ts';
export { alertsRoutes } from './routes.ts';
export { startTelegramPoller } from './telegram-poller.ts';
export { evaluateV3Alerts } from './v3-evaluate.ts';
