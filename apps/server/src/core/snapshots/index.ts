/**
 * Snapshots of pools, farms and positions: one pipeline, four stages (plan -> read at one block ->
 * value -> store). See pipeline.ts; decision 008.
 */
export {
  type CollectedFarm,
  type CollectedPool,
  type CollectedPosition,
  type CollectedSnapshots,
  type CollectedToken,
  type CollectInput,
  createConfiguredSnapshotPipeline,
  createSnapshotPipeline,
  type SnapshotPipeline,
  type SnapshotPipelineDeps,
  type SnapshotsRead,
} from './pipeline.ts';
export {
  asPriceError,
  type PriceChoiceKind,
  type PriceSources,
  priceChoiceOf,
  priceChoices,
  resolvePrices,
  type TokenPrice,
} from './prices.ts';
export {
  type FarmRef,
  type FarmSnapshotRead,
  type FarmSnapshotsRead,
  readFarmSnapshots,
} from './read.ts';
export { insertSnapshots } from './store.ts';
export { tokensOfRead, valueSnapshots } from './value.ts';
