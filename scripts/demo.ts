/**
 * `npm run demo`: the whole product on this machine with no MetaMask, no API key and no internet.
 * Starts a local chain seeded with QuickSwap-like farms and QuickSwap V3 (Algebra) positions, a
 * CoinMarketCap-compatible price server, a Merkl-compatible rewards server, stand-ins for Telegram, Discord and a
 * webhook receiver (see demo-channels.ts), and the app on a temporary database with a demo user and an
 * in-browser 'Demo wallet'. Ctrl-C stops everything.
 */
import {
  type Anvil,
  cmcListingsForWorld,
  deployDefiEdgeStrategy,
  deployGammaVault,
  deployIchiVault,
  deployQuickswapWorld,
  deploySteerVault,
  deployV3World,
  mineBlockAt,
  quickswapFarmUrl,
  seedLairAndSyrupStakes,
  sendTippedCall,
  setAutomine,
  startAnvil,
  startBaseWorld,
  startCmcServer,
  startMerklServer,
  startSteerServer,
  swapExactIn,
  testAccounts,
  v3WorldAppEnv,
  type World,
  type WorldFarm,
  worldAppEnv,
} from '@tidewatch/testkit';
import { parseAbi } from 'viem';
import { loadSyrupRegistry } from '../apps/server/src/core/farm-index/syrup-registry.ts';
import { loadListedVaults } from '../apps/server/src/core/farm-index/vault-registry.ts';
import { createConfirmedAccount } from '../e2e/support/accounts.ts';
import { type AppServer, startAppServer } from '../e2e/support/app-server.ts';
import { startDemoChannels } from './demo-channels.ts';

const demoUser = { email: 'demo@tidewatch.local', password: 'tidewatch-demo-2026' };
const blockIntervalMs = 5_000;
/** The chain starts this many days ago and trades daily until today, so a tracked farm has history. */
const historyDays = 10;
const daySeconds = 86_400;

/** The two farm calls the demo wallet makes besides its stakes; both farm kinds have them. */
const farmAbi = parseAbi(['function getReward()', 'function withdraw(uint256 amount)']);
const gwei = 10n ** 9n;

/**
 * The demo wallet's own farm transactions (reward claims, a partial withdrawal), so the books have income,
 * withdrawals and gas: each in its own block ten minutes after the last, at a Polygon-like base fee and tip
 * (anvil's own base fee sinks towards nothing over empty blocks, which would make every gas figure zero).
 */
