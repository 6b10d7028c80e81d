import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { z } from 'zod';

/** A wallet's Merkl rewards as the API tells them: per token, the cumulative amount earned (smallest unit). */
export type MerklCumulative = { token: Address; symbol: string; decimals: number; amount: bigint }[];

/** The Merkl API did not answer usably: down, slow, an HTTP error, or an answer not of its documented shape. */
export class MerklApiError extends Error {
  override readonly name = 'MerklApiError';
}

/**
 * The part of `GET /v4/users/{address}/rewards?chainId=…` this server reads (its documented v4 shape, npm
 * @merkl/api user.controller): per chain, per reward, the token and `amount`, the cumulative amount earned
 * (claimed or not). Anything else in the answer is ignored; an answer without these is garbage.
 */
const merklAnswerSchema = z.array(
  z.object({
    chain: z.object({ id: z.number().int() }),
    rewards: z.array(
      z.object({
        token: z.object({
          address: z.string().refine((value) => isAddress(value, { strict: false })),
          symbol: z.string(),
          decimals: z.number().int().min(0).max(255),
        }),
        amount: z.string().regex(/^\d{1,78}$/),
        // What a claim needs (read by userRewards only): the tree's root, the proof, what is not in it yet.
        root: z.string().optional(),
        proofs: z.array(z.string().regex(/^0x[0-9a-fA-F]{64}$/)).optional(),
        pending: z
          .string()
          .regex(/^\d{1,78}$/)
          .optional(),
      }),
    ),
  }),
);

/** One token of the wallet's Merkl rewards with what a claim of it needs (the API's own fields). */
export type MerklUserReward = {
  token: Address;
  symbol: string;
  decimals: number;
  /** Cumulative in the tree `root` (what `claim` is given with `proofs`). */
  amount: bigint;
  root: Hex | null;
  proofs: Hex[];
  /** Earned, not in the live tree yet. */
  pending: bigint;
};

export type MerklClient = {
  /** Throws MerklApiError when the API is down, slow (past the timeout) or answers garbage. */
  cumulativeRewards(wallet: Address, chainId: number): Promise<MerklCumulative>;
  /** Each reward with its root, proofs and pending (for a claim); throws MerklApiError as cumulativeRewards. */
  userRewards(wallet: Address, chainId: number): Promise<MerklUserReward[]>;
};

/**
 * Merkl's API, as QuickSwap's interface calls it (`/v4/users/{address}/rewards?chainId=137`), with a timeout.
 * @example const rewards = await createMerklClient({ apiUrl: config.merkl.apiUrl, timeoutMs: 5000 }).cumulativeRewards(wallet, 137);
 */
export function createMerklClient(options: { apiUrl: string; timeoutMs: number }): MerklClient {
  const rewardsOf = async (wallet: Address, chainId: number) => {
    const url = `${options.apiUrl}/v4/users/${getAddress(wallet)}/rewards?chainId=${chainId}`;
    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) throw new MerklApiError(`the Merkl API answered HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof MerklApiError) throw error;
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      throw new MerklApiError(
        isTimeout
          ? `the Merkl API did not answer within ${options.timeoutMs} ms`
          : 'the Merkl API could not be reached or did not answer JSON',
        { cause: error },
      );
    }
    const parsed = merklAnswerSchema.safeParse(body);
    if (!parsed.success)
      throw new MerklApiError('the Merkl API answered something that is not its rewards list');
    return parsed.data.filter((c) => c.chain.id === chainId).flatMap((c) => c.rewards);
  };
  return {
    async userRewards(wallet, chainId) {
      return (await rewardsOf(wallet, chainId)).map((reward) => ({
        token: getAddress(reward.token.address),
        symbol: reward.token.symbol,
        decimals: reward.token.decimals,
        amount: BigInt(reward.amount),
        root: /^0x[0-9a-fA-F]{64}$/.test(reward.root ?? '') ? (reward.root as Hex) : null,
        proofs: (reward.proofs ?? []) as Hex[],
        pending: BigInt(reward.pending ?? '0'),
      }));
    },
    async cumulativeRewards(wallet, chainId) {
      const rewards = await rewardsOf(wallet, chainId);
      // Several campaigns may pay one token: one cumulative amount per token.
      const byToken = new Map<string, MerklCumulative[number]>();
      for (const reward of rewards) {
        const token = getAddress(reward.token.address);
        const known = byToken.get(token.toLowerCase());
        const amount = BigInt(reward.amount) + (known?.amount ?? 0n);
        byToken.set(token.toLowerCase(), {
          token,
          symbol: reward.token.symbol,
          decimals: reward.token.decimals,
          amount,
        });
      }
      return [...byToken.values()];
    },
  };
}
