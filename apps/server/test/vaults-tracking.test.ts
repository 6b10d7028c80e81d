import { dragonLair, gammaHypervisor, stakingRewards } from '@tidewatch/contracts';
import { portfolioSchema, trackedVaultPositionSchema, trackedVaultPositionsSchema } from '@tidewatch/shared';
import {
  deployGammaVault,
  deployV3World,
  type GammaVault,
  moveV3Price,
  seedLairAndSyrupStakes,
  type V3World,
} from '@tidewatch/testkit';
import { type Abi, type Address, formatUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { loadSyrupRegistry } from '../src/core/farm-index/syrup-registry.ts';
import { loadListedVaults } from '../src/core/farm-index/vault-registry.ts';
import { vaultPosition } from '../src/core/kinds/index.ts';
import { evaluateAlerts } from '../src/features/alerts/index.ts';
import { createVaultsDeps } from '../src/features/vaults/index.ts';
import { runDueVaultSnapshots } from '../src/features/vaults/schedule/snapshot-round.ts';
import { createFarmUser, type FarmsWorld, startFarmsWorld } from './farms-setup.ts';
import { priceAt } from './v3-setup.ts';

// Tracking the vaults tool's positions (issue 45, Build 3): a wallet's new dQUICK and its stake in an ended syrup
// pool and in one whose rewards end within 72 hours, on QuickSwap's lair and StakingRewards code at published
// addresses. Tracked, each is snapshotted at once and then on the schedule, joins the one portfolio (the
// dashboard's totals), and the syrup rules tell the tracker of the ended pool and of the one about to end.
let w: FarmsWorld;
let user: { token: string; userId: number };
let other: { token: string; userId: number };
let pools: Address[];
let v3World: V3World;
let gamma: GammaVault;

const wallet = () => w.t.world.accounts.user.address;
const day = 86_400;

beforeAll(async () => {
  w = await startFarmsWorld();
  const registry = loadSyrupRegistry();
  // Pools 0 and 1 pay for a day, pool 2 for two days and twelve hours; a day and a half on, 0 and 1 have ended
  // and 2 ends within 72 hours.
  pools = await seedLairAndSyrupStakes(w.t.anvil, w.t.world, {
    wallet: wallet(),
    to: [registry[0]!.address, registry[1]!.address, registry[2]!.address],
    endedSeconds: BigInt(day),
    activeSeconds: BigInt(2.5 * day),
  });
  // Shares of a Gamma hypervisor at the first vault address QuickSwap listed (part staked in its MasterChef).
  const listed = loadListedVaults().find((v) => v.manager === 'gamma' && v.staking)!;
  v3World = await deployV3World(w.t.anvil, w.t.world);
  gamma = await deployGammaVault(w.t.anvil, w.t.world, v3World, {
    at: listed.address,
    masterChefAt: listed.staking!.address,
    pid: listed.staking!.pid,
  });
  await w.t.anvil.increaseTime(1.5 * day);
  await w.t.anvil.mine();
  user = await createFarmUser(w, [wallet()]);
  other = await createFarmUser(w, [w.t.world.accounts.idle.address]);
}, 180_000);
afterAll(() => w?.close());

const track = (contract: string, token = user.token, walletAddress: string = wallet()) =>
  w.testApp.request({
    method: 'POST',
    url: '/api/quickswap/vaults/tracked',
    token,
    payload: { wallet_address: walletAddress, contract_address: contract },
  });
const listTracked = async (token = user.token) => {
  const response = await w.testApp.request({ method: 'GET', url: '/api/quickswap/vaults/tracked', token });
  expect(response.statusCode, response.body).toBe(200);
  return trackedVaultPositionsSchema.parse(response.json()).positions;
};
const readAt = (
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: unknown[],
  block: bigint,
) =>
  w.t.anvil.client.readContract({
    address,
    abi: abi as Abi,
    functionName,
    args,
    blockNumber: block,
  }) as Promise<bigint>;

describe('tracking lair and syrup positions', () => {
  it('tracks a syrup stake and a lair stake with a first snapshot equal to the chain at its block', async () => {
    const ended = trackedVaultPositionSchema.parse((await track(pools[0]!)).json());
    expect(ended).toMatchObject({
      position_type: 'syrup',
      contract_address: pools[0],
      wallet_address: wallet(),
    });
    const block = BigInt(ended.snapshot!.block_number);
    const staked = await readAt(pools[0]!, stakingRewards.abi, 'balanceOf', [wallet()], block);
    const earned = await readAt(pools[0]!, stakingRewards.abi, 'earned', [wallet()], block);
    expect(ended.snapshot!.syrup!.staked.amount).toBe(formatUnits(staked, 18));
    expect(ended.snapshot!.syrup!.earned.amount).toBe(formatUnits(earned, 18));
    expect(ended.snapshot!.syrup!.is_ended).toBe(true);
    const { tokens } = w.t.world;
    const usd =
      Number(formatUnits(staked, 18)) * (await priceAt(w, tokens.DQUICK.address, block))! +
      Number(formatUnits(earned, 18)) * (await priceAt(w, tokens.WMATIC.address, block))!;
    expect(isRelativelyClose(ended.snapshot!.value_usd, usd, 1e-6)).toBe(true);

    const lair = trackedVaultPositionSchema.parse((await track(tokens.NEW_DQUICK.address)).json());
    const lairBlock = BigInt(lair.snapshot!.block_number);
    const quick = await readAt(
      tokens.NEW_DQUICK.address,
      dragonLair.abi,
      'QUICKBalance',
      [wallet()],
      lairBlock,
    );
    expect(lair.snapshot!.lair!.quick.amount).toBe(formatUnits(quick, 18));
    expect(lair.position_type).toBe('lair');

    const active = (await track(pools[2]!)).json();
    expect(active.snapshot.syrup.is_ended).toBe(false);
    // Tracking again changes nothing.
    expect((await track(pools[0]!)).json().id).toBe(ended.id);
    expect((await listTracked()).map((p) => p.contract_address)).toEqual([
      pools[0],
      tokens.NEW_DQUICK.address,
      pools[2],
    ]);
  });

  it('joins the one portfolio: the dashboard adds their values up, their profit unknown until their history is read', async () => {
    const response = await w.testApp.request({
      method: 'GET',
      url: '/api/quickswap/portfolio',
      token: user.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const portfolio = portfolioSchema.parse(response.json());
    const section = portfolio.kinds!.find((k) => k.kind === 'vault_position')!;
    const values = (await listTracked()).map((p) => p.snapshot!.value_usd!);
    expect(section.positions).toBe(3);
    expect(
      isRelativelyClose(
        section.value_usd,
        values.reduce((a, b) => a + b, 0),
        1e-9,
      ),
    ).toBe(true);
    expect(section.unknown.pnl).toBe(3);
    expect(isRelativelyClose(portfolio.value_usd, section.value_usd, 1e-9)).toBe(true);
  });

  it('snapshots them on the schedule, and tells the tracker of the ended pool and of the one about to end', async () => {
    const vaults = createVaultsDeps({
      db: w.testApp.database.db,
      chainId: w.t.world.chainId,
      oldTokens: { quick: w.t.world.tokens.QUICK.address, dquick: w.t.world.tokens.DQUICK.address },
      chain: w.t.chain,
      prices: w.prices,
      config: w.testApp.config,
    });
    // An interval after the first snapshots, by the chain's clock (their time is their block's).
    const chainTime = Number((await w.t.anvil.client.getBlock()).timestamp) * 1000;
    const later = new Date(chainTime + 2 * 3_600_000);
    const before = (await listTracked()).map((p) => p.snapshot!.block_number);
    await w.t.anvil.mine();
    const report = await runDueVaultSnapshots({
      db: w.testApp.database.db,
      isPostgres: false,
      intervalMs: 3_600_000,
      now: () => later,
      vaults,
    });
    expect(report).toMatchObject({ claimed: 3, stored: 3, failed: 0 });
    const after = (await listTracked()).map((p) => p.snapshot!.block_number);
    for (const [i, block] of after.entries()) expect(block).toBeGreaterThan(before[i]!);

    const positionIds = (
      await w.testApp.database.db.selectFrom('vault_positions').select('id').orderBy('id').execute()
    ).map((row) => row.id);
    const publicUrl = 'http://localhost:5173';
    const chainNow = new Date(Number((await w.t.anvil.client.getBlock()).timestamp) * 1000);
    const stored = await evaluateAlerts(
      { db: w.testApp.database.db, chainId: w.t.world.chainId, publicUrl, now: later, chainNow },
      vaultPosition.alerts,
      positionIds,
    );
    expect(stored).toBe(2);
    const rows = await w.testApp.database.db
      .selectFrom('notifications')
      .select(['rule', 'title', 'link'])
      .where('user_id', '=', user.userId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.rule).sort()).toEqual(['ended_with_stake', 'ending_soon']);
    expect(rows.find((r) => r.rule === 'ended_with_stake')!.title).toMatch(
      /^syrup pool dQUICK \(old\) -> WMATIC on Polygon: ended \d{4}-\d{2}-\d{2}, 10 dQUICK \(old\) still staked, [\d.]+ WMATIC unclaimed$/,
    );
    expect(rows.find((r) => r.rule === 'ending_soon')!.title).toMatch(
      /^syrup pool dQUICK \(old\) -> USDC on Polygon: rewards end in \d+ hours$/,
    );
    expect(rows.every((r) => r.link === `${publicUrl}/quickswap/vaults`)).toBe(true);
  });

  it("tracks a vault's shares, and tells the tracker when the pool's price leaves the vault's base range", async () => {
    const tracked = trackedVaultPositionSchema.parse((await track(gamma.hypervisor)).json());
    expect(tracked.position_type).toBe('gamma');
    const vault = tracked.snapshot!.vault!;
    expect(vault.base_range.is_in_range).toBe(true);
    const block = BigInt(tracked.snapshot!.block_number);
    const supply = await readAt(gamma.hypervisor, gammaHypervisor.abi, 'totalSupply', [], block);
    const [total0] = (await w.t.anvil.client.readContract({
      address: gamma.hypervisor,
      abi: gammaHypervisor.abi as Abi,
      functionName: 'getTotalAmounts',
      blockNumber: block,
    })) as readonly [bigint, bigint];
    expect(vault.amounts[0].amount).toBe(
      formatUnits((total0 * gamma.userShares) / supply, vault.amounts[0].token.decimals),
    );
    expect(tracked.snapshot!.value_usd).toBe(vault.usd);

    // The pool's price moves above the base range; the next scheduled snapshot sees it.
    await moveV3Price(w.t.anvil, v3World, { pool: gamma.pool, toTick: gamma.base.tickUpper + 600 });
    const chainTime = Number((await w.t.anvil.client.getBlock()).timestamp) * 1000;
    const later = new Date(chainTime + 2 * 3_600_000);
    const vaults = createVaultsDeps({
      db: w.testApp.database.db,
      chainId: w.t.world.chainId,
      oldTokens: { quick: w.t.world.tokens.QUICK.address, dquick: w.t.world.tokens.DQUICK.address },
      chain: w.t.chain,
      prices: w.prices,
      config: w.testApp.config,
    });
    await runDueVaultSnapshots({
      db: w.testApp.database.db,
      isPostgres: false,
      intervalMs: 3_600_000,
      now: () => later,
      vaults,
    });
    const moved = (await listTracked()).find((p) => p.id === tracked.id)!;
    expect(moved.snapshot!.vault!.base_range.is_in_range).toBe(false);
    const position = await w.testApp.database.db
      .selectFrom('vault_positions')
      .select('id')
      .where('contract_address', '=', gamma.hypervisor)
      .executeTakeFirstOrThrow();
    const publicUrl = 'http://localhost:5173';
    const stored = await evaluateAlerts(
      { db: w.testApp.database.db, chainId: w.t.world.chainId, publicUrl, now: later, chainNow: later },
      vaultPosition.alerts,
      [position.id],
    );
    expect(stored).toBe(1);
    const alert = await w.testApp.database.db
      .selectFrom('notifications')
      .select(['rule', 'title'])
      .where('user_id', '=', user.userId)
      .where('rule', '=', 'out_of_range')
      .executeTakeFirstOrThrow();
    expect(alert.title).toMatch(/^Gamma \S+-\S+ vault on Polygon: out of its base range$/);
  });

  it("refuses what is not the user's to track or untrack, naming the field", async () => {
    const notListed = await track('0x000000000000000000000000000000000000bEEF');
    expect(notListed.statusCode).toBe(400);
    expect(notListed.json().details[0].field).toBe('body.contract_address');
    expect(
      (await track(pools[0]!, user.token, '0x000000000000000000000000000000000000dEaD')).statusCode,
    ).toBe(404);
    const bad = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/vaults/tracked',
      token: user.token,
      payload: { wallet_address: 'nope', contract_address: pools[0] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('wallet_address');
    const [first] = await listTracked();
    const theirs = await w.testApp.request({
      method: 'DELETE',
      url: `/api/quickswap/vaults/tracked/${first!.id}`,
      token: other.token,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await listTracked(other.token)).toEqual([]);
    const mine = await w.testApp.request({
      method: 'DELETE',
      url: `/api/quickswap/vaults/tracked/${first!.id}`,
      token: user.token,
    });
    expect(mine.statusCode).toBe(204);
    expect((await listTracked()).map((p) => p.id)).not.toContain(first!.id);
  });
});
