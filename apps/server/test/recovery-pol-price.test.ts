import { pair as pairArtifact, testErc20 } from '@tidewatch/contracts';
import { type PolPrice, polPriceSchema } from '@tidewatch/shared';
import { swapExactIn } from '@tidewatch/testkit';
import { type Address, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { createRecoveryService } from '../src/features/recovery/service.ts';
import { createFarmUser, type FarmsWorld, startFarmsWorld } from './farms-setup.ts';

// Get it out (issue 33, item 1): the position actions show their gas in POL and USD; POL's price comes from
// GET /api/recovery/pol-price, WMATIC's price by the app's price rule at the latest block. In this world
// WMATIC's one route is its USDC pair (USDC counts as $1).
let w: FarmsWorld;
let user: { token: string; userId: number };

beforeAll(async () => {
  w = await startFarmsWorld();
  user = await createFarmUser(w);
}, 120_000);
afterAll(() => w?.close());

const close = (actual: number | null, expected: number) =>
  expect(isRelativelyClose(actual, expected), `${actual} ≈ ${expected}`).toBe(true);

/**
 * USD per whole WMATIC from the WMATIC-USDC pair's reserves at `blockNumber`, as the test reads them: the
 * USDC reserve over the WMATIC reserve, each in whole tokens of its own decimals, whichever is token0.
 */
async function wmaticUsdFromReserves(blockNumber: bigint): Promise<number> {
  const c = w.t.anvil.client;
  const pair = w.t.world.pairs['WMATIC-USDC'].address;
  const at = { blockNumber };
  const token0 = await c.readContract({
    address: pair,
    abi: pairArtifact.abi,
    functionName: 'token0',
    ...at,
  });
  const [reserve0, reserve1] = await c.readContract({
    address: pair,
    abi: pairArtifact.abi,
    functionName: 'getReserves',
    ...at,
  });
  const decimalsOf = async (token: Address) =>
    Number(await c.readContract({ address: token, abi: testErc20.abi, functionName: 'decimals', ...at }));
  const wmatic = w.t.world.tokens.WMATIC.address;
  const usdc = w.t.world.tokens.USDC.address;
  const isWmaticToken0 = getAddress(token0) === wmatic;
  const [wmaticReserve, usdcReserve] = isWmaticToken0 ? [reserve0, reserve1] : [reserve1, reserve0];
  const wholeWmatic = Number(wmaticReserve) / 10 ** (await decimalsOf(wmatic));
  const wholeUsdc = Number(usdcReserve) / 10 ** (await decimalsOf(usdc));
  return wholeUsdc / wholeWmatic;
}

const askPrice = (token?: string) =>
  w.testApp.request({ method: 'GET', url: '/api/recovery/pol-price', ...(token ? { token } : {}) });

/** The recovery service on the world's chain, with its own clock and the token that stands for POL. */
function serviceAt(clock: { now: Date }, wmatic: Address = w.t.world.tokens.WMATIC.address) {
  const { world } = w.t;
  return createRecoveryService({
    db: w.testApp.database.db,
    chainId: world.chainId,
    chain: w.t.chain,
    prices: w.prices,
    oldTokens: { quick: world.tokens.QUICK.address, dquick: world.tokens.DQUICK.address },
    syrups: [],
    contracts: {
      router: world.router,
      lair: world.tokens.DQUICK.address,
      oldQuick: world.tokens.QUICK.address,
      newQuick: world.tokens.NEW_QUICK.address,
      converter: world.quickConverter,
    },
    pairFactory: world.factory,
    wmatic,
    now: () => clock.now,
  });
}

describe("POL's price for the gas line", () => {
  it("answers WMATIC's price from its USDC pair's reserves at the latest block", async () => {
    const response = await askPrice(user.token);
    expect(response.statusCode).toBe(200);
    const price: PolPrice = polPriceSchema.parse(response.json());
    expect(price.block_number).toBe(Number(await w.t.anvil.client.getBlockNumber()));
    const expected = await wmaticUsdFromReserves(BigInt(price.block_number));
    expect(expected).toBeGreaterThan(0);
    close(price.usd, expected);
  });

  it('answers 401 without a session', async () => {
    const response = await askPrice();
    expect(response.statusCode).toBe(401);
  });

  it('reads the chain again only once 30 s have passed: a trade in between shows after that', async () => {
    const clock = { now: new Date('2026-01-01T00:00:00Z') };
    const recovery = serviceAt(clock);
    const first = await recovery.getPolPrice();
    close(first.usd, await wmaticUsdFromReserves(BigInt(first.block_number)));

    await swapExactIn(w.t.anvil, w.t.world, {
      pair: 'WMATIC-USDC',
      tokenIn: 'USDC',
      amountIn: 2_000n * 10n ** 6n,
    });
    clock.now = new Date('2026-01-01T00:00:29Z');
    expect(await recovery.getPolPrice()).toEqual(first);

    clock.now = new Date('2026-01-01T00:00:30Z');
    const after = await recovery.getPolPrice();
    expect(after.block_number).toBeGreaterThan(first.block_number);
    const expected = await wmaticUsdFromReserves(BigInt(after.block_number));
    // Buying WMATIC with USDC raised its price.
    expect(expected).toBeGreaterThan(first.usd!);
    close(after.usd, expected);
  });

  it('answers null, never 0, when no route prices the token', async () => {
    // An LP token of the world: no pair of its own with USDC or WMATIC prices it.
    const unpriced = w.t.world.pairs['WMATIC-USDC'].address;
    const price = await serviceAt({ now: new Date() }, unpriced).getPolPrice();
    expect(price.usd).toBeNull();
    expect(price.block_number).toBe(Number(await w.t.anvil.client.getBlockNumber()));
  });
});
