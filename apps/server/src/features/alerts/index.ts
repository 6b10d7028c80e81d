/** The alerts feature's public surface: its routes, and the steps the scheduled jobs run. */
export { deliverAlertEmails } from './deliver.ts';
export { evaluateAlerts } from './evaluate.ts';
export { alertsRoutes } from './routes.ts';
