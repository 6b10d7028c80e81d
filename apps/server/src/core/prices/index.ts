export * from './coinmarketcap-source.ts';
export * from './onchain-source.ts';
export * from './price-source.ts';
export * from './quote-cache.ts';
