import type { TokenAmount } from '@tidewatch/shared/recovery';
import { deadlineAfter, minimumAmounts } from '@tidewatch/shared/recovery-calls';
import {
  claimFarmingRewardsCall,
  closePositionCall,
  collectFeesCall,
  involvesNative,
  leaveFarmingCall,
  MAX_UINT128,
  type MerklClaim,
  merklClaimCall,
  type V3ActionContracts,
  type V3ActionPosition,
  v3ActionAbis,
} from '@tidewatch/shared/v3-action-calls';
import type { MerklClaims, V3Position } from '@tidewatch/shared/v3-positions';
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  isAddressEqual,
  type PublicClient,
  zeroAddress,
} from 'viem';
import type { PreparedCall, PrepareTools, TransactionRequest } from '../../transactions/index.ts';
import { readActionPosition, verifyActionContracts } from './action-position.ts';

/**
 * The runner's requests for the actions on a V3 position (issue 46): each builds its call when it runs, from the
 * contracts checked on chain and the position read now (action-position.ts), with the shared builders
 * (v3-action-calls.ts); what arrives is the call's own static result at the latest block, shown before the
 * wallet asks. A position the wallet no longer has, or contracts that do not match, send nothing.
 */

type Token = { address: string; symbol: string; decimals: number };

const encode = (call: { abi: readonly unknown[]; functionName: string; args: readonly unknown[] }) =>
  encodeFunctionData(call as never);

function amountOf(token: Token, raw: bigint, priceUsd: number | null): TokenAmount {
  const amount = formatUnits(raw, token.decimals);
  return {
    address: getAddress(token.address),
    symbol: token.symbol,
    decimals: token.decimals,
    raw: raw.toString(),
    amount,
    usd: priceUsd === null ? null : Number(amount) * priceUsd,
  };
}

/** The call's return data from the account at the latest block (what the review then simulates again). */
async function staticResult(client: PublicClient, account: Address, call: PreparedCall): Promise<Hex> {
  const { data } = await client.call({ account, to: call.address, data: encode(call) });
  return data ?? '0x';
}

function decodeAs<T>(abi: readonly unknown[], functionName: string, data: Hex): T {
  return decodeFunctionResult({ abi, functionName, data } as never) as T;
}

/** A multicall's results, each decoded as the function at its place ('-': not read). */
function multicallParts(call: PreparedCall, data: Hex, functions: readonly string[]): unknown[] {
  const results = decodeAs<readonly Hex[]>(call.abi, 'multicall', data);
  return functions.map((name, i) => (name === '-' ? null : decodeAs(call.abi, name, results[i] ?? '0x')));
}

/** The position's two tokens as they arrive: WPOL named POL when it is unwrapped. */
function positionTokens(position: V3Position, native: boolean, contracts: V3ActionContracts): [Token, Token] {
  const rename = (token: Token): Token =>
    native && isAddressEqual(getAddress(token.address), contracts.wNative)
      ? { ...token, symbol: 'POL' }
      : token;
  return [rename(position.pool.token0), rename(position.pool.token1)];
}

type ActionContext = {
  position: V3Position;
  contracts: V3ActionContracts;
  polUsd: number | null;
};

/** Reads what every action starts from: the contracts checked, the position now. */
async function startAction(ctx: ActionContext, tools: PrepareTools): Promise<V3ActionPosition> {
  await verifyActionContracts(tools.client, ctx.contracts);
  return readActionPosition(tools.client, ctx.contracts, ctx.position, tools.account);
}

const contractLabel = (deposited: boolean) =>
  deposited ? 'QuickSwap V3 FarmingCenter' : 'QuickSwap V3 position manager';

/**
 * Collect the fees: to the wallet, or with `receiveNative` WPOL unwrapped to POL (the owed amounts as each
 * side's minimum, as QuickSwap's interface sends them).
 */
export function collectFeesRequest(ctx: ActionContext, receiveNative: boolean): TransactionRequest {
  const { position, contracts } = ctx;
  const native =
    receiveNative &&
    involvesNative(
      { token0: getAddress(position.pool.token0.address), token1: getAddress(position.pool.token1.address) },
      contracts.wNative,
    );
  return {
    stepKind: 'v3_collect',
    contractLabel: contractLabel(position.is_farmed),
    functionSignature: native
      ? 'multicall(collect, unwrapWNativeToken, sweepToken)'
      : 'collect((uint256,address,uint128,uint128))',
    receives: [],
    polUsd: ctx.polUsd,
    key: `v3_collect:${position.token_id}`,
    async prepare(tools) {
      const now = await startAction(ctx, tools);
      const [address, abi] = now.isDeposited
        ? [contracts.farmingCenter, v3ActionAbis.farmingCenter]
        : [contracts.positionManager, v3ActionAbis.positionManager];
      const owedCall = {
        address,
        abi,
        functionName: 'collect',
        args: [
          {
            tokenId: now.tokenId,
            recipient: tools.account,
            amount0Max: MAX_UINT128,
            amount1Max: MAX_UINT128,
          },
        ],
      } as PreparedCall;
      const [owed0, owed1] = decodeAs<readonly [bigint, bigint]>(
        abi,
        'collect',
        await staticResult(tools.client, tools.account, owedCall),
      );
      if (owed0 === 0n && owed1 === 0n) throw new Error('this position has no fees to collect now');
      const call = collectFeesCall(
        now,
        contracts,
        { account: tools.account, native: native ? { minimum0: owed0, minimum1: owed1 } : undefined },
        encode,
      ) as PreparedCall;
      const [t0, t1] = positionTokens(position, native, contracts);
      return {
        ...call,
        receives: [
          amountOf(t0, owed0, position.pool.price0_usd),
          amountOf(t1, owed1, position.pool.price1_usd),
        ],
      };
    },
  };
}

