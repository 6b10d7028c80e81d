import {
  dragonLair,
  gammaHypervisor,
  gammaMasterChef,
  stakingRewards,
  testErc20,
} from '@tidewatch/contracts';
import {
  type LedgerRow,
  ledgerSchema,
  portfolioSchema,
  trackedVaultPositionsSchema,
} from '@tidewatch/shared';
import {
  deployGammaVault,
  deployV3World,
  type GammaVault,
  seedLairAndSyrupStakes,
  TxSender,
} from '@tidewatch/testkit';
import { type Abi, type Address, erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { loadSyrupRegistry } from '../src/core/farm-index/syrup-registry.ts';
import { loadListedVaults } from '../src/core/farm-index/vault-registry.ts';
import { createVaultsDeps, runVaultHistoryStep } from '../src/features/vaults/index.ts';
import { runDueVaultSnapshots } from '../src/features/vaults/schedule/snapshot-round.ts';
import { createFarmUser, type FarmsWorld, startFarmsWorld } from './farms-setup.ts';
import { priceAt } from './v3-setup.ts';

// The history of the vaults tool's positions (issue 45, Build 3): a Gamma vault's shares (deposited through
// UniProxy, part staked in its MasterChef), a stake in a syrup pool, and QUICK entered into the Dragon's Lair, each
// on the contracts' own code. Tracked, the history job reads their events from the chain into the books, each row
// the test's own chain reads valued at its block; after the wallet takes everything out, the withdrawal and
// reward rows equal what reached the wallet, and the one profit adds up from them.
let w: FarmsWorld;
let user: { token: string; userId: number };
let idle: { token: string; userId: number };
let gamma: GammaVault;
let pools: Address[];
const entered = 40n * 10n ** 18n;
/** The dQUICK the lair minted for it (at its ratio then). */
let minted: bigint;

const wallet = () => w.t.world.accounts.user.address;
const idleWallet = () => w.t.world.accounts.idle.address;

beforeAll(async () => {
  w = await startFarmsWorld();
  const { anvil, world } = w.t;
  const registry = loadSyrupRegistry();
  pools = await seedLairAndSyrupStakes(anvil, world, {
    wallet: wallet(),
    to: [registry[0]!.address, registry[1]!.address, registry[2]!.address],
    endedSeconds: 86_400n,
    activeSeconds: 30n * 86_400n,
  });
  const listed = loadListedVaults().find((v) => v.manager === 'gamma' && v.staking)!;
  gamma = await deployGammaVault(anvil, world, await deployV3World(anvil, world), {
    at: listed.address,
    masterChefAt: listed.staking!.address,
    pid: listed.staking!.pid,
  });
  // Another wallet enters the new lair itself: QUICK in, dQUICK minted.
  const tx = new TxSender(anvil);
  const lair = world.tokens.NEW_DQUICK.address;
  await tx.call(world.accounts.deployer.address, world.tokens.NEW_QUICK.address, testErc20.abi, 'mint', [
    idleWallet(),
    entered,
  ]);
  await tx.call(idleWallet(), world.tokens.NEW_QUICK.address, testErc20.abi, 'approve', [lair, entered]);
  await tx.call(idleWallet(), lair, dragonLair.abi, 'enter', [entered]);
  await tx.assertAllSucceeded();
  minted = await anvil.client.readContract({
    address: lair,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [idleWallet()],
  });
  await anvil.increaseTime(3_600);
  await anvil.mine();
  user = await createFarmUser(w, [wallet()]);
  idle = await createFarmUser(w, [idleWallet()]);
  for (const [token, walletAddress, contract] of [
    [user.token, wallet(), gamma.hypervisor],
    [user.token, wallet(), pools[0]!],
    [idle.token, idleWallet(), lair],
  ] as const) {
    const response = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/vaults/tracked',
      token,
      payload: { wallet_address: walletAddress, contract_address: contract },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}, 240_000);
afterAll(() => w?.close());

const vaultsDeps = () =>
  createVaultsDeps({
    db: w.testApp.database.db,
    chainId: w.t.world.chainId,
    oldTokens: { quick: w.t.world.tokens.QUICK.address, dquick: w.t.world.tokens.DQUICK.address },
    chain: w.t.chain,
    prices: w.prices,
    config: w.testApp.config,
  });

/** The history job until every tracked position is read to the chain's head. */
async function readHistory() {
  const deps = {
    ...vaultsDeps(),
    finality: { finality: 'depth' as const, depth: 0 },
    logsBlockRange: 10_000,
    wmatic: w.t.world.tokens.WMATIC.address,
    now: () => new Date(),
  };
  for (let step = 0; step < 20 && (await runVaultHistoryStep(deps)); step++);
}

async function ledgerOf(token: string, walletAddress: Address): Promise<LedgerRow[]> {
  const response = await w.testApp.request({
    method: 'GET',
    url: `/api/ledger?wallet=${walletAddress}&tz=UTC`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ledgerSchema.parse(response.json()).rows.filter((row) => row.position.tool === 'vault');
}

const raw = (amounts: { address: string; amount: string }[]) =>
  amounts.map((a) => [a.address, BigInt(a.amount)] as const);

describe("the vaults tool's history in the books", () => {
  it('reads the deposit, the stake and the lair entry into the books, each as the chain moved it', async () => {
    await readHistory();
    const rows = await ledgerOf(user.token, wallet());
    const gammaRows = rows.filter((r) => r.position.farm_address === gamma.hypervisor);
    expect(gammaRows.map((r) => r.kind)).toEqual(['vault_deposit', 'vault_stake']);
    const [deposit, stake] = gammaRows as [LedgerRow, LedgerRow];
    // What the wallet put in: the two tokens UniProxy took from it, for the shares minted to it.
    expect(new Map(raw(deposit.sent))).toEqual(
      new Map([
        [gamma.token0, gamma.userDeposit.amount0],
        [gamma.token1, gamma.userDeposit.amount1],
      ]),
    );
    expect(raw(deposit.received)).toEqual([[gamma.hypervisor, gamma.userShares]]);
    const block = BigInt(deposit.block_number);
    const usd =
      (Number(gamma.userDeposit.amount0) /
        10 ** deposit.sent.find((a) => a.address === gamma.token0)!.decimals) *
        (await priceAt({ t: w.t }, gamma.token0, block))! +
      (Number(gamma.userDeposit.amount1) /
        10 ** deposit.sent.find((a) => a.address === gamma.token1)!.decimals) *
        (await priceAt({ t: w.t }, gamma.token1, block))!;
    expect(isRelativelyClose(deposit.usd, usd, 1e-9), `${deposit.usd} vs ${usd}`).toBe(true);
    expect(raw(stake.sent)).toEqual([[gamma.hypervisor, gamma.masterChef!.stakedShares]]);
    expect(stake.counterparty).toBe(gamma.masterChef!.address);
    // The syrup stake: 10 old dQUICK into the pool.
    const syrupRows = rows.filter((r) => r.position.farm_address === pools[0]);
    expect(syrupRows.map((r) => [r.kind, raw(r.sent)])).toEqual([
      ['stake', [[w.t.world.tokens.DQUICK.address, 10n * 10n ** 18n]]],
    ]);
    // The vault's returns against holding at its snapshot: the deposited tokens held instead, at its prices.
    const tracked = await w.testApp.request({
      method: 'GET',
      url: '/api/quickswap/vaults/tracked',
      token: user.token,
    });
    const gammaReturns = trackedVaultPositionsSchema
      .parse(tracked.json())
      .positions.find((p) => p.contract_address === gamma.hypervisor)!;
    const [a0, a1] = gammaReturns.snapshot!.vault!.amounts;
    const priceOf = (a: typeof a0) => a.usd! / Number(a.amount);
    const decimals0 = deposit.sent.find((a) => a.address === gamma.token0)!.decimals;
    const decimals1 = deposit.sent.find((a) => a.address === gamma.token1)!.decimals;
    const hold =
      (Number(gamma.userDeposit.amount0) / 10 ** decimals0) *
        priceOf(a0.token.address === gamma.token0 ? a0 : a1) +
      (Number(gamma.userDeposit.amount1) / 10 ** decimals1) *
        priceOf(a0.token.address === gamma.token1 ? a0 : a1);
    const returns = gammaReturns.returns!;
    expect(returns.profit!.unknown_because).toBeNull();
    expect(
      isRelativelyClose(returns.hold_value_usd, hold, 1e-9),
      `${returns.hold_value_usd} vs ${hold}`,
    ).toBe(true);
    expect(isRelativelyClose(returns.vs_hold_usd, returns.value_now_usd! - hold, 1e-9)).toBe(true);
    expect(returns.fee_income_usd).toBe(0);
    const lairRows = await ledgerOf(idle.token, idleWallet());
    expect(lairRows.map((r) => [r.kind, raw(r.sent), raw(r.received)])).toEqual([
      [
        'lair_enter',
        [[w.t.world.tokens.NEW_QUICK.address, entered]],
        [[w.t.world.tokens.NEW_DQUICK.address, minted]],
      ],
    ]);
  });

  it('reads the way out: shares unstaked with their rewards, withdrawn for the tokens, the lair left', async () => {
    const { anvil, world } = w.t;
    const c = anvil.client;
    const balance = (token: Address, of: Address) =>
      c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [of] });
    const chef = gamma.masterChef!;
    const rewardTokens = [world.tokens[chef.rewardToken].address, world.tokens[chef.rewarderToken].address];
    const tokens = [
      gamma.token0,
      gamma.token1,
      ...rewardTokens,
      world.tokens.DQUICK.address,
      world.tokens.WMATIC.address,
    ];
    /** What `send` brought the wallet, per token (lower-case address). */
    const gainsOf = async (send: (tx: TxSender) => Promise<void>) => {
      const before = await Promise.all(tokens.map((t) => balance(t, wallet())));
      const tx = new TxSender(anvil);
      await send(tx);
      await tx.assertAllSucceeded();
      const after = await Promise.all(tokens.map((t) => balance(t, wallet())));
      return new Map(tokens.map((t, i) => [t.toLowerCase(), after[i]! - before[i]!]));
    };
    const harvested = await gainsOf(async (tx) => {
      await tx.call(wallet(), chef.address, gammaMasterChef.abi as Abi, 'withdrawAndHarvest', [
        chef.pid,
        chef.stakedShares,
        wallet(),
      ]);
    });
    const withdrawn = await gainsOf(async (tx) => {
      await tx.call(wallet(), gamma.hypervisor, gammaHypervisor.abi as Abi, 'withdraw', [
        gamma.userShares,
        wallet(),
        wallet(),
        [0n, 0n, 0n, 0n],
      ]);
    });
    const fromSyrup = await gainsOf(async (tx) => {
      await tx.call(wallet(), pools[0]!, stakingRewards.abi as Abi, 'exit', []);
    });
    const leaving = new TxSender(anvil);
    await leaving.call(idleWallet(), world.tokens.NEW_DQUICK.address, dragonLair.abi as Abi, 'leave', [
      minted,
    ]);
    await leaving.assertAllSucceeded();
    await readHistory();

    const rows = await ledgerOf(user.token, wallet());
    const gammaRows = rows.filter((r) => r.position.farm_address === gamma.hypervisor);
    expect(gammaRows.map((r) => r.kind)).toEqual([
      'vault_deposit',
      'vault_stake',
      'vault_unstake',
      'reward',
      'vault_withdraw',
    ]);
    const [, , unstake, reward, withdraw] = gammaRows as LedgerRow[];
    expect(raw(unstake!.received)).toEqual([[gamma.hypervisor, chef.stakedShares]]);
    // The rewards the harvest paid, and the tokens the withdrawal paid: what reached the wallet, to the wei.
    for (const amount of reward!.received)
      expect(BigInt(amount.amount)).toBe(harvested.get(amount.address.toLowerCase()));
    expect(reward!.received.map((a) => a.address).sort()).toEqual([...rewardTokens].sort());
    expect(raw(withdraw!.sent)).toEqual([[gamma.hypervisor, gamma.userShares]]);
    for (const amount of withdraw!.received) {
      expect(BigInt(amount.amount)).toBe(withdrawn.get(amount.address.toLowerCase()));
    }
    const syrupRows = rows.filter((r) => r.position.farm_address === pools[0]);
    expect(syrupRows.map((r) => r.kind)).toEqual(['stake', 'withdraw', 'reward']);
    expect(BigInt(syrupRows[1]!.received[0]!.amount)).toBe(
      fromSyrup.get(world.tokens.DQUICK.address.toLowerCase()),
    );
    expect(BigInt(syrupRows[2]!.received[0]!.amount)).toBe(
      fromSyrup.get(world.tokens.WMATIC.address.toLowerCase()),
    );
    const lairRows = await ledgerOf(idle.token, idleWallet());
    expect(lairRows.map((r) => r.kind)).toEqual(['lair_enter', 'lair_exit']);
    expect(raw(lairRows[1]!.sent)).toEqual([[world.tokens.NEW_DQUICK.address, minted]]);
  });

  it('gives each position one profit from its rows: withdrawn and claimed less deposited and gas, nothing held', async () => {
    // A snapshot after the way out (nothing held: a known $0), then the dashboard's profit of the kind.
    // An interval after the first snapshots, by the chain's clock (their time is their block's).
    const chainTime = Number((await w.t.anvil.client.getBlock()).timestamp) * 1000;
    const report = await runDueVaultSnapshots({
      db: w.testApp.database.db,
      isPostgres: false,
      intervalMs: 3_600_000,
      now: () => new Date(chainTime + 2 * 3_600_000),
      vaults: vaultsDeps(),
    });
    expect(report).toMatchObject({ stored: 3, failed: 0 });
    const response = await w.testApp.request({
      method: 'GET',
      url: '/api/quickswap/portfolio',
      token: user.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const section = portfolioSchema.parse(response.json()).kinds!.find((k) => k.kind === 'vault_position')!;
    expect(section.unknown.pnl).toBe(0);
    const rows = await ledgerOf(user.token, wallet());
    const sumOf = (kinds: string[]) =>
      rows.filter((r) => kinds.includes(r.kind)).reduce((total, r) => total + r.usd!, 0);
    const gas = rows.reduce((total, r) => total + (r.gas.status === 'paid' ? r.gas.fee_usd! : 0), 0);
    const expected =
      sumOf(['vault_withdraw', 'withdraw']) + sumOf(['reward']) - sumOf(['vault_deposit', 'stake']) - gas;
    expect(isRelativelyClose(section.pnl_usd, expected, 1e-9), `${section.pnl_usd} vs ${expected}`).toBe(
      true,
    );
  });

  it("stops tracking a wallet's vault positions when the wallet is removed, and only that user's", async () => {
    const wallets = await w.testApp.request({
      method: 'GET',
      url: '/api/wallets/connected',
      token: idle.token,
    });
    const saved = (wallets.json() as { wallets: { id: number; address: string }[] }).wallets;
    const removed = await w.testApp.request({
      method: 'DELETE',
      url: `/api/wallets/${saved.find((x) => x.address === idleWallet())!.id}`,
      token: idle.token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const tracked = async (token: string) => {
      const response = await w.testApp.request({
        method: 'GET',
        url: '/api/quickswap/vaults/tracked',
        token,
      });
      return trackedVaultPositionsSchema.parse(response.json()).positions.length;
    };
    expect(await tracked(idle.token)).toBe(0);
    expect(await tracked(user.token)).toBe(2);
  });
});
