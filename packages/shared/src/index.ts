export * from './alerts.ts';
export * from './auth.ts';
export * from './discovery.ts';
export * from './errors.ts';
export * from './farms.ts';
export * from './health.ts';
export * from './import-wizard.ts';
export * from './wallets.ts';
