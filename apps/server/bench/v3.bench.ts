/**
 * `npm run bench:v3 [-- --positions 50 --farmed 5]`: deploys QuickSwap V3 (Algebra V1.0's own bytecode) on a
 * local chain with a wallet of `--positions` positions (`--farmed` of them deposited in farming), then times
 * finding them with their pools (findWalletPositionIds) and valuing them (readV3Positions: pools, prices, the
 * owner's static collect and collectRewards), counting the JSON-RPC HTTP requests the proxy received.
 * Last line: `bench:v3 positions=N requests=N ms=N` (finding: issue 34 bounds it at 3 requests).
 */
import { parseArgs } from 'node:util';
import {
  addV3Positions,
  deployQuickswapWorld,
  deployV3World,
  startAnvil,
  startRpcProxy,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { createChainClient } from '../src/core/chain/client.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { resolvePrices } from '../src/core/snapshots/prices.ts';
import { findWalletPositionIds } from '../src/features/v3-positions/reads/find-positions.ts';
import { createV3IncentiveIndex } from '../src/features/v3-positions/reads/incentives.ts';
import { type PlanTokenPrices, readV3Positions } from '../src/features/v3-positions/reads/read-positions.ts';

const { values } = parseArgs({
  options: { positions: { type: 'string', default: '50' }, farmed: { type: 'string', default: '5' } },
});
const count = Number(values.positions);
const farmed = Number(values.farmed);

const anvil = await startAnvil();
try {
  const world = await deployQuickswapWorld(anvil);
  const v3World = await deployV3World(anvil, world);
  // A wallet of its own: the world's user already holds the spec's four positions.
  const wallet = world.accounts.idle.address;
  const setupStarted = performance.now();
  await addV3Positions(anvil, v3World, { owner: wallet, count, farmed });
  console.log(
    `minted ${count} positions (${farmed} farmed) in ${Math.round(performance.now() - setupStarted)} ms`,
  );

  const proxy = await startRpcProxy({ target: anvil.rpcUrl });
  const chain = createChainClient({
    rpcUrls: [proxy.url],
    chainId: world.chainId,
    multicall3Address: world.multicall3,
  });
  await chain.assertChainId();
  const contracts = {
    poolDeployer: v3World.poolDeployer,
    positionManager: v3World.positionManager,
    farmingCenter: v3World.farmingCenter,
    eternalFarming: v3World.eternalFarming,
  };
  const onchain = createOnchainPriceSource({ chain, ...worldPriceOptions(world) });
  // The price rule without a database: every token on its on-chain route (no user chose an API price).
  const planPrices: PlanTokenPrices = (plan, tokens) => {
    const planned = onchain.planPrices(plan, tokens);
    return () =>
      resolvePrices(
        { onchain },
        tokens.map((address) => ({ address, coinmarketcapId: null, priceChoice: 'onchain' as const })),
        planned(),
      );
  };
  const incentives = createV3IncentiveIndex({ chain, eternalFarming: v3World.eternalFarming, fromBlock: 0n });

  proxy.reset();
  const findStarted = performance.now();
  const found = await findWalletPositionIds(chain, contracts, wallet);
  const findMs = Math.round(performance.now() - findStarted);
  const findRequests = proxy.requestCount;
  if (found.positions.length !== count)
    throw new Error(`found ${found.positions.length} positions, minted ${count}`);

  proxy.reset();
  const valueStarted = performance.now();
  const valued = await readV3Positions(
    { chain, contracts, incentives, planPrices },
    found.positions,
    found.block,
  );
  const valueMs = Math.round(performance.now() - valueStarted);
  const calls = proxy.calls.length;
  console.log(
    `valued ${valued.length} positions (${valued.filter((p) => p.farming).length} farmed) in ${valueMs} ms, ${proxy.requestCount} requests (${calls} JSON-RPC calls, the incentive logs included)`,
  );
  await proxy.stop();
  console.log(`bench:v3 positions=${found.positions.length} requests=${findRequests} ms=${findMs}`);
} finally {
  await anvil.stop();
}
