import type { Address } from 'viem';

/** The block a set of positions was read at (every figure of a read comes from this one block). */
export type V3ReadBlock = { number: bigint; timestamp: bigint };

/** A position NFT as found on the chain: who can collect, its pool, range and liquidity. */
export type FoundV3Position = {
  tokenId: bigint;
  /** Who can collect: the NFT's owner, or for a farmed one the owner of its FarmingCenter L2 NFT. */
  owner: Address;
  /** Deposited in Algebra farming: the FarmingCenter holds the NFT. */
  isFarmed: boolean;
  /** Computed by CREATE2 from the pool deployer (never read). */
  pool: Address;
  token0: Address;
  token1: Address;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
};

/** positions(tokenId)'s answer (Algebra's 11 fields), as viem decodes it. */
export type PositionsAnswer = readonly [
  bigint,
  Address,
  Address,
  Address,
  number,
  number,
  bigint,
  bigint,
  bigint,
  bigint,
  bigint,
];