async function callFarmAsDemoWallet(
  anvil: Anvil,
  world: World,
  farm: WorldFarm,
  call: { functionName: 'getReward' } | { functionName: 'withdraw'; amount: bigint },
): Promise<void> {
  const head = await anvil.client.getBlock();
  await setAutomine(anvil, false);
  try {
    const hash = await sendTippedCall(anvil, {
      from: world.accounts.user.address,
      to: farm.address,
      abi: farmAbi,
      functionName: call.functionName,
      args: call.functionName === 'withdraw' ? [call.amount] : [],
      priorityFeePerGas: 30n * gwei,
    });
    await mineBlockAt(anvil, { timestamp: head.timestamp + 600n, baseFeePerGas: 45n * gwei });
    const receipt = await anvil.client.getTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${call.functionName} on ${farm.key} reverted`);
  } finally {
    await setAutomine(anvil, true);
  }
}

/**
 * Ten days of a market: each day swaps move WMATIC, WETH and WBTC against USDC one way or the other (so
 * the history job finds price moves, fees and rewards to chart), then the chain comes up to today.
 */
async function playMarketHistory(anvil: Anvil, world: World): Promise<void> {
  // Deploying the world moves its clock on (rewards accrue, a short farm ends): spread what is left.
  const deployedAt = Number((await anvil.client.getBlock()).timestamp);
  const step = Math.floor((Math.floor(Date.now() / 1000) - deployedAt) / (historyDays + 1));
  for (let day = 1; day <= historyDays; day++) {
    await anvil.increaseTime(step);
    const size = BigInt(1 + (day % 3));
    const isBuying = day % 2 === 1;
    const usdc = (amount: bigint) => amount * 10n ** 6n;
    await swapExactIn(anvil, world, {
      pair: 'WMATIC-USDC',
      ...(isBuying
        ? { tokenIn: 'USDC', amountIn: usdc(15_000n * size) }
        : { tokenIn: 'WMATIC', amountIn: 30_000n * size * 10n ** 18n }),
    });
    await swapExactIn(anvil, world, {
      pair: 'WETH-USDC',
      ...(isBuying
        ? { tokenIn: 'USDC', amountIn: usdc(12_000n * size) }
        : { tokenIn: 'WETH', amountIn: 6n * size * 10n ** 18n }),
    });
    await swapExactIn(anvil, world, {
      pair: 'WBTC-USDC',
      ...(isBuying
        ? { tokenIn: 'WBTC', amountIn: size * 10n ** 7n }
        : { tokenIn: 'USDC', amountIn: usdc(9_000n * size) }),
    });
    // The demo wallet's books: rewards claimed on days 3 and 8, a quarter of its WMATIC-USDC stake taken
    // out on day 6 (the rest stays staked and earning).
    const { wmaticUsdc, dualWethWmatic } = world.farms;
    if (day === 3) {
      await callFarmAsDemoWallet(anvil, world, wmaticUsdc, { functionName: 'getReward' });
      await callFarmAsDemoWallet(anvil, world, dualWethWmatic, { functionName: 'getReward' });
    }
    if (day === 6) {
      await callFarmAsDemoWallet(anvil, world, wmaticUsdc, {
        functionName: 'withdraw',
        amount: wmaticUsdc.userStake / 4n,
      });
    }
    if (day === 8) await callFarmAsDemoWallet(anvil, world, wmaticUsdc, { functionName: 'getReward' });
  }
  const now = Math.floor(Date.now() / 1000);
  await anvil.client.request({
    method: 'evm_setNextBlockTimestamp',
    params: [`0x${now.toString(16)}`],
  } as never);
  await anvil.mine();
}

/** One of Steer's QuickSwap vaults on Polygon (WMATIC-USDC, Classic Rebalance), where the demo places Steer's. */
const steerVaultAddress = '0x1EB20de00B0Ed23E3f9fDA7d23Fcbf473a23f180';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  console.log('demo: starting a local Polygon-like chain and deploying QuickSwap-style farms…');
  const start = Math.floor(Date.now() / 1000) - historyDays * daySeconds;
  const anvil = await startAnvil({ args: ['--timestamp', String(start)] });
  const world = await deployQuickswapWorld(anvil);
  // QuickSwap V3: the demo wallet's positions below, inside and above range and one farmed (before the
  // market plays, so its swaps earn the positions fees too).
  const v3World = await deployV3World(anvil, world);
  // The vaults tool: shares of a vault of each manager QuickSwap's interface integrates, at their Polygon addresses
  // (Gamma's at the first QuickSwap listed, part staked in its MasterChef; Steer's at one of its QuickSwap vaults,
  // part staked in its staking pool; ICHI's and DefiEdge's, part staked in its MiniChef), the demo wallet's dQUICK in
  // both lairs, and stake in three of QuickSwap's published syrup pools, two of them ended early in the demo's
  // history.
  const gamma = loadListedVaults().find((vault) => vault.manager === 'gamma' && vault.staking)!;
  await deployGammaVault(anvil, world, v3World, {
    at: gamma.address,
    masterChefAt: gamma.staking!.address,
    pid: gamma.staking!.pid,
  });
  const steer = await deploySteerVault(anvil, world, v3World, { at: steerVaultAddress });
  await deployIchiVault(anvil, world, v3World);
  await deployDefiEdgeStrategy(anvil, world, v3World);
  const [s0, s1, s2] = loadSyrupRegistry();
  await seedLairAndSyrupStakes(anvil, world, {
    wallet: testAccounts.user.address,
    to: [s0!.address, s1!.address, s2!.address],
    endedSeconds: 2n * BigInt(daySeconds),
    activeSeconds: BigInt((historyDays + 30) * daySeconds),
  });
  // QuickSwap on Base (issue 47): a second local node, chain id 8453, with Integral 1.2.1 and Uniswap V2 at Base's
  // addresses; the demo wallet holds a V4 position in a pool and one in a custom pool, V2 LP and two syrup stakes,
  // the one of the short syrup ended (its hour passed).
  console.log(
    'demo: starting a local Base (chain id 8453) with QuickSwap V2, V4 (Algebra Integral) and syrups…',
  );
  const base = await startBaseWorld();
  await base.anvil.increaseTime(3_600);
  console.log(`demo: playing ${historyDays} days of trading so tracked farms have a history…`);
  await playMarketHistory(anvil, world);
  const cmc = await startCmcServer({ apiKey: 'demo-api-key', listings: cmcListingsForWorld(world) });
  const merkl = await startMerklServer({ rewards: v3World.merkl.rewards });
  // Steer's API (its vaults on QuickSwap and their staking pools), served locally in its shapes.
  const steerApi = await startSteerServer({
    vaults: [{ vaultAddress: steer.vault, pool: steer.poolAddress }],
    stakingPools: steer.staking
      ? [
          {
            stakingPool: steer.staking.address,
            stakingToken: steer.vault,
            rewardTokenA: steer.staking.rewardTokenAddress,
            periodFinish: Number(steer.staking.periodFinish),
          },
        ]
      : [],
  });
  const channels = await startDemoChannels();

  let app: AppServer | undefined;
  let miner: NodeJS.Timeout | undefined;
  let isStopping = false;
  const stop = async (code: number) => {
    if (isStopping) return;
    isStopping = true;
    clearInterval(miner);
    await app?.stop().catch(() => {});
    await cmc.stop().catch(() => {});
    await merkl.stop().catch(() => {});
    await steerApi.stop().catch(() => {});
    await channels.stop().catch(() => {});
    await anvil.stop().catch(() => {});
    await base.stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    app = await startAppServer({
      rpcUrl: anvil.rpcUrl,
      port,
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        CMC_API_KEY: cmc.apiKey,
        CMC_API_URL: cmc.url,
        // The price rule's hubs as on Polygon (WETH, WBTC): MYST has one price in every tool (issue 42).
        ...worldAppEnv(world, { hubs: true }),
        ...v3WorldAppEnv(v3World, { merklApiUrl: merkl.url }),
        BASE_RPC_URL: base.anvil.rpcUrl,
        STEER_API_URL: steerApi.url,
        STEER_STAKING_POOLS_URL: steerApi.stakingPoolsUrl,
        ...channels.appEnv,
        // Automatic snapshots every minute, so a tracked farm's card moves on its own.
        SNAPSHOT_INTERVAL: '1m',
        DEMO_WALLET_PRIVATE_KEY: testAccounts.user.privateKey,
      },
      isVerbose: true,
    });
    await createConfirmedAccount(app, demoUser.email, demoUser.password);
  } catch (error) {
    console.error(`demo: could not start: ${error instanceof Error ? error.message : String(error)}`);
    await stop(1);
    return;
  }

  // Rewards accrue with block time: keep blocks coming so a refresh shows change.
  miner = setInterval(() => void anvil.mine().catch(() => {}), blockIntervalMs);

  const farms = Object.values(world.farms);
  const lines = [
    '',
    `Tidewatch demo is running at ${app.url}`,
    '',
    `  log in with   ${demoUser.email} / ${demoUser.password}`,
    `  wallet        'Demo wallet' (${testAccounts.user.address}), used by 'connect to metamask'`,
    `  chain RPC     ${anvil.rpcUrl} (chain id ${anvil.chainId}); Base ${base.anvil.rpcUrl} (chain id 8453)`,
    '',
    '  farm URLs to paste into the import wizards:',
    ...farms.map(
      (farm) =>
        `    ${farm.kind === 'dual' ? 'dual-mining ' : 'lp-mining   '} ${farm.key.padEnd(22)} ${quickswapFarmUrl(farm)}`,
    ),
    '',
    '  other shapes the wizards accept or refuse (QuickSwap has them all):',
    `    pair analytics page       https://quickswap.exchange/#/analytics/v2/pair/${world.farms.wethUsdc.pair}`,
    `    farm page with ETH        https://quickswap.exchange/#/dual/${world.tokens.WETH.address}/ETH/${world.farms.dualWethWmatic.address}`,
    `    polygonscan               https://polygonscan.com/address/${world.farms.wbtcUsdc.address}`,
    `    syrup pool (refused)      ${world.notLpFarms.syrupPool}`,
    `    other exchange (refused)  ${world.notLpFarms.otherExchangeFarm}`,
    '',
    `  QuickSwap V3: the demo wallet's positions are in the 'V3 positions tool' ('All positions'), Merkl`,
    `  rewards from a local stand-in at ${merkl.url}`,
    '',
    "  the 'Vaults tool': the demo wallet's shares of a Gamma, a Steer, an ICHI and a DefiEdge vault, its dQUICK",
    `  in both lairs and three syrup stakes; Steer's vault list from a local stand-in of its API at ${steerApi.url};`,
    "  'get it out' on a row opens the recovery plan with it included",
    '',
    "  'Every chain': Base on (its contracts checked at start); the demo wallet's V4 positions (one in a custom",
    "  pool), V2 LP and syrup stakes there, valued by Base's own pairs",
    '',
    "  the books: once a tracked farm's history is read, 'books' beside the wallet (dashboard, manage",
    '  wallets) lists its stakes, claims and withdrawal with their gas, a year summary and CSV downloads',
    '',
    ...channels.bannerLines,
    '',
    `  a block is mined every ${blockIntervalMs / 1000} s; press Ctrl-C to stop everything.`,
    '',
  ];
  console.log(lines.join('\n'));
  channels.listen();
}

void main();
