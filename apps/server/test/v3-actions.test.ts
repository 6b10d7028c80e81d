import { testErc20, v3Abis } from '@tidewatch/contracts';
import {
  type LedgerRow,
  ledgerSchema,
  merklClaimsSchema,
  type SentTransactionKind,
  v3WalletPositionsSchema,
} from '@tidewatch/shared';
import {
  DEFAULT_SLIPPAGE_BPS,
  deadlineAfter,
  minimumAmounts,
  withGasMargin,
} from '@tidewatch/shared/recovery-calls';
import {
  claimFarmingRewardsCall,
  closePositionCall,
  collectFeesCall,
  leaveFarmingCall,
  merklClaimCall,
  type V3ActionContracts,
  type V3ActionPosition,
  v3ActionAbis,
} from '@tidewatch/shared/v3-action-calls';
import { worldPriceOptions } from '@tidewatch/testkit';
import { sql } from 'kysely';
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { startRecordedSendsJob } from '../src/jobs/recorded-sends-job.ts';
import { startV3TestWorld, type V3TestWorld } from './v3-setup.ts';

// Acting on QuickSwap V3 positions (issue 46) with the browser's own call builders, on Algebra V1.0's npm bytecode
// and Merkl's distributor: after each action the wallet's balances equal the test's own static call of the same
// transaction at the block before it (same timestamp), the NFT is where it should be, nothing is left behind,
// the server accepts the send as the action it is, and the books show what each did.
let w: V3TestWorld;
const hashes: Partial<Record<string, Hash>> = {};

beforeAll(async () => {
  w = await startV3TestWorld();
}, 180_000);
afterAll(() => w?.close());

const user = () => w.t.world.accounts.user.address;
const c = () => w.t.anvil.client;
const encode = (call: { abi: readonly unknown[]; functionName: string; args: readonly unknown[] }) =>
  encodeFunctionData(call as never);
const contracts = (): V3ActionContracts => ({
  positionManager: w.v3World.positionManager,
  farmingCenter: w.v3World.farmingCenter,
  wNative: w.v3World.wNative,
});

/** The position as the chain shows it now: what the browser reads before it builds an action. */
async function positionNow(tokenId: bigint): Promise<V3ActionPosition> {
  const p = await c().readContract({
    address: w.v3World.positionManager,
    abi: v3Abis.positionManager,
    functionName: 'positions',
    args: [tokenId],
  });
  const owner = await c().readContract({
    address: w.v3World.positionManager,
    abi: v3Abis.positionManager,
    functionName: 'ownerOf',
    args: [tokenId],
  });
  const isDeposited = getAddress(owner) === getAddress(w.v3World.farmingCenter);
  let inFarm = false;
  if (isDeposited) {
    const deposit = await c().readContract({
      address: w.v3World.farmingCenter,
      abi: v3Abis.farmingCenter,
      functionName: 'deposits',
      args: [tokenId],
    });
    inFarm = deposit[1] > 0;
  }
  return {
    tokenId,
    token0: getAddress(p[2]),
    token1: getAddress(p[3]),
    liquidity: p[6],
    isDeposited,
    incentive: inFarm ? w.v3World.incentive.key : null,
  };
}

type Sendable = { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] };

/**
 * The test's prediction and the send: a static call of the transaction from the wallet at the latest block with
 * the next block's timestamp (rewards accrue by the second), then the same transaction mined at that timestamp.
 * Returns the static call's return data and the receipt.
 */
async function predictThenSend(call: Sendable) {
  const latest = await c().getBlock();
  const time = latest.timestamp + 5n;
  const data = encode(call);
  const predicted = await c().call({
    account: user(),
    to: call.address,
    data,
    blockNumber: latest.number,
    blockOverrides: { time, number: latest.number + 1n },
  });
  await c().request({ method: 'evm_setNextBlockTimestamp', params: [toHex(time)] } as never);
  // With the margin the browser sends with (sendReviewedCall): farming's work grows with the seconds passed.
  const estimate = await c().estimateGas({ account: user(), to: call.address, data });
  const gas = withGasMargin(estimate);
  const hash = await c().sendTransaction({ account: user(), to: call.address, data, gas, chain: null });
  const receipt = await c().waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return { returned: predicted.data as Hex, receipt, hash };
}

const balanceOf = (token: Address) =>
  c().readContract({ address: token, abi: testErc20.abi, functionName: 'balanceOf', args: [user()] });
const nativeBalance = () => c().getBalance({ address: user() });