/** The reward tokens the wallet may hold a farming balance of: the incentive's, and any unclaimed ones listed. */
function rewardTokensOf(position: V3Position): Token[] {
  const farming = position.farming;
  if (!farming) return [];
  const tokens = [
    farming.incentive.reward_token,
    farming.incentive.bonus_reward_token,
    ...farming.unclaimed.map((u) => u.token),
  ];
  return tokens.filter(
    (token, i): token is Token =>
      token !== null &&
      tokens.findIndex((other) => other?.address.toLowerCase() === token.address.toLowerCase()) === i,
  );
}

/** The amounts each claimReward of a multicall paid, by token, in the call's order. */
function claimedAmounts(
  call: PreparedCall,
  data: Hex,
  tokens: readonly Token[],
  leading: number,
  trailing: number,
) {
  if (call.functionName !== 'multicall') return [];
  const claimCount = (call.args[0] as Hex[]).length - leading - trailing;
  const names = [
    ...Array(leading).fill('-'),
    ...Array(claimCount).fill('claimReward'),
    ...Array(trailing).fill('-'),
  ];
  const parts = multicallParts(call, data, names).slice(leading, leading + claimCount) as bigint[];
  return parts.map((raw, i) => ({ token: tokens[i]!, raw }));
}

/** USD per token of a reward (the position's figures where they name it; else unknown). */
function rewardPrice(position: V3Position, token: Token): number | null {
  const farming = position.farming;
  const listed = [...(farming?.pending ?? []), ...(farming?.unclaimed ?? [])].find(
    (entry) => entry.token.address.toLowerCase() === token.address.toLowerCase(),
  );
  if (!listed || listed.usd === null || Number(listed.amount) === 0) return null;
  return listed.usd / Number(listed.amount);
}

/** Claim farming rewards: collectRewards (while it farms) and claimReward of each reward token, one transaction. */
export function claimRewardsRequest(ctx: ActionContext): TransactionRequest {
  const { position, contracts } = ctx;
  return {
    stepKind: 'v3_claim_rewards',
    contractLabel: 'QuickSwap V3 FarmingCenter',
    functionSignature: 'multicall(collectRewards, claimReward…)',
    receives: [],
    polUsd: ctx.polUsd,
    key: `v3_claim_rewards:${position.token_id}`,
    async prepare(tools) {
      const now = await startAction(ctx, tools);
      const tokens = rewardTokensOf(position);
      const call = claimFarmingRewardsCall(
        now,
        contracts,
        { account: tools.account, rewardTokens: tokens.map((t) => getAddress(t.address)) },
        encode,
      ) as PreparedCall;
      const data = await staticResult(tools.client, tools.account, call);
      const claimed = claimedAmounts(call, data, claimOrder(now, tokens), now.incentive ? 1 : 0, 0);
      if (claimed.every(({ raw }) => raw === 0n))
        throw new Error('there are no farming rewards to claim now');
      return {
        ...call,
        receives: claimed.map(({ token, raw }) => amountOf(token, raw, rewardPrice(position, token))),
      };
    },
  };
}

/** The reward tokens in the order the builder claims them (the incentive's two first, then the rest, distinct). */
function claimOrder(now: V3ActionPosition, tokens: readonly Token[]): Token[] {
  const first = now.incentive ? [now.incentive.rewardToken, now.incentive.bonusRewardToken] : [];
  const ordered = [...first, ...tokens.map((t) => getAddress(t.address))].filter(
    (address, i, all) => address !== zeroAddress && all.findIndex((a) => isAddressEqual(a, address)) === i,
  );
  return ordered
    .map((address) => tokens.find((t) => isAddressEqual(getAddress(t.address), address))!)
    .filter(Boolean);
}

