import type { ChainClient } from './chain/client.ts';
import type { OldTokens } from './chain/token-labels.ts';
import type { AppDatabase } from './db/index.ts';
import type { PriceSources } from './snapshots/index.ts';
import type { Throttles } from './throttle/throttles.ts';

/**
 * What the features reading farms on the chain (farms, discovery) are wired with; `chain` and `prices`
 * are absent when no chain is configured.
 */
export type ChainFeatureDeps = {
  database: AppDatabase;
  chainId: number;
  chain?: ChainClient | undefined;
  prices?: PriceSources | undefined;
  now?: (() => Date) | undefined;
  throttles: Throttles;
  /** Old QUICK and old dQUICK (configuration), shown apart from the new ones. */
  oldTokens: OldTokens;
};
