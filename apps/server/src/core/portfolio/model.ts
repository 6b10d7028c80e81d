import type { PositionProfit } from '@tidewatch/shared';
import type { V3Counterparties } from '../books/v3-rows.ts';
import type { OldTokens } from '../chain/token-labels.ts';
import type { DbOrTrx } from '../db/index.ts';

/**
 * A position a wallet holds, whatever its kind (a V2 farm stake, a V3 NFT; next a vault share, a Dragon's Lair
 * stake): what the dashboard adds up, the alerts can evaluate and the books list (issue 42, finding 2).
 */
export type PortfolioPosition = {
  /** Its kind's name (PortfolioProvider.kind). */
  kind: string;
  /** The chain it is on (the registry's id): the dashboard reads the portfolio per chain. */
  chainId: number;
  /** Unique per user: the kind and what identifies the position within it. */
  key: string;
  wallet: string;
  /** 'WBTC-USDC farm', 'WMATIC-USDC V3 #12': how a screen names it. */
  label: string;
  /**
   * USD now: at the profit's snapshot (the newest whose events are final) when there is one, so value now and
   * total profit are of one moment; else the newest snapshot's. Null when unknown (a price no source knew).
   */
  valueNowUsd: number | null;
  /** USD at the newest snapshot taken at or before 24 hours ago; null when none or unknown. */
  value24hAgoUsd: number | null;
  /** The one profit (profit.ts) at `profit.as_of_block`, parts named; null before a snapshot whose events are final. */
  profit: PositionProfit | null;
};

/** What a provider reads with: the database, the chain, the old tokens' labels, the clock, V3's contracts. */
export type PortfolioDeps = {
  db: DbOrTrx;
  chainId: number;
  oldTokens?: OldTokens | undefined;
  now: () => Date;
  /** The position manager and FarmingCenter (a V3 position's books); absent, every NFT move changes hands. */
  v3Counterparties?: V3Counterparties | undefined;
};

/** One kind of position in the portfolio: lists a user's tracked positions of that kind, valued, with their profit. */
export type PortfolioProvider = {
  /** 'v2_farm_stake', 'v3_nft': the portfolio's and the API's name of the kind. */
  kind: string;
  /** The dashboard section's name ('V2 farms', 'V3 positions'). */
  label: string;
  /**
   * The positions, `kind` aside (the portfolio names each with its provider's); `chainId` absent: the instance's
   * own chain (deps.chainId).
   */
  list(
    deps: PortfolioDeps,
    userId: number,
  ): Promise<(Omit<PortfolioPosition, 'kind' | 'chainId'> & { chainId?: number })[]>;
};
