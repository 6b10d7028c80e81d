export * from './classify.ts';
export * from './client.ts';
export * from './erc20.ts';
export * from './errors.ts';
export * from './extract-addresses.ts';
export * from './farm-snapshots.ts';
export * from './multicall.ts';
export * from './structure-cache.ts';
