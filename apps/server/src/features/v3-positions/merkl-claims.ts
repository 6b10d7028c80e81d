import { v3Abis } from '@tidewatch/contracts';
import type { MerklClaims } from '@tidewatch/shared';
import type { Address, Hex } from 'viem';
import { ReadPlan } from '../../core/chain/read-plan.ts';
import { MerklApiError, type MerklUserReward } from '../../core/merkl/merkl-client.ts';
import { addTokenNameReads } from '../../core/merkl/merkl-rewards.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../core/prices/token-amounts.ts';
import { requireChain, requireSavedWallet, type V3PositionsContext } from './context.ts';
import { v3PlanPrices } from './reads/position-reader.ts';

/**
 * GET /api/quickswap/v3/merkl/claims?wallet_address=: what one `claim` of the Merkl distributor pays the wallet
 * now (issue 46). Merkl's API gives each token's cumulative amount in its tree with the proof; one aggregate3 at
 * the latest block reads the distributor's root and `claimed(wallet, token)`, the tokens' names and prices. A
 * token is claimable when its tree is the distributor's root and the amount passes what was claimed; the rest the
 * API counts (its `pending`, or a tree not on chain yet) is left to claim. The API down: 'unavailable', nothing
 * to claim (the distributor pays only with a proof).
 */
export async function getMerklClaims(
  ctx: V3PositionsContext,
  userId: number,
  walletInput: string,
): Promise<MerklClaims> {
  const { chain, prices } = requireChain(ctx);
  const wallet = await requireSavedWallet(ctx, userId, walletInput);
  const distributor = ctx.merkl.distributor;
  let rewards: MerklUserReward[] | null = null;
  try {
    rewards = await ctx.merkl.client.userRewards(wallet, ctx.chainId);
  } catch (error) {
    if (!(error instanceof MerklApiError)) throw error;
  }
  const block = { number: await chain.publicClient.getBlockNumber({ cacheTime: 0 }) };
  const base = { wallet_address: wallet, distributor, block_number: Number(block.number) };
  if (rewards === null) {
    return { ...base, status: 'unavailable', claims: [], left_to_claim: [], claimable_usd: null };
  }
  const plan = new ReadPlan();
  let root: Hex | null = null;
  plan.add<Hex>(
    {
      label: 'Merkl distributor: getMerkleRoot()',
      address: distributor,
      abi: v3Abis.merklDistributor,
      functionName: 'getMerkleRoot',
    },
    (value) => {
      root = value;
    },
  );
  const reads = rewards.map((reward) => {
    const read = { claimed: 0n, symbol: reward.symbol, decimals: reward.decimals };
    plan.add<readonly [bigint, number, Hex]>(
      {
        label: `Merkl distributor: claimed(${wallet}, ${reward.token})`,
        address: distributor,
        abi: v3Abis.merklDistributor,
        functionName: 'claimed',
        args: [wallet, reward.token],
      },
      (value) => {
        read.claimed = value[0];
      },
    );
    addTokenNameReads(plan, reward.token, read);
    return { reward, read };
  });
  const planPrices = v3PlanPrices(
    { db: ctx.db, chainId: ctx.chainId, prices },
    { isPast: false, isLive: true },
  );
  const pricesOf = planPrices(
    plan,
    rewards.map((reward) => reward.token),
  );
  await plan.run(chain, block.number);
  const priced = await pricesOf();
  const amountOf = (token: Address, symbol: string, decimals: number, raw: bigint): RawAmount => ({
    token: { address: token, symbol, decimals },
    raw,
    priceUsd: priced.get(token.toLowerCase())?.usd ?? null,
  });
  const claims: MerklClaims['claims'] = [];
  const claimable: RawAmount[] = [];
  const left: RawAmount[] = [];
  for (const { reward, read } of reads) {
    const isLive =
      root !== null && reward.root !== null && reward.root.toLowerCase() === (root as Hex).toLowerCase();
    const unclaimed = reward.amount > read.claimed ? reward.amount - read.claimed : 0n;
    if (isLive && unclaimed > 0n && reward.proofs.length > 0) {
      const amount = amountOf(reward.token, read.symbol, read.decimals, unclaimed);
      claimable.push(amount);
      claims.push({
        token: amount.token,
        cumulative_raw: reward.amount.toString(),
        proof: reward.proofs,
        claimable: toTokenAmount(amount),
        claimable_raw: unclaimed.toString(),
      });
    }
    const notLive = (isLive ? 0n : unclaimed) + reward.pending;
    if (notLive > 0n) left.push(amountOf(reward.token, read.symbol, read.decimals, notLive));
  }
  return {
    ...base,
    status: 'ok',
    claims,
    left_to_claim: left.map(toTokenAmount),
    claimable_usd: claimable.length === 0 ? 0 : sumUsd(claimable),
  };
}
