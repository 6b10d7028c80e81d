import { pair as pairArtifact, router02, stakingRewards } from '@tidewatch/contracts';
import type { RecoveryPlan, RecoveryStep, TokenAmount } from '@tidewatch/shared';
import { deadlineAfter } from '@tidewatch/shared/recovery-calls';
import { TxSender } from '@tidewatch/testkit';
import { type Address, formatUnits, getAddress, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { createFarmUser, type FarmsWorld, startFarmsWorld } from './farms-setup.ts';
import { fetchPlan as fetchPlanFor, readsAt, refreshWorldIndex } from './recovery-setup.ts';

// Issue 42, finding 7: the recovery plan empties the ended farms only. A wallet (the world's idle account)
// has a stake in the ended QUICK-WMATIC farm and holds LP outside any farm: of that same pair and of
// WETH-WMATIC (whose dual farm has ended too, 15 days on). The loose LP still earns fees: it is listed
// apart with its value and removed only for the pairs the request names in include_wallet_lp.
let w: FarmsWorld;
let user: { token: string; userId: number };
let plan: RecoveryPlan;
const e18 = 10n ** 18n;
const staked = 2n * e18;
const looseSame = 3n * e18;
const looseOther = 5n * e18;

const wallet = () => w.t.world.accounts.idle.address;
const farm = () => w.t.world.farms.quickWmaticEnded;
const otherPair = () => w.t.world.pairs['WETH-WMATIC'].address;
const close = (actual: number | null, expected: number) =>
  expect(isRelativelyClose(actual, expected), `${actual} ≈ ${expected}`).toBe(true);

/** GET /api/recovery/plan with `query` after the wallet's address. */
const ask = (query = '') =>
  w.testApp.request({
    method: 'GET',
    url: `/api/recovery/plan?wallet_address=${wallet()}${query}`,
    token: user.token,
  });
const fetchPlan = (query = '') => fetchPlanFor(w, user.token, wallet(), query);

/** Sends a call from one of the node's unlocked accounts and reports it as a recovery step. */
async function sendAndRecord(
  kind: RecoveryStep['kind'],
  to: Address,
  abi: unknown,
  name: string,
  args: readonly unknown[] = [],
) {
  const hash: Hash = await w.t.anvil.client.writeContract({
    account: wallet(),
    chain: null,
    address: to,
    abi,
    functionName: name,
    args,
    gas: 1_000_000n, // as ledger-books' send: an estimate can fall short in the next block
  } as never);
  expect((await w.t.anvil.client.waitForTransactionReceipt({ hash })).status).toBe('success');
  if (kind === 'approve') return;
  const recorded = await w.testApp.request({
    method: 'POST',
    url: '/api/recovery/transactions',
    token: user.token,
    payload: { wallet_address: wallet(), tx_hash: hash, step_kind: kind },
  });
  expect(recorded.statusCode, recorded.body).toBe(200);
}

const removals = (p: RecoveryPlan) =>
  Object.fromEntries(
    p.steps
      .filter((s) => s.kind === 'remove_liquidity')
      .map((s) => [s.spends!.address, BigInt(s.spends!.raw)]),
  );
const looseOf = (p: RecoveryPlan) =>
  Object.fromEntries(p.wallet_lp.map((l) => [l.lp.address, [BigInt(l.lp.raw), l.is_included]]));
const sumUsd = (amounts: TokenAmount[]) => amounts.reduce((sum, a) => sum + a.usd!, 0);

beforeAll(async () => {
  w = await startFarmsWorld();
  await refreshWorldIndex(w);
  await w.t.anvil.increaseTime(15 * 86_400);
  const { deployer } = w.t.world.accounts;
  const tx = new TxSender(w.t.anvil);
  const give = (pair: Address, amount: bigint) =>
    tx.call(deployer.address, pair, pairArtifact.abi, 'transfer', [wallet(), amount]);
  await give(farm().pair, staked + looseSame);
  await give(otherPair(), looseOther);
  await tx.call(wallet(), farm().pair, pairArtifact.abi, 'approve', [farm().address, staked]);
  await tx.call(wallet(), farm().address, stakingRewards.abi, 'stake', [staked]);
  await tx.assertAllSucceeded();
  user = await createFarmUser(w, [wallet()]);
  plan = await fetchPlan();
}, 180_000);
afterAll(() => w?.close());

describe("a recovery plan's scope", () => {
  it("exits the ended farm and removes its stake only; the wallet's loose LP is listed apart with its value", async () => {
    expect(plan.farms.map((f) => f.farm.address)).toEqual([farm().address]);
    expect(plan.steps[0]).toMatchObject({ kind: 'exit', contract: farm().address });
    expect(removals(plan)).toEqual({ [farm().pair]: staked });
    expect(plan.in_wallet).toEqual([]);
    expect(looseOf(plan)).toEqual({
      [farm().pair]: [looseSame, false],
      [otherPair()]: [looseOther, false],
    });
    const r = readsAt(w, BigInt(plan.block_number));
    for (const loose of plan.wallet_lp) {
      expect(loose.lp.amount).toBe(formatUnits(BigInt(loose.lp.raw), 18));
      close(loose.lp.usd, Number(loose.lp.amount) * (await r.lpPrice(getAddress(loose.lp.address))));
    }
    // The total is what the ended farm holds: its stake's value, as the removal's tokens (no trade since
    // the pair's last mint, so no protocol fee; its old QUICK converted at 1000 new QUICK, priced old / 1000).
    close(plan.total.usd, plan.farms[0]!.staked.usd!);
  });

  it('removes the loose LP of the pairs the request names, and adds its value to the total', async () => {
    const other = await fetchPlan(`&include_wallet_lp=${otherPair().toLowerCase()}`);
    expect(removals(other)).toEqual({ [farm().pair]: staked, [otherPair()]: looseOther });
    const removal = other.steps.find((s) => s.id.endsWith(otherPair()))!;
    expect(removal.is_ready).toBe(true);
    expect(looseOf(other)).toEqual({
      [farm().pair]: [looseSame, false],
      [otherPair()]: [looseOther, true],
    });
    expect(other.in_wallet.map((a) => [a.address, BigInt(a.raw)])).toEqual([[otherPair(), looseOther]]);
    close(other.total.usd, plan.total.usd! + sumUsd(removal.receives));

    const both = await fetchPlan(`&include_wallet_lp=${otherPair()},${farm().pair}`);
    expect(removals(both)).toEqual({ [farm().pair]: staked + looseSame, [otherPair()]: looseOther });
    expect(both.wallet_lp.every((l) => l.is_included)).toBe(true);
    // A pair the wallet holds no loose LP of is no part of the plan.
    const unknown = await fetchPlan(`&include_wallet_lp=${w.t.world.pairs['MKR-USDC'].address}`);
    expect(unknown.steps.map((s) => s.id)).toEqual(plan.steps.map((s) => s.id));
  });

  it('answers 400 naming include_wallet_lp when it is not a list of pair addresses', async () => {
    for (const bad of ['0x1234', `${otherPair()};${farm().pair}`, `${otherPair()},`, 'all']) {
      const response = await ask(`&include_wallet_lp=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(
        'querystring.include_wallet_lp',
      );
    }
  });

  it("after the reported exit the LP it returned is still removed, the wallet's own LP of that pair still apart", async () => {
    await sendAndRecord('exit', farm().address, stakingRewards.abi, 'exit');
    const next = await fetchPlan();
    expect(next.farms).toEqual([]);
    expect(removals(next)).toEqual({ [farm().pair]: staked });
    expect(next.steps.find((s) => s.kind === 'remove_liquidity')!.is_ready).toBe(true);
    expect(next.in_wallet.map((a) => [a.address, BigInt(a.raw)])).toEqual([[farm().pair, staked]]);
    expect(looseOf(next)).toEqual({
      [farm().pair]: [looseSame, false],
      [otherPair()]: [looseOther, false],
    });

    // Once the reported removal burnt the farm's LP, nothing of the pair is left in the plan: only the old
    // QUICK the burn paid, still to convert.
    const { tokenA, tokenB } = w.t.world.pairs['QUICK-WMATIC'];
    const { router } = w.t.world;
    const { timestamp } = await w.t.anvil.client.getBlock();
    await sendAndRecord('approve', farm().pair, pairArtifact.abi, 'approve', [router, staked]);
    await sendAndRecord('remove_liquidity', router, router02.abi, 'removeLiquidity', [
      w.t.world.tokens[tokenA].address,
      w.t.world.tokens[tokenB].address,
      staked,
      0n,
      0n,
      wallet(),
      deadlineAfter(timestamp),
    ]);
    const after = await fetchPlan();
    expect(after.steps.map((s) => s.kind)).toEqual(['approve', 'convert_quick']);
    expect(after.in_wallet.map((a) => a.address)).toEqual([w.t.world.tokens.QUICK.address]);
    expect(looseOf(after)).toEqual({
      [farm().pair]: [looseSame, false],
      [otherPair()]: [looseOther, false],
    });
  });
});
