import { type Address, encodeDeployData, getAddress, zeroAddress } from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import { runLens } from '../../../core/chain/lens.ts';
import type { PlannedBlock } from '../../../core/chain/read-plan.ts';
import type { VaultStaking, VaultStakingKind } from '../../../core/farm-index/vault-registry.ts';
import { holdingsLensCode } from './holdings-lens-code.ts';

const lensConstructor = [
  {
    type: 'constructor',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'wallet', type: 'address' },
      { name: 'tokens', type: 'address[]' },
      { name: 'pools', type: 'address[]' },
      { name: 'vaults', type: 'address[]' },
      {
        name: 'stakings',
        type: 'tuple[]',
        components: [
          { name: 'kind', type: 'uint8' },
          { name: 'place', type: 'address' },
          { name: 'pid', type: 'uint256' },
        ],
      },
    ],
  },
] as const;

const lensAnswer = [
  { name: 'blockNumber', type: 'uint256' },
  { name: 'blockTimestamp', type: 'uint256' },
  {
    name: 'held',
    type: 'tuple[]',
    components: [
      { name: 'index', type: 'uint256' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  { name: 'failedTokens', type: 'uint256[]' },
  {
    name: 'pools',
    type: 'tuple[]',
    components: [
      { name: 'index', type: 'uint256' },
      { name: 'staked', type: 'uint256' },
      { name: 'earned', type: 'uint256' },
      { name: 'periodFinish', type: 'uint256' },
      { name: 'stakingToken', type: 'address' },
      { name: 'rewardsToken', type: 'address' },
    ],
  },
  { name: 'failedPools', type: 'uint256[]' },
  {
    name: 'vaults',
    type: 'tuple[]',
    components: [
      { name: 'index', type: 'uint256' },
      { name: 'held', type: 'uint256' },
      { name: 'staked', type: 'uint256' },
      { name: 'token0', type: 'address' },
      { name: 'token1', type: 'address' },
      { name: 'pool', type: 'address' },
      { name: 'rewardToken', type: 'address' },
      { name: 'rewarders', type: 'address[2]' },
      { name: 'rewarderTokens', type: 'address[2]' },
    ],
  },
  { name: 'failedVaults', type: 'uint256[]' },
] as const;

/** Where to look for one wallet: ERC-20 balances (lairs), syrup pools, and vaults with where their shares stake. */
export type HoldingsPlaces = {
  tokens: readonly Address[];
  pools: readonly Address[];
  vaults: readonly { vault: Address; staking: VaultStaking | null }[];
};

/** The lens's codes of a staking's shape (holdings-lens.sol's NONE, MASTERCHEF, MINICHEF, STAKING_REWARDS). */
const stakingKindCode: Record<VaultStakingKind, number> = {
  masterchef: 1,
  minichef: 2,
  'staking-rewards': 3,
};

/**
 * What the lens read for one wallet: only the places where it has something, by their index in its places, and
 * the indexes whose reads failed (unknown, not zero); a place in neither holds nothing.
 */
export type LensHoldings = {
  block: PlannedBlock;
  held: readonly { index: number; amount: bigint }[];
  failedTokens: readonly number[];
  pools: readonly {
    index: number;
    staked: bigint;
    earned: bigint;
    periodFinish: bigint;
    stakingToken: Address;
    rewardsToken: Address;
  }[];
  failedPools: readonly number[];
  /** Vaults it has shares of, held or staked, with the vault's tokens and the staking's reward token. */
  vaults: readonly {
    index: number;
    held: bigint;
    staked: bigint;
    token0: Address;
    token1: Address;
    /** The pool the vault provides liquidity to. */
    pool: Address;
    rewardToken: Address;
    /** The chef's rewarders of the vault's pool with their reward tokens (zero address: none). */
    rewarders: readonly { rewarder: Address; token: Address }[];
  }[];
  failedVaults: readonly number[];
};

/**
 * What `wallet` has in every listed place, in ONE JSON-RPC request whatever their number: the creation code of
 * holdings-lens.sol runs in one eth_call (no `to`, nothing deployed) with the addresses in its arguments once,
 * and returns every balance, syrup stake (with the pool's end and tokens) and vault share (held and staked, with the
 * vault's tokens) the wallet has, with the block it read. An aggregate3 of the same reads carries each call's calldata and exceeds what an RPC accepts in one
 * request for hundreds of vaults and every syrup pool.
 * @example const found = await findHoldings(chain, wallet, { tokens: [lair, ...vaults], pools: syrups, stakes });
 */
export async function findHoldings(
  chain: ChainClient,
  wallet: Address,
  places: HoldingsPlaces,
  at: bigint | 'latest' = 'latest',
): Promise<LensHoldings> {
  const data = encodeDeployData({
    abi: lensConstructor,
    bytecode: holdingsLensCode,
    args: [
      wallet,
      [...places.tokens],
      [...places.pools],
      places.vaults.map((v) => v.vault),
      places.vaults.map(({ staking }) => ({
        kind: staking ? stakingKindCode[staking.kind] : 0,
        place: staking?.address ?? zeroAddress,
        pid: BigInt(staking?.pid ?? 0),
      })),
    ],
  });
  const decoded = await runLens(
    chain,
    { data, answer: lensAnswer, label: `vault holdings of ${wallet}` },
    at,
  );
  const [number, timestamp, held, failedTokens, pools, failedPools, vaults, failedVaults] = decoded;
  const indexes = (list: readonly bigint[]) => list.map(Number);
  return {
    block: { number, timestamp },
    held: held.map((h) => ({ index: Number(h.index), amount: h.amount })),
    failedTokens: indexes(failedTokens),
    pools: pools.map((p) => ({
      ...p,
      index: Number(p.index),
      stakingToken: getAddress(p.stakingToken),
      rewardsToken: getAddress(p.rewardsToken),
    })),
    failedPools: indexes(failedPools),
    vaults: vaults.map((v) => ({
      index: Number(v.index),
      held: v.held,
      staked: v.staked,
      token0: getAddress(v.token0),
      token1: getAddress(v.token1),
      pool: getAddress(v.pool),
      rewardToken: getAddress(v.rewardToken),
      rewarders: v.rewarders.flatMap((rewarder, r) =>
        rewarder === zeroAddress
          ? []
          : [{ rewarder: getAddress(rewarder), token: getAddress(v.rewarderTokens[r]!) }],
      ),
    })),
    failedVaults: indexes(failedVaults),
  };
}
