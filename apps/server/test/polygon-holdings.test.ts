import { pair as pairAbi, stakingDualRewards, stakingRewards, v3Abis } from '@tidewatch/contracts';
import type { ChainHoldings } from '@tidewatch/shared/chains';
import { v3ActionAbis } from '@tidewatch/shared/v3-action-calls';
import {
  addV3Positions,
  deployV3World,
  type V3World,
  v3WorldAppEnv,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { type Abi, type Address, formatUnits, maxUint128 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/index.ts';
import { createFarmUser } from './farms-setup.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { refreshWorldIndex } from './recovery-setup.ts';

// Issue 47, one address every chain: Polygon's part of the find. The wallet's V3 positions (held, and deposited in
// Algebra farming), its stakes in every V2 farm of the index (single and dual rewards) and its syrup stakes, found in
// one eth_call on Algebra V1.0's npm bytecode and QuickSwap's farms, every amount checked against the test's own
// reads of the chain at the answer's block.
let t: TestChain;
let v3World: V3World;
let app: TestApp;
let token: string;
let answer: ChainHoldings;
let ethCalls: number;

beforeAll(async () => {
  t = await startTestChain();
  v3World = await deployV3World(t.anvil, t.world);
  // Enough positions that the answer passes the 24,576 bytes a contract's code may have (EIP-170): the lens answers
  // by revert data, which has no such cap.
  await addV3Positions(t.anvil, v3World, { owner: t.world.accounts.user.address, count: 12, farmed: 0 });
  const prices = { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }) };
  app = await createTestApp({
    env: { ...worldAppEnv(t.world), ...v3WorldAppEnv(v3World) },
    deps: { chain: t.chain, prices },
  });
  const writer = createSnapshotPipeline({
    db: app.database.db,
    chain: t.chain,
    prices,
    chainId: t.world.chainId,
  });
  const w = { t, testApp: app, writer, prices, close: async () => {} };
  await refreshWorldIndex(w);
  ({ token } = await createFarmUser(w, [t.world.accounts.user.address]));
  t.proxy.reset();
  const response = await app.request({
    method: 'GET',
    url: `/api/quickswap/chains/137/holdings?wallet_address=${t.world.accounts.user.address}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  answer = response.json<ChainHoldings>();
  ethCalls = t.proxy.calls.filter((method) => method === 'eth_call').length;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.stop();
});

const owner = () => t.world.accounts.user.address;
const at = () => BigInt(answer.block_number);
const read = <T>(
  address: Address,
  abi: Abi | readonly unknown[],
  functionName: string,
  args: unknown[] = [],
) =>
  t.anvil.client.readContract({ address, abi, functionName, args, blockNumber: at() } as never) as Promise<T>;

/** The wallet's position NFTs as the test enumerates them: held on the manager, then deposited in farming. */
async function ownPositionIds(): Promise<{ id: bigint; isFarmed: boolean }[]> {
  const held = await read<bigint>(v3World.positionManager, v3Abis.positionManager, 'balanceOf', [owner()]);
  const farmed = await read<bigint>(v3World.farmingCenter, v3Abis.farmingCenter, 'balanceOf', [owner()]);
  const ids: { id: bigint; isFarmed: boolean }[] = [];
  for (let i = 0n; i < held; i++) {
    const id = await read<bigint>(v3World.positionManager, v3Abis.positionManager, 'tokenOfOwnerByIndex', [
      owner(),
      i,
    ]);
    ids.push({ id, isFarmed: false });
  }
  for (let i = 0n; i < farmed; i++) {
    const l2 = await read<bigint>(v3World.farmingCenter, v3Abis.farmingCenter, 'tokenOfOwnerByIndex', [
      owner(),
      i,
    ]);
    const [, , id] = await read<readonly [bigint, Address, bigint]>(
      v3World.farmingCenter,
      v3Abis.farmingCenter,
      'l2Nfts',
      [l2],
    );
    ids.push({ id, isFarmed: true });
  }
  return ids;
}

describe('a wallet on Polygon, every kind at once', () => {
  it('names Polygon and finds its V3 positions, held and farmed, in one eth_call (then one more to price them)', async () => {
    expect(answer).toMatchObject({ chain_id: 137, chain_name: 'Polygon' });
    const ids = await ownPositionIds();
    expect(ids.some((p) => p.isFarmed)).toBe(true);
    expect(ids.length).toBeGreaterThan(12);
    expect(answer.v3_positions.map((p) => [p.token_id, p.is_farmed])).toEqual(
      ids.map((p) => [String(p.id), p.isFarmed]),
    );
    expect(answer.v4_positions).toEqual([]);
    expect(ethCalls).toBe(2);
  });

  it("values each held V3 position as a burn by its owner would pay at the answer's block", async () => {
    const held = answer.v3_positions.filter((p) => !p.is_farmed && BigInt(p.liquidity) > 0n);
    expect(held.length).toBeGreaterThan(0);
    for (const position of held) {
      const burn = await t.anvil.client.simulateContract({
        account: owner(),
        address: v3World.positionManager,
        abi: v3ActionAbis.positionManager,
        functionName: 'decreaseLiquidity',
        args: [
          {
            tokenId: BigInt(position.token_id),
            liquidity: BigInt(position.liquidity),
            amount0Min: 0n,
            amount1Min: 0n,
            deadline: 2n ** 64n,
          },
        ],
        blockNumber: at(),
      });
      const decimals = position.amounts.map((a) => a.token.decimals);
      expect(position.amounts.map((a) => a.amount)).toEqual(
        burn.result.map((raw, i) => formatUnits(raw, decimals[i]!)),
      );
      const collect = await t.anvil.client.simulateContract({
        account: owner(),
        address: v3World.positionManager,
        abi: v3Abis.positionManager,
        functionName: 'collect',
        args: [
          {
            tokenId: BigInt(position.token_id),
            recipient: owner(),
            amount0Max: maxUint128,
            amount1Max: maxUint128,
          },
        ],
        blockNumber: at(),
      });
      expect(position.fees.map((a) => a.amount)).toEqual(
        (collect.result as readonly bigint[]).map((raw, i) => formatUnits(raw, decimals[i]!)),
      );
    }
  });

  it("lists exactly the index's farms where it has stake or rewards, each as its reads at the answer's block", async () => {
    const expected: { farm: Address; staked: bigint; earned: bigint[] }[] = [];
    for (const farm of Object.values(t.world.farms)) {
      const isDual = farm.kind === 'dual';
      const abi = isDual ? stakingDualRewards.abi : stakingRewards.abi;
      const staked = await read<bigint>(farm.address, abi, 'balanceOf', [owner()]);
      const earned = await Promise.all(
        (isDual ? ['earnedA', 'earnedB'] : ['earned']).map((fn) =>
          read<bigint>(farm.address, abi, fn, [owner()]),
        ),
      );
      if (staked > 0n || earned.some((e) => e > 0n)) expected.push({ farm: farm.address, staked, earned });
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.farms.map((f) => f.farm).sort()).toEqual(expected.map((e) => e.farm).sort());
    for (const { farm, staked, earned } of expected) {
      const found = answer.farms.find((f) => f.farm === farm)!;
      expect(found.staked_lp).toBe(formatUnits(staked, 18));
      expect(found.earned.map((e) => e.amount)).toEqual(
        earned.map((e, i) => formatUnits(e, found.earned[i]!.token.decimals)),
      );
      // The staked LP's share of the pair's reserves, rounded down as a burn pays.
      const lp = await read<Address>(farm, stakingRewards.abi, 'stakingToken');
      const [reserve0, reserve1] = await read<readonly [bigint, bigint, number]>(
        lp,
        pairAbi.abi,
        'getReserves',
      );
      const supply = await read<bigint>(lp, pairAbi.abi, 'totalSupply');
      expect(found.amounts.map((a) => a.amount)).toEqual(
        [reserve0, reserve1].map((r, i) =>
          formatUnits((staked * r) / supply, found.amounts[i]!.token.decimals),
        ),
      );
    }
  });

  it('adds every part up: the total is the sum of the positions, farms and syrups', () => {
    const values = [...answer.v3_positions, ...answer.farms, ...answer.syrups].map((p) => p.value_usd);
    if (values.some((v) => v === null)) {
      expect(answer.total_usd).toBeNull();
      return;
    }
    const sum = (values as number[]).reduce((a, b) => a + b, 0);
    expect(answer.total_usd).toBeCloseTo(sum, 6);
  });

  it('answers 404 naming chain_id for a chain Tidewatch does not read', async () => {
    const response = await app.request({
      method: 'GET',
      url: `/api/quickswap/chains/1/holdings?wallet_address=${owner()}`,
      token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain('params.chain_id');
  });
});
