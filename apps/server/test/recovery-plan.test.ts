import { dragonLair, stakingDualRewards, stakingRewards, testErc20 } from '@tidewatch/contracts';
import type { RecoveryPlan, RecoveryStep, TokenAmount } from '@tidewatch/shared';
import { shortenFarmRewards, swapExactIn, TxSender } from '@tidewatch/testkit';
import { sql } from 'kysely';
import { type Address, encodeFunctionData, formatEther, formatUnits, getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { typicalGas } from '../src/features/recovery/plan/typical-gas.ts';
import { createFarmUser, type FarmsWorld, startFarmsWorld } from './farms-setup.ts';
import { endedAfter15Days, fetchPlan, readsAt, refreshWorldIndex } from './recovery-setup.ts';

// Get it out (issue 33): the recovery plan of the world's user 15 days after deploy, when the short LP
// farm and the three dual farms have ended (the index, refreshed before, still calls the dual farms
// active: the plan goes by the chain's clock). The wallet also holds old dQUICK and old QUICK; the MYST
// farm holds a third of the dQUICK it owes it; QUICK-WMATIC has traded, so its burn mints the protocol fee.
let w: FarmsWorld;
let user: { token: string; userId: number };
let watcher: { token: string; userId: number };
let plan: RecoveryPlan;
const heldDquick = 3n * 10n ** 18n;
const heldQuick = 2n * 10n ** 18n;
let shortLeft: bigint;

const wallet = () => w.t.world.accounts.user.address;
const farms = () => w.t.world.farms;
const tokens = () => w.t.world.tokens;
const close = (actual: number | null, expected: number) =>
  expect(isRelativelyClose(actual, expected), `${actual} ≈ ${expected}`).toBe(true);

beforeAll(async () => {
  w = await startFarmsWorld();
  await refreshWorldIndex(w);
  await swapExactIn(w.t.anvil, w.t.world, {
    pair: 'QUICK-WMATIC',
    tokenIn: 'WMATIC',
    amountIn: 40_000n * 10n ** 18n,
  });
  await w.t.anvil.increaseTime(15 * 86_400);
  const deployer = w.t.world.accounts.deployer.address;
  const tx = new TxSender(w.t.anvil);
  await tx.call(deployer, tokens().DQUICK.address, dragonLair.abi, 'transfer', [wallet(), heldDquick]);
  await tx.call(deployer, tokens().QUICK.address, testErc20.abi, 'mint', [wallet(), heldQuick]);
  await tx.assertAllSucceeded();
  const now = await w.t.anvil.client.getBlockNumber();
  const owed = await readsAt(w, now).farmRead(farms().dualMystWeth, 'earnedA', [wallet()]);
  shortLeft = owed / 3n;
  await shortenFarmRewards(w.t.anvil, w.t.world, 'dualMystWeth', shortLeft);
  user = await createFarmUser(w, [wallet(), w.t.world.accounts.idle.address]);
  watcher = await createFarmUser(w);
  const at = new Date().toISOString();
  await sql`insert into wallets (user_id, name, address, chain_id, verified_at, is_watch_only, created_at)
    values (${watcher.userId}, 'Watched', ${wallet()}, ${w.t.world.chainId}, ${at}, 1, ${at})`.execute(
    w.testApp.database.db,
  );
  w.t.proxy.reset();
  plan = await fetchPlan(w, user.token, wallet());
}, 180_000);
afterAll(() => w?.close());

const stepsOf = (p: RecoveryPlan, kind: RecoveryStep['kind']) => p.steps.filter((s) => s.kind === kind);
const raw = (amounts: TokenAmount[]) =>
  Object.fromEntries(amounts.map((a) => [getAddress(a.address), BigInt(a.raw)]));

describe('the recovery plan', () => {
  it('lists the ended farms where the wallet has something, read in two aggregate3 calls at one block', async () => {
    // The two aggregate3 calls, and the vaults tool's lens (vault shares, new dQUICK, running syrups: none here,
    // so no second request of its own).
    expect(w.t.proxy.calls.filter((method) => method === 'eth_call')).toHaveLength(3);
    const r = readsAt(w, BigInt(plan.block_number));
    expect(plan.farms.map((f) => f.farm.address).sort()).toEqual(
      endedAfter15Days.map((k) => farms()[k].address).sort(),
    );
    for (const key of endedAfter15Days) {
      const farm = farms()[key];
      const found = plan.farms.find((f) => f.farm.address === farm.address)!;
      const { staked, earned } = await r.position(farm, wallet());
      expect(BigInt(found.staked.raw)).toBe(staked);
      expect(found.staked.address).toBe(farm.pair);
      expect(found.earned.map((e) => BigInt(e.raw))).toEqual(earned);
      const held = await Promise.all(farm.rewardTokenAddresses.map((t) => r.balanceOf(t, farm.address)));
      expect(found.reward_balances.map((b) => BigInt(b.raw))).toEqual(held);
      expect(found.is_reward_short).toBe(key === 'dualMystWeth');
    }
    expect(
      BigInt(
        plan.farms.find((f) => f.farm.address === farms().dualMystWeth.address)!.reward_balances[0]!.raw,
      ),
    ).toBe(shortLeft);
    expect(plan.is_watch_only).toBe(false);
    expect(plan.chain_id).toBe(w.t.world.chainId);
    expect(plan.contracts).toEqual({
      router: w.t.world.router,
      lair: tokens().DQUICK.address,
      old_quick: tokens().QUICK.address,
      new_quick: tokens().NEW_QUICK.address,
      converter: w.t.world.quickConverter,
    });
    expect(plan.in_wallet.map((a) => [a.address, BigInt(a.raw)])).toEqual([
      [tokens().DQUICK.address, heldDquick],
      [tokens().QUICK.address, heldQuick],
    ]);
  });

  it('exits each farm, only withdraws from the short one, then removes liquidity, leaves the lair and converts', async () => {
    const r = readsAt(w, BigInt(plan.block_number));
    const order = plan.steps.map((s) => s.kind);
    expect(order.slice(0, 4).sort()).toEqual(['exit', 'exit', 'exit', 'withdraw']);
    expect(order.slice(4)).toEqual([
      'remove_liquidity',
      'remove_liquidity',
      'remove_liquidity',
      'remove_liquidity',
      'leave_lair',
      'approve',
      'convert_quick',
    ]);
    const short = stepsOf(plan, 'withdraw');
    expect(short.map((s) => s.contract)).toEqual([farms().dualMystWeth.address]);
    const { staked: mystStake } = await r.position(farms().dualMystWeth, wallet());
    expect(short[0]!.receives.map((a) => BigInt(a.raw))).toEqual([mystStake]);
    expect(short[0]!.function).toBe('withdraw(uint256)');
    expect(short[0]!.note).toMatch(/claiming .* would revert/);
    expect(short[0]!.note).toContain(formatUnits(shortLeft, 18));

    let dquickArriving = heldDquick;
    for (const key of ['quickWmaticEnded', 'dualWethWmatic', 'dualDquickUsdcPaused'] as const) {
      const farm = farms()[key];
      const step = stepsOf(plan, 'exit').find((s) => s.contract === farm.address)!;
      const { staked, earned } = await r.position(farm, wallet());
      expect(step.function).toBe('exit()');
      expect(raw(step.receives)).toEqual(
        Object.fromEntries([
          [farm.pair, staked],
          ...farm.rewardTokenAddresses.map((t, k) => [t, earned[k]!]),
        ]),
      );
      dquickArriving += earned[0]!;
    }

    // One removal per pair, of the stake the farm steps return, paying what the pair's burn pays.
    let quickArriving = heldQuick;
    for (const key of endedAfter15Days) {
      const farm = farms()[key];
      const step = stepsOf(plan, 'remove_liquidity').find((s) => s.id.endsWith(farm.pair))!;
      const { staked } = await r.position(farm, wallet());
      const paid = await r.burn(farm.pair, staked);
      expect(step.contract).toBe(w.t.world.router);
      expect(step.function).toMatch(/^removeLiquidityWithPermit\(/);
      expect(BigInt(step.spends!.raw)).toBe(staked);
      expect(raw(step.receives)).toEqual(paid);
      expect(step.is_ready).toBe(false);
      dquickArriving += paid[tokens().DQUICK.address] ?? 0n;
      quickArriving += paid[tokens().QUICK.address] ?? 0n;
    }
    // The traded pair's burn minted the protocol fee first: plain liquidity × balance / supply pays more.
    const quickPair = await r.pairState(farms().quickWmaticEnded.pair);
    const { staked: quickStake } = await r.position(farms().quickWmaticEnded, wallet());
    expect((quickStake * quickPair.balance0) / quickPair.totalSupply).toBeGreaterThan(
      (await r.burn(farms().quickWmaticEnded.pair, quickStake))[getAddress(quickPair.token0)]!,
    );

    const [leave] = stepsOf(plan, 'leave_lair');
    expect(leave!.contract).toBe(tokens().DQUICK.address);
    expect(BigInt(leave!.spends!.raw)).toBe(dquickArriving);
    const quickOut = await r.dquickForQuick(dquickArriving);
    expect(raw(leave!.receives)).toEqual({ [tokens().QUICK.address]: quickOut });
    quickArriving += quickOut;

    const [approve] = stepsOf(plan, 'approve');
    expect(approve).toMatchObject({
      id: `approve:${tokens().QUICK.address}:${w.t.world.quickConverter}`,
      contract: tokens().QUICK.address,
      spender: w.t.world.quickConverter,
      is_ready: true,
    });
    expect(BigInt(approve!.spends!.raw)).toBe(quickArriving);
    const [convert] = stepsOf(plan, 'convert_quick');
    expect(convert!.contract).toBe(w.t.world.quickConverter);
    expect(raw(convert!.receives)).toEqual({ [tokens().NEW_QUICK.address]: quickArriving * 1000n });
    expect(convert!.is_ready).toBe(false);
    expect(convert!.note).toBeNull();
  });

  it('values every step and the total by the price rule: the final tokens only, gas in POL and USD', async () => {
    const r = readsAt(w, BigInt(plan.block_number));
    const usdOf = async (amounts: TokenAmount[]) => {
      let sum = 0;
      for (const a of amounts) {
        const isLp = Object.values(w.t.world.pairs).some((p) => p.address === getAddress(a.address));
        sum +=
          Number(formatUnits(BigInt(a.raw), a.decimals)) *
          (isLp ? await r.lpPrice(getAddress(a.address)) : await r.priceOf(getAddress(a.address)));
      }
      return sum;
    };
    for (const step of plan.steps) {
      if (step.receives.length > 0) close(step.usd, await usdOf(step.receives));
    }
    // What stays in the wallet in the end: rewards and burnt tokens but LP, old dQUICK and old QUICK,
    // which later steps spend, plus the new QUICK of the conversion.
    const intermediate = new Set([
      tokens().DQUICK.address,
      tokens().QUICK.address,
      ...endedAfter15Days.map((k) => farms()[k].pair),
    ]);
    const arriving = plan.steps
      .flatMap((s) => s.receives)
      .filter((a) => !intermediate.has(getAddress(a.address)));
    close(plan.total.usd, await usdOf(arriving));

    const polUsd = await r.priceOf(tokens().WMATIC.address);
    close(plan.pol_usd, polUsd);
    expect(BigInt(plan.gas_price_wei)).toBe(await w.t.anvil.client.getGasPrice());
    let units = 0n;
    for (const step of plan.steps) {
      const gas = step.gas!;
      units += BigInt(gas.units);
      expect(gas.pol).toBe(formatEther(BigInt(gas.units) * BigInt(plan.gas_price_wei)));
      close(gas.usd, Number(gas.pol) * polUsd);
      expect(gas.source).toBe(step.is_ready ? 'estimated' : 'typical');
    }
    expect(plan.total.gas_pol).toBe(formatEther(units * BigInt(plan.gas_price_wei)));
    close(plan.total.gas_usd, Number(plan.total.gas_pol) * polUsd);
  });

  it("estimates each ready step's gas from the wallet at the plan's block", async () => {
    const blockNumber = BigInt(plan.block_number);
    const estimate = (to: Address, data: Hex) =>
      w.t.anvil.client.estimateGas({ account: wallet(), to, data, blockNumber });
    for (const step of plan.steps.filter((s) => s.is_ready)) {
      const data =
        step.kind === 'approve'
          ? encodeFunctionData({
              abi: testErc20.abi,
              functionName: 'approve',
              args: [step.spender as Address, BigInt(step.spends!.raw)],
            })
          : step.kind === 'withdraw'
            ? encodeFunctionData({
                abi: stakingDualRewards.abi,
                functionName: 'withdraw',
                args: [BigInt(step.spends!.raw)],
              })
            : encodeFunctionData({ abi: stakingRewards.abi, functionName: 'exit' });
      expect(BigInt(step.gas!.units)).toBe(await estimate(step.contract as Address, data));
    }
    expect(
      plan.steps
        .filter((s) => s.is_ready)
        .map((s) => s.kind)
        .sort(),
    ).toEqual(['approve', 'exit', 'exit', 'exit', 'withdraw']);
  });

  it('shows a watch-only wallet its plan, marked watch-only; a wallet with nothing gets an empty plan', async () => {
    const watched = await fetchPlan(w, watcher.token, wallet());
    expect(watched.is_watch_only).toBe(true);
    expect(watched.steps.map((s) => s.id)).toEqual(plan.steps.map((s) => s.id));
    const empty = await fetchPlan(w, user.token, w.t.world.accounts.idle.address);
    expect(empty).toMatchObject({
      farms: [],
      in_wallet: [],
      wallet_lp: [],
      steps: [],
      total: { usd: 0, gas_pol: '0', gas_usd: 0 },
    });
    expect(empty.index.is_empty).toBe(false);
  });

  it("answers 401 without a session, 404 for a wallet not the user's, 400 naming a malformed address", async () => {
    const ask = (query: string, token?: string) =>
      w.testApp.request({ method: 'GET', url: `/api/recovery/plan?${query}`, ...(token ? { token } : {}) });
    expect((await ask(`wallet_address=${wallet()}`)).statusCode).toBe(401);
    expect((await ask(`wallet_address=${w.t.world.accounts.deployer.address}`, user.token)).statusCode).toBe(
      404,
    );
    const bad = await ask('wallet_address=0x1234', user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('querystring.wallet_address');
  });

  it('after the wallet runs a step and reports it, the recomputed plan has the steps that waited on it ready', async () => {
    const farm = farms().quickWmaticEnded;
    const hash = await w.t.anvil.client.writeContract({
      account: wallet(),
      chain: null,
      address: farm.address,
      abi: stakingRewards.abi,
      functionName: 'exit',
    });
    const receipt = await w.t.anvil.client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    // As the page does after each receipt: the recorded exit makes the LP it returned the farm's, not loose.
    const recorded = await w.testApp.request({
      method: 'POST',
      url: '/api/recovery/transactions',
      token: user.token,
      payload: { wallet_address: wallet(), tx_hash: hash, step_kind: 'exit' },
    });
    expect(recorded.statusCode).toBe(200);
    // The plan estimated it from the wallet; its typical figure (for a step still waiting) covers it too.
    const planned = plan.steps.find((s) => s.id === `exit:${farm.address}`)!;
    expect(BigInt(planned.gas!.units)).toBeGreaterThanOrEqual(receipt.gasUsed);
    expect(typicalGas['exit:lp']).toBeGreaterThanOrEqual(receipt.gasUsed);
    const next = await fetchPlan(w, user.token, wallet());
    expect(next.farms.map((f) => f.farm.address)).not.toContain(farm.address);
    const lp = await readsAt(w, BigInt(next.block_number)).balanceOf(farm.pair, wallet());
    expect(next.in_wallet.find((a) => a.address === farm.pair)?.raw).toBe(lp.toString());
    expect(next.wallet_lp).toEqual([]);
    const removal = next.steps.find((s) => s.id.endsWith(farm.pair))!;
    expect(removal).toMatchObject({ kind: 'remove_liquidity', is_ready: true });
    expect(BigInt(removal.spends!.raw)).toBe(lp);
    // The others still wait on their farms; the lair waits on the farms' dQUICK.
    expect(next.steps.filter((s) => s.kind === 'remove_liquidity' && !s.is_ready)).toHaveLength(3);
    expect(stepsOf(next, 'leave_lair')[0]!.is_ready).toBe(false);
  });
});