/** Leave farming: exitFarming, the rewards claimed on the way, the NFT back to the wallet (one transaction). */
export function leaveFarmingRequest(ctx: ActionContext): TransactionRequest {
  const { position, contracts } = ctx;
  return {
    stepKind: 'v3_leave_farming',
    contractLabel: 'QuickSwap V3 FarmingCenter',
    functionSignature: 'multicall(exitFarming, claimReward…, withdrawToken)',
    receives: [],
    polUsd: ctx.polUsd,
    key: `v3_leave_farming:${position.token_id}`,
    async prepare(tools) {
      const now = await startAction(ctx, tools);
      const call = leaveFarmingCall(now, contracts, { account: tools.account }, encode) as PreparedCall;
      const data = await staticResult(tools.client, tools.account, call);
      const tokens = claimOrder(now, rewardTokensOf(position)).slice(0, now.incentive ? 2 : 0);
      const claimed = claimedAmounts(call, data, tokens, now.incentive ? 1 : 0, 1);
      return {
        ...call,
        receives: claimed.map(({ token, raw }) => amountOf(token, raw, rewardPrice(position, token))),
      };
    },
  };
}

/**
 * Close the position: decrease all its liquidity (minimums: a static decreaseLiquidity now less `slippageBps`),
 * collect everything, burn the NFT, one multicall; the deadline on the chain's clock. A farmed position must leave
 * farming first (its own step).
 */
export function closePositionRequest(
  ctx: ActionContext,
  options: { slippageBps: number; receiveNative: boolean },
): TransactionRequest {
  const { position, contracts } = ctx;
  return {
    stepKind: 'v3_close',
    contractLabel: 'QuickSwap V3 position manager',
    functionSignature: 'multicall(decreaseLiquidity, collect, burn)',
    receives: [],
    polUsd: ctx.polUsd,
    key: `v3_close:${position.token_id}`,
    async prepare(tools) {
      const now = await startAction(ctx, tools);
      if (now.isDeposited) throw new Error('leave farming first: FarmingCenter holds this position');
      let amountsMin: readonly [bigint, bigint] = [0n, 0n];
      if (now.liquidity > 0n) {
        const decrease = {
          address: contracts.positionManager,
          abi: v3ActionAbis.positionManager,
          functionName: 'decreaseLiquidity',
          args: [
            {
              tokenId: now.tokenId,
              liquidity: now.liquidity,
              amount0Min: 0n,
              amount1Min: 0n,
              deadline: 2n ** 64n,
            },
          ],
        } as PreparedCall;
        const out = decodeAs<readonly [bigint, bigint]>(
          v3ActionAbis.positionManager,
          'decreaseLiquidity',
          await staticResult(tools.client, tools.account, decrease),
        );
        amountsMin = minimumAmounts([out[0], out[1]] as const, options.slippageBps);
      }
      const native = options.receiveNative && involvesNative(now, contracts.wNative);
      const deadline = deadlineAfter(await tools.latestBlockTimestamp());
      // Collect as POL: each side's least is its liquidity minimum (the fees on top are not bounded below).
      const call = closePositionCall(
        now,
        contracts,
        {
          account: tools.account,
          amountsMin,
          deadline,
          native: native ? { minimum0: amountsMin[0], minimum1: amountsMin[1] } : undefined,
        },
        encode,
      ) as PreparedCall;
      const data = await staticResult(tools.client, tools.account, call);
      const names = [...(now.liquidity > 0n ? ['-'] : []), 'collect'];
      const [collected] = multicallParts(call, data, names).slice(-1) as [readonly [bigint, bigint]];
      const [t0, t1] = positionTokens(position, native, contracts);
      return {
        ...call,
        receives: [
          amountOf(t0, collected[0], position.pool.price0_usd),
          amountOf(t1, collected[1], position.pool.price1_usd),
        ],
      };
    },
  };
}

/** Claim Merkl rewards: every token claimable now, one `claim` with the API's proofs (read just before). */
export function merklClaimRequest(
  claims: MerklClaims,
  polUsd: number | null,
  verifiedDistributor: string,
): TransactionRequest {
  return {
    stepKind: 'merkl_claim',
    contractLabel: 'Merkl distributor',
    functionSignature: 'claim(address[],address[],uint256[],bytes32[][])',
    receives: claims.claims.map((claim) =>
      amountOf(
        claim.token,
        BigInt(claim.claimable_raw),
        claim.claimable.usd === null ? null : claim.claimable.usd / Number(claim.claimable.amount),
      ),
    ),
    polUsd,
    key: 'merkl_claim',
    async prepare(tools) {
      if (!isAddressEqual(getAddress(claims.distributor), getAddress(verifiedDistributor)))
        throw new Error(`${claims.distributor} is not the Merkl distributor this app reads: nothing is sent`);
      const list: MerklClaim[] = claims.claims.map((claim) => ({
        token: getAddress(claim.token.address),
        cumulativeAmount: BigInt(claim.cumulative_raw),
        proof: claim.proof as Hex[],
      }));
      return merklClaimCall(getAddress(claims.distributor), {
        account: tools.account,
        claims: list,
      }) as PreparedCall;
    },
  };
}
