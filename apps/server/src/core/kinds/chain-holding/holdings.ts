import type { ChainHoldings } from '@tidewatch/shared/chains';

/** One thing a wallet holds on another chain, as the portfolio and the alerts name and value it. */
export type ChainHolding = {
  /** Unique per chain and wallet: 'v4:12', 'v2:0xPair', 'syrup:0xPool'. */
  key: string;
  /** 'WETH-USDC V4 #12 on Base', 'WETH-USDC V2 LP on Base', 'syrup pool QUICK -> SPRK on Base'. */
  label: string;
  valueUsd: number | null;
  /** A V4 position's NFT id (its books are read by it); absent for the other kinds. */
  tokenId?: string;
};

/** A stored snapshot's holdings answer. */
export const parseChainHoldings = (json: string) => JSON.parse(json) as ChainHoldings;

const pairOf = (amounts: ChainHoldings['v2_positions'][number]['amounts']) =>
  `${amounts[0].token.symbol}-${amounts[1].token.symbol}`;

/**
 * Every position a holdings answer lists, one entry each, named with its chain: the same figures the 'Every chain'
 * tool shows (valueChainHoldings), so the portfolio and the tool agree at a snapshot's block.
 */
export function holdingsOf(holdings: ChainHoldings): ChainHolding[] {
  const on = `on ${holdings.chain_name}`;
  return [
    ...holdings.v4_positions.map((p) => ({
      key: `v4:${p.token_id}`,
      label: `${pairOf(p.amounts)} V4 #${p.token_id} ${on}`,
      valueUsd: p.value_usd,
      tokenId: p.token_id,
    })),
    ...holdings.v2_positions.map((p) => ({
      key: `v2:${p.pair.toLowerCase()}`,
      label: `${pairOf(p.amounts)} V2 LP ${on}`,
      valueUsd: p.value_usd,
    })),
    ...holdings.syrups.map((s) => ({
      key: `syrup:${s.pool.toLowerCase()}`,
      label: `syrup pool ${s.staked.token.symbol} -> ${s.earned.token.symbol} ${on}`,
      valueUsd: s.value_usd,
    })),
  ];
}
