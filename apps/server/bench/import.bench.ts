/**
 * Benchmark: one full import per variant, without pauses, through the RPC-counting proxy on a local
 * chain. Prints the JSON-RPC HTTP requests each import made (target <= 3: classify, verify, one read with prices) and its wall time.
 * Each import uses a fresh chain client (cold caches: the worst case a server sees after a restart).
 * Run: npm run bench:import
 */
import type { WizardVariant } from '@tidewatch/shared';
import { worldAppEnv, worldPriceOptions } from '@tidewatch/testkit';
import { createChainClient } from '../src/core/chain/client.ts';
import { createCoinMarketCapClient } from '../src/core/prices/coinmarketcap-source.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createTestApp } from '../test/helpers.ts';
import { createWizardUser, sendStep, startWizardWorld, walkToEnd } from '../test/import-wizard-helpers.ts';

const targetRequests = 3;
const w = await startWizardWorld();
const results: Record<string, unknown>[] = [];
try {
  const runs: [WizardVariant, keyof typeof w.world.farms][] = [
    ['lp', 'wmaticUsdc'],
    ['dual', 'dualWethWmatic'],
  ];
  for (const [variant, farmKey] of runs) {
    const chain = createChainClient({
      rpcUrls: [w.proxy.url],
      chainId: w.world.chainId,
      multicall3Address: w.world.multicall3,
    });
    const prices = {
      onchain: createOnchainPriceSource({
        chain,
        ...worldPriceOptions(w.world),
      }),
      coinmarketcap: createCoinMarketCapClient({ apiKey: w.cmc.apiKey, baseUrl: w.cmc.url }),
    };
    const testApp = await createTestApp({
      env: worldAppEnv(w.world),
      deps: { chain, prices },
    });
    try {
      const wallet = w.world.accounts.user.address;
      const { token } = await createWizardUser(testApp, wallet);
      const farm = w.world.farms[farmKey];
      await chain.assertChainId(); // once per process, at its first chain use: not part of an import
      w.proxy.reset();
      const cmcBefore = w.cmc.requests.length;
      const started = performance.now();
      const first = await sendStep(testApp, token, variant, {
        name: 'NOT_STARTED',
        event: 'PARSE_URL',
        params: { url: farm.url, account_address: wallet },
      });
      const { states, last } = await walkToEnd(testApp, token, variant, first.body);
      const wallMs = performance.now() - started;
      if (last.name !== 'completed') throw new Error(`${farmKey} ended in ${last.name}`);
      results.push({
        variant,
        farm: farmKey,
        steps: states.length,
        jsonRpcHttpRequests: w.proxy.requestCount,
        jsonRpcCalls: w.proxy.calls.length,
        coinmarketcapHttpRequests: w.cmc.requests.length - cmcBefore,
        wallMs: Math.round(wallMs),
      });
    } finally {
      await testApp.close();
    }
  }
} finally {
  await w.stop();
}
const worst = Math.max(...results.map((r) => r.jsonRpcHttpRequests as number));
console.log(JSON.stringify({ targetRequests, worst, results }, null, 2));
const requestsOf = (variant: string) => results.find((r) => r.variant === variant)?.jsonRpcHttpRequests;
console.log(
  `bench:import lp_requests=${requestsOf('lp')} dual_requests=${requestsOf('dual')} target=${targetRequests}`,
);
if (worst > targetRequests) process.exitCode = 1;
