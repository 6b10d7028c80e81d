/**
 * `npm run bench:chains`: one address, every chain (issue 47). Starts two local nodes, Polygon (chain id 137, with
 * QuickSwap V3 on Algebra V1.0's npm bytecode) and Base (chain id 8453, with Algebra Integral 1.2.1's and Uniswap
 * V2's npm bytecode at Base's addresses, and its syrups), gives one wallet positions on both, then times finding
 * them on both chains at once through request-counting proxies, each chain's every kind in one lens call: on
 * Polygon its V3 NFTs (held and farmed) and its stakes in every V2 farm (single and dual rewards), on Base its V4
 * NFTs, V2 LP and syrup stakes.
 * Last line: `bench:chains chains=N positions=N requests=N ms=N` (issue 47: requests ≤ chains).
 */

import { ALGEBRA_POOL_INIT_CODE_HASH } from '@tidewatch/contracts';
import { baseChain } from '@tidewatch/shared/chain-registry';
import {
  addV3Positions,
  deployQuickswapWorld,
  deployV3World,
  startAnvil,
  startBaseWorld,
  startRpcProxy,
} from '@tidewatch/testkit';
import { createChainClient } from '../src/core/chain/client.ts';
import { findChainHoldings, registryScope } from '../src/features/chain-holdings/index.ts';

const polygonNode = await startAnvil();
const base = await startBaseWorld();
try {
  const world = await deployQuickswapWorld(polygonNode);
  const v3World = await deployV3World(polygonNode, world);
  // Base's world gives its positions to the kit's user account: the same address gets V3 positions on Polygon.
  const wallet = base.world.accounts.user.address;
  await addV3Positions(polygonNode, v3World, { owner: wallet, count: 10, farmed: 2 });

  const polygonProxy = await startRpcProxy({ target: polygonNode.rpcUrl });
  const baseProxy = await startRpcProxy({ target: base.anvil.rpcUrl });
  const polygon = createChainClient({
    rpcUrls: [polygonProxy.url],
    chainId: 137,
    multicall3Address: world.multicall3,
  });
  const onBase = createChainClient({
    rpcUrls: [baseProxy.url],
    chainId: 8453,
    multicall3Address: world.multicall3,
  });
  await Promise.all([polygon.assertChainId(), onBase.assertChainId()]);
  polygonProxy.reset();
  baseProxy.reset();

  const started = performance.now();
  const farms = Object.values(world.farms);
  const [onPolygon, baseHoldings] = await Promise.all([
    findChainHoldings(
      polygon,
      {
        name: 'Polygon',
        concentrated: {
          product: 'v3',
          positionManager: v3World.positionManager,
          poolDeployer: v3World.poolDeployer,
          poolInitCodeHash: ALGEBRA_POOL_INIT_CODE_HASH,
          farmingCenter: v3World.farmingCenter,
        },
        v2Factory: null,
        syrups: [],
        lpFarms: farms.filter((f) => f.kind === 'lp').map((f) => f.address),
        dualFarms: farms.filter((f) => f.kind === 'dual').map((f) => f.address),
      },
      wallet,
    ),
    findChainHoldings(onBase, registryScope(baseChain), wallet),
  ]);
  const ms = Math.round(performance.now() - started);
  const requests = polygonProxy.requestCount + baseProxy.requestCount;
  const found = {
    'Polygon V3': onPolygon.positions.length,
    'Polygon V2 farms': onPolygon.stakes.length,
    'Base V4': baseHoldings.positions.length,
    'Base V2 LP': baseHoldings.v2.length,
    'Base syrups': baseHoldings.stakes.length,
  };
  const positions = Object.values(found).reduce((sum, n) => sum + n, 0);
  console.log(
    `found ${Object.entries(found)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}`,
  );
  console.log(`requests: Polygon ${polygonProxy.requestCount}, Base ${baseProxy.requestCount}`);
  await Promise.all([polygonProxy.stop(), baseProxy.stop()]);
  console.log(`bench:chains chains=2 positions=${positions} requests=${requests} ms=${ms}`);
} finally {
  await Promise.all([polygonNode.stop(), base.stop()]);
}
