/** `GET /api/health`: database, chain, scheduler and farm index. */
export { healthRoutes } from './routes.ts';
