import { testErc20, v3Abis } from '@tidewatch/contracts';
import type { MerklRewards } from '@tidewatch/shared';
import type { Address } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { decodeStringOrBytes32 } from '../chain/erc20.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import type { PlanChainPrices } from '../prices/plan-chain-prices.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../prices/token-amounts.ts';
import { MerklApiError, type MerklClient, type MerklCumulative } from './merkl-client.ts';

/** Where the last good answer of the Merkl API is kept per wallet (a table: see merkl-repository.ts). */
export type MerklAnswerStore = {
  load(chainId: number, wallet: Address): Promise<{ rewards: MerklCumulative; fetchedAt: string } | null>;
  save(chainId: number, wallet: Address, rewards: MerklCumulative, fetchedAt: Date): Promise<void>;
};

export type MerklDeps = {
  chain: ChainClient;
  chainId: number;
  /** Merkl's Distributor: claimed(user, token). */
  distributor: Address;
  client: MerklClient;
  store: MerklAnswerStore;
  planPrices: PlanChainPrices;
  now: () => Date;
};

/** What the API said, or the last time it said something: cumulative amounts with their age. */
export type MerklAnswer =
  | { status: 'ok' | 'stale'; asOf: string; rewards: MerklCumulative }
  | { status: 'unknown'; asOf: null; rewards: [] };

/**
 * The wallet's cumulative Merkl rewards: from the API (and kept as the last good answer), or when the API is
 * down, slow or answers garbage the last good answer with its age ('stale'); never answered: 'unknown'.
 * Never throws for the API's faults (a store failure still throws).
 */
export async function loadMerklAnswer(deps: MerklDeps, wallet: Address): Promise<MerklAnswer> {
  try {
    const rewards = await deps.client.cumulativeRewards(wallet, deps.chainId);
    const fetchedAt = deps.now();
    await deps.store.save(deps.chainId, wallet, rewards, fetchedAt);
    return { status: 'ok', asOf: fetchedAt.toISOString(), rewards };
  } catch (error) {
    if (!(error instanceof MerklApiError)) throw error;
  }
  const stored = await deps.store.load(deps.chainId, wallet);
  if (!stored) return { status: 'unknown', asOf: null, rewards: [] };
  return { status: 'stale', asOf: stored.fetchedAt, rewards: stored.rewards };
}

/**
 * Merkl rewards pending for the wallet at `block`: the API's cumulative `amount` − the distributor's
 * `claimed(user, token).amount` (cumulative too), per token, priced by the app's rule, in one aggregate3
 * (claimed, symbol and decimals from the chain; the API's symbol and decimals where a token does not answer).
 * Tokens with nothing pending are left out. 'unknown' has no rewards and USD null (never $0).
 * @example const merkl = await valueMerklRewards(deps, wallet, await loadMerklAnswer(deps, wallet), block);
 */
export async function valueMerklRewards(
  deps: MerklDeps,
  wallet: Address,
  answer: MerklAnswer,
  block: bigint,
): Promise<MerklRewards> {
  if (answer.status === 'unknown') return { status: 'unknown', as_of: null, rewards: [], usd: null };
  const plan = new ReadPlan();
  const reads = answer.rewards.map((reward) => {
    const read: { claimed: bigint | null; symbol: string; decimals: number } = {
      claimed: null,
      symbol: reward.symbol,
      decimals: reward.decimals,
    };
    // Optional: a distributor that does not answer costs the Merkl figure alone (issue 43, finding 3), not
    // the positions read in the same aggregate3.
    plan.addOptional<readonly [bigint, number, string]>(
      {
        label: `Merkl distributor: claimed(${wallet}, ${reward.token})`,
        address: deps.distributor,
        abi: v3Abis.merklDistributor,
        functionName: 'claimed',
        args: [wallet, reward.token],
      },
      (v) => {
        read.claimed = v ? v[0] : null;
      },
    );
    addTokenNameReads(plan, reward.token, read);
    return { reward, read };
  });
  const pricesOf = deps.planPrices(
    plan,
    answer.rewards.map((r) => r.token),
  );
  await plan.run(deps.chain, block);
  // What was claimed is the chain's alone to say: without it, what is pending is not known.
  if (reads.some(({ read }) => read.claimed === null)) {
    return { status: 'unknown', as_of: null, rewards: [], usd: null };
  }
  const prices = await pricesOf();
  const pending: RawAmount[] = reads
    .map(({ reward, read }) => ({
      token: { address: reward.token, symbol: read.symbol, decimals: read.decimals },
      raw: pendingAmount(reward.amount, read.claimed ?? 0n),
      priceUsd: prices.get(reward.token.toLowerCase())?.usd ?? null,
    }))
    .filter((amount) => amount.raw > 0n);
  return {
    status: answer.status,
    as_of: answer.asOf,
    rewards: pending.map(toTokenAmount),
    usd: sumUsd(pending),
  };
}

/**
 * A reward token's symbol() and decimals() into `read` (the API's where the token does not answer): the chain names
 * a token, the API only when the chain cannot.
 */
export function addTokenNameReads(
  plan: ReadPlan,
  token: Address,
  read: { symbol: string; decimals: number },
): void {
  plan.addOptional<string>(
    {
      label: `token ${token}: symbol()`,
      address: token,
      abi: testErc20.abi,
      functionName: 'symbol',
      decode: decodeStringOrBytes32,
    },
    (v) => {
      if (v) read.symbol = v;
    },
  );
  plan.addOptional<number>(
    { label: `token ${token}: decimals()`, address: token, abi: testErc20.abi, functionName: 'decimals' },
    (v) => {
      if (v !== null) read.decimals = Number(v);
    },
  );
}

/** What the API's cumulative amount leaves after what the distributor says was claimed (never below zero). */
function pendingAmount(cumulative: bigint, claimed: bigint): bigint {
  return cumulative > claimed ? cumulative - claimed : 0n;
}