/** Each multicall result decoded as the function it answers. */
function multicallResults(abi: readonly unknown[], returned: Hex, functions: string[]) {
  const [results] = [
    decodeFunctionResult({ abi, functionName: 'multicall', data: returned } as never) as readonly Hex[],
  ];
  return functions.map((functionName, i) =>
    functionName === '-'
      ? null
      : (decodeFunctionResult({ abi, functionName, data: results[i]! } as never) as unknown),
  );
}

async function record(hash: Hash, kind: SentTransactionKind, wallet: Address = user()) {
  return w.testApp.request({
    method: 'POST',
    url: '/api/recovery/transactions',
    token: w.user.token,
    payload: { wallet_address: wallet, tx_hash: hash, step_kind: kind },
  });
}

describe('acting on V3 positions', () => {
  it("offers actions for a signed wallet and names the contracts they go to; a watch-only wallet's are off", async () => {
    const read = async (wallet: Address) => {
      const response = await w.testApp.request({
        method: 'GET',
        url: `/api/quickswap/v3/positions?wallet_address=${wallet}`,
        token: w.user.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return v3WalletPositionsSchema.parse(response.json());
    };
    const signed = await read(user());
    expect(signed.can_act).toBe(true);
    expect(signed.contracts).toEqual({
      position_manager: w.v3World.positionManager,
      farming_center: w.v3World.farmingCenter,
      merkl_distributor: w.v3World.merkl.distributor,
      wnative: w.v3World.wNative,
    });
    const watched = w.t.world.accounts.deployer.address;
    const at = new Date().toISOString();
    await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at, is_watch_only)
      values (${w.user.userId}, 'Watched', ${watched}, ${w.t.world.chainId}, ${at}, ${at}, 1)`.execute(
      w.testApp.database.db,
    );
    expect((await read(watched)).can_act).toBe(false);
  });

  it("collects an unfarmed position's fees to the wallet: what the static collect predicted", async () => {
    const tokenId = w.v3World.positions.inRange.tokenId;
    const position = await positionNow(tokenId);
    const before = [await balanceOf(position.token0), await balanceOf(position.token1)];
    const { returned, hash } = await predictThenSend(
      collectFeesCall(position, contracts(), { account: user() }, encode),
    );
    const [fee0, fee1] = decodeFunctionResult({
      abi: v3Abis.positionManager,
      functionName: 'collect',
      data: returned,
    }) as readonly [bigint, bigint];
    expect(fee0 + fee1).toBeGreaterThan(0n);
    expect([await balanceOf(position.token0), await balanceOf(position.token1)]).toEqual([
      before[0]! + fee0,
      before[1]! + fee1,
    ]);
    hashes.collect = hash;
    // Recorded as another action than it is: refused, naming the field.
    const wrong = await record(hash, 'merkl_claim');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('tx_hash');
    expect((await record(hash, 'v3_collect')).statusCode).toBe(200);
  });

  it("collects a farmed position's fees through FarmingCenter as POL: WPOL unwrapped, the other token swept", async () => {
    const tokenId = w.v3World.positions.farmed.tokenId;
    const position = await positionNow(tokenId);
    expect(position.isDeposited).toBe(true);
    // What is owed now, from the L2 owner (the wallet): the minimums the builder is given, as QuickSwap's interface.
    const owed = (
      await c().simulateContract({
        account: user(),
        address: w.v3World.farmingCenter,
        abi: v3Abis.farmingCenter,
        functionName: 'collect',
        args: [{ tokenId, recipient: user(), amount0Max: 2n ** 128n - 1n, amount1Max: 2n ** 128n - 1n }],
      })
    ).result;
    const call = collectFeesCall(
      position,
      contracts(),
      { account: user(), native: { minimum0: owed[0], minimum1: owed[1] } },
      encode,
    );
    const wNativeIs0 = getAddress(position.token0) === getAddress(w.v3World.wNative);
    const other = wNativeIs0 ? position.token1 : position.token0;
    const [nativeBefore, otherBefore, wrappedBefore] = [
      await nativeBalance(),
      await balanceOf(other),
      await balanceOf(w.v3World.wNative),
    ];
    const { returned, receipt, hash } = await predictThenSend(call);
    const [collected] = multicallResults(v3ActionAbis.farmingCenter, returned, ['collect', '-', '-']) as [
      readonly [bigint, bigint],
    ];
    const [nativePaid, otherPaid] = wNativeIs0 ? [collected[0], collected[1]] : [collected[1], collected[0]];
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await nativeBalance()).toBe(nativeBefore + nativePaid - gas);
    expect(await balanceOf(other)).toBe(otherBefore + otherPaid);
    expect(await balanceOf(w.v3World.wNative)).toBe(wrappedBefore);
    // Nothing left behind in FarmingCenter.
    expect(
      await c().readContract({
        address: w.v3World.wNative,
        abi: testErc20.abi,
        functionName: 'balanceOf',
        args: [w.v3World.farmingCenter],
      }),
    ).toBe(0n);
    expect((await record(hash, 'v3_collect')).statusCode).toBe(200);
  });

  it('claims farming rewards in one transaction: collectRewards then claimReward of both tokens', async () => {
    const position = await positionNow(w.v3World.positions.farmed.tokenId);
    const { rewardToken, bonusRewardToken } = w.v3World.incentive.key;
    const before = [await balanceOf(rewardToken), await balanceOf(bonusRewardToken)];
    const call = claimFarmingRewardsCall(
      position,
      contracts(),
      { account: user(), rewardTokens: [] },
      encode,
    );
    const { returned, hash } = await predictThenSend(call);
    const [, reward, bonus] = multicallResults(v3ActionAbis.farmingCenter, returned, [
      '-',
      'claimReward',
      'claimReward',
    ]) as [null, bigint, bigint];
    expect(reward).toBeGreaterThan(0n);
    expect(bonus).toBeGreaterThan(0n);
    expect([await balanceOf(rewardToken), await balanceOf(bonusRewardToken)]).toEqual([
      before[0]! + reward,
      before[1]! + bonus,
    ]);
    hashes.claim = hash;
    expect((await record(hash, 'v3_claim_rewards')).statusCode).toBe(200);
  });

  it('leaves farming: rewards claimed on the way and the NFT back in the wallet', async () => {
    const tokenId = w.v3World.positions.farmed.tokenId;
    const position = await positionNow(tokenId);
    const { rewardToken, bonusRewardToken } = w.v3World.incentive.key;
    const before = [await balanceOf(rewardToken), await balanceOf(bonusRewardToken)];
    const { returned, hash } = await predictThenSend(
      leaveFarmingCall(position, contracts(), { account: user() }, encode),
    );
    const [, reward, bonus] = multicallResults(v3ActionAbis.farmingCenter, returned, [
      '-',
      'claimReward',
      'claimReward',
      '-',
    ]) as [null, bigint, bigint];
    expect([await balanceOf(rewardToken), await balanceOf(bonusRewardToken)]).toEqual([
      before[0]! + reward,
      before[1]! + bonus,
    ]);
    const owner = await c().readContract({
      address: w.v3World.positionManager,
      abi: v3Abis.positionManager,
      functionName: 'ownerOf',
      args: [tokenId],
    });
    expect(getAddress(owner)).toBe(getAddress(user()));
    // No farming balance left for the wallet in either token.
    for (const token of [rewardToken, bonusRewardToken]) {
      const left = await c().readContract({
        address: w.v3World.eternalFarming,
        abi: v3Abis.eternalFarming,
        functionName: 'rewards',
        args: [user(), token],
      });
      expect(left).toBe(0n);
    }
    expect((await record(hash, 'v3_leave_farming')).statusCode).toBe(200);
  });

  for (const key of ['inRange', 'farmed'] as const) {
    it(`closes the ${key} position in one multicall: liquidity out within 0.5 %, everything collected, the NFT burned`, async () => {
      const tokenId = w.v3World.positions[key].tokenId;
      const position = await positionNow(tokenId);
      expect(position.isDeposited).toBe(false);
      const latest = await c().getBlock();
      // The minimums: a static decreaseLiquidity from the wallet, less the default slippage.
      const out = (
        await c().simulateContract({
          account: user(),
          address: w.v3World.positionManager,
          abi: v3Abis.positionManager,
          functionName: 'decreaseLiquidity',
          args: [
            { tokenId, liquidity: position.liquidity, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 64n },
          ],
        })
      ).result;
      const amountsMin = minimumAmounts([out[0], out[1]] as const, DEFAULT_SLIPPAGE_BPS);
      const call = closePositionCall(
        position,
        contracts(),
        { account: user(), amountsMin, deadline: deadlineAfter(latest.timestamp) },
        encode,
      );
      const before = [await balanceOf(position.token0), await balanceOf(position.token1)];
      const { returned, hash } = await predictThenSend(call);
      const [removed, collected] = multicallResults(v3ActionAbis.positionManager, returned, [
        'decreaseLiquidity',
        'collect',
        '-',
      ]) as [readonly [bigint, bigint], readonly [bigint, bigint]];
      expect(removed[0]).toBeGreaterThanOrEqual(amountsMin[0]);
      expect(removed[1]).toBeGreaterThanOrEqual(amountsMin[1]);
      expect(collected[0]).toBeGreaterThanOrEqual(removed[0]);
      expect([await balanceOf(position.token0), await balanceOf(position.token1)]).toEqual([
        before[0]! + collected[0],
        before[1]! + collected[1],
      ]);
      await expect(
        c().readContract({
          address: w.v3World.positionManager,
          abi: v3Abis.positionManager,
          functionName: 'ownerOf',
          args: [tokenId],
        }),
      ).rejects.toThrow();
      hashes[`close:${key}`] = hash;
      expect((await record(hash, 'v3_close')).statusCode).toBe(200);
    });
  }

  it("claims the wallet's Merkl rewards with the API's proofs: all tokens, what is claimable now", async () => {
    const response = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/v3/merkl/claims?wallet_address=${user()}`,
      token: w.user.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const claims = merklClaimsSchema.parse(response.json());
    expect(claims.status).toBe('ok');
    expect(claims.claims.length).toBe(2);
    const tokens = claims.claims.map((claim) => getAddress(claim.token.address));
    const before = await Promise.all(tokens.map(balanceOf));
    const call = merklClaimCall(getAddress(claims.distributor), {
      account: user(),
      claims: claims.claims.map((claim) => ({
        token: getAddress(claim.token.address),
        cumulativeAmount: BigInt(claim.cumulative_raw),
        proof: claim.proof as Hex[],
      })),
    });
    const { hash } = await predictThenSend(call);
    const after = await Promise.all(tokens.map(balanceOf));
    expect(after).toEqual(before.map((b, i) => b + BigInt(claims.claims[i]!.claimable_raw)));
    // Nothing more to claim now.
    const again = merklClaimsSchema.parse(
      (
        await w.testApp.request({
          method: 'GET',
          url: `/api/quickswap/v3/merkl/claims?wallet_address=${user()}`,
          token: w.user.token,
        })
      ).json(),
    );
    expect(again.claims).toEqual([]);
    hashes.merkl = hash;
    expect((await record(hash, 'merkl_claim')).statusCode).toBe(200);
  });

  it("shows each action in the wallet's books: fees and rewards as income, the liquidity withdrawn, the burn", async () => {
    const job = startRecordedSendsJob(
      {
        db: w.testApp.database.db,
        chainId: w.t.world.chainId,
        chain: w.t.chain,
        prices: { onchain: createOnchainPriceSource({ chain: w.t.chain, ...worldPriceOptions(w.t.world) }) },
        wmatic: w.testApp.config.wmaticAddress,
        finality: w.testApp.config.history.finality,
        v3: {
          positionManager: w.v3World.positionManager,
          eternalFarming: w.v3World.eternalFarming,
          merklDistributor: w.v3World.merkl.distributor,
        },
      },
      { tickMs: 50, logWarn: () => undefined },
    );
    let rows: LedgerRow[] = [];
    try {
      for (let polls = 0; polls < 300; polls += 1) {
        const response = await w.testApp.request({
          method: 'GET',
          url: `/api/ledger?wallet=${user()}`,
          token: w.user.token,
        });
        rows = ledgerSchema.parse(response.json()).rows;
        // Every send this test checks is in (the job takes them in its own order): the close with its burn.
        const closeRows = rows.filter((row) => row.tx_hash === hashes['close:inRange']);
        const isIn = (hash: Hash | undefined) => rows.some((row) => row.tx_hash === hash);
        if (
          closeRows.some((row) => row.kind === 'v3_burn') &&
          [hashes.collect, hashes.claim, hashes.merkl].every(isIn)
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await job.stop();
    }
    const kindsOf = (hash: Hash | undefined) =>
      rows.filter((row) => row.tx_hash === hash).map((row) => row.kind);
    expect(kindsOf(hashes.collect)).toEqual(['v3_fees']);
    expect(kindsOf(hashes.claim)).toEqual(['v3_reward', 'v3_reward']);
    // Its fees were collected before: the close's collect is the principal alone.
    expect(kindsOf(hashes['close:inRange'])).toEqual(['v3_withdraw', 'v3_burn']);
    expect(kindsOf(hashes.merkl)).toEqual(['v3_reward', 'v3_reward']);
    // Its gas once: on the first row of each transaction.
    const close = rows.filter((row) => row.tx_hash === hashes['close:inRange']);
    expect(close.map((row) => row.gas.status)).toEqual(['paid', 'none']);
  });
});
