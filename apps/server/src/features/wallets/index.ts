/** The wallets feature's public surface: the connect guide, saved and watch-only wallets, wallet accounts. */
export { walletsRoutes } from './routes.ts';
export { createWalletsService } from './service.ts';
