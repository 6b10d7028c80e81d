/**
 * Snapshots of pools, farms and positions: one pipeline, four stages (plan -> read at one block ->
 * value -> store). See pipeline.ts; decision 008.
 */
export {
  type CollectedSnapshots,
  createConfiguredSnapshotPipeline,
  createSnapshotPipeline,
  type SnapshotPipeline,
} from './pipeline.ts';
export { type PolPriceDeps, readPolUsd } from './pol-usd.ts';
export { type PriceSources, priceChoiceOf, type TokenPrice } from './prices.ts';
export { insertSnapshots } from './snapshot-store-repository.ts';
export { planTokenPrices } from './token-prices.ts';
export { valueSnapshots } from './value.ts';
