import { farmingCenter, nonfungiblePositionManager } from '@tidewatch/contracts';
import { type V3Position, v3PositionSchema, v3WalletPositionsSchema } from '@tidewatch/shared';
import {
  addV3Positions,
  FULL_RANGE,
  mintV3Position,
  movePriceAcrossRange,
  moveV3Price,
  swapV3,
  TxSender,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { type Address, getAddress, maxUint128, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { findWalletPositionIds } from '../src/features/v3-positions/reads/find-positions.ts';
import { createV3IncentiveStore } from '../src/features/v3-positions/reads/incentive-repository.ts';
import {
  createV3IncentiveIndex,
  type V3IncentiveIndex,
  type V3IncentiveStore,
} from '../src/features/v3-positions/reads/incentives.ts';
import { v3PlanPrices } from '../src/features/v3-positions/reads/position-reader.ts';
import { readV3Positions } from '../src/features/v3-positions/reads/read-positions.ts';
import {
  chainPays,
  chainPendingRewards,
  chainUnclaimed,
  createV3App,
  priceAt,
  startV3TestWorld,
  usdOf,
  type V3TestWorld,
} from './v3-setup.ts';

// QuickSwap V3 positions on the local chain (Algebra V1.0's own bytecode): a wallet's positions below, inside
// and above the price, one farmed, found in one request and valued exactly as the chain would pay them, after
// swaps that accrue fees and moves of the price across a range; a position of a token without a price, at the
// extreme ticks, in a pool without liquidity; a burnt id; and the API's answers to bad input.
let w: V3TestWorld;
let user: Address;

beforeAll(async () => {
  w = await startV3TestWorld();
  user = w.t.world.accounts.user.address;
}, 180_000);
afterAll(() => w?.close());

async function walletPositions(wallet: Address) {
  const response = await w.testApp.request({
    method: 'GET',
    url: `/api/quickswap/v3/positions?wallet_address=${wallet}`,
    token: w.user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return v3WalletPositionsSchema.parse(response.json());
}

/**
 * Every figure of `position` against the chain at its block: the amounts a static decreaseLiquidity of all
 * of it pays, the fees a static collect pays on top, the pool's state, the pending rewards a static
 * collectRewards pays, the unclaimed rewards, and each USD from the test's own prices.
 */
async function expectAsTheChainPays(position: V3Position) {
  const block = BigInt(position.block_number);
  const tokenId = BigInt(position.token_id);
  const paid = await chainPays(w, tokenId, block);
  expect(position.liquidity).toBe(paid.liquidity.toString());
  const [t0, t1] = [position.pool.token0, position.pool.token1];
  const raw = parseUnitsExact;
  expect(raw(position.amounts[0].amount, t0.decimals)).toBe(paid.amounts[0]);
  expect(raw(position.amounts[1].amount, t1.decimals)).toBe(paid.amounts[1]);
  expect(position.fees).not.toBeNull();
  expect(raw(position.fees![0].amount, t0.decimals)).toBe(paid.fees[0]);
  expect(raw(position.fees![1].amount, t1.decimals)).toBe(paid.fees[1]);

  const atBlock = await w.t.anvil.client.readContract({
    address: position.pool.address as Address,
    abi: [
      {
        type: 'function',
        name: 'globalState',
        stateMutability: 'view',
        inputs: [],
        outputs: [
          { type: 'uint160' },
          { type: 'int24' },
          { type: 'uint16' },
          { type: 'uint16' },
          { type: 'uint8' },
          { type: 'uint8' },
          { type: 'bool' },
        ],
      },
    ] as const,
    functionName: 'globalState',
    blockNumber: block,
  });
  expect(position.pool.sqrt_price_x96).toBe(atBlock[0].toString());
  expect(position.pool.tick).toBe(atBlock[1]);
  expect(position.pool.fee).toBe(atBlock[2]);
  expect(position.in_range).toBe(position.tick_lower <= atBlock[1] && atBlock[1] < position.tick_upper);

  // The price rule: a route, else the pool's own price against its priced side ('pool', decision 021).
  const routed0 = await priceAt(w, t0.address as Address, block);
  const routed1 = await priceAt(w, t1.address as Address, block);
  const token1PerToken0 =
    Number(
      (atBlock[0] * atBlock[0] * 10n ** BigInt(t0.decimals) * 10n ** 18n) /
        (2n ** 192n * 10n ** BigInt(t1.decimals)),
    ) / 1e18;
  const p0 = routed0 ?? (routed1 === null || token1PerToken0 === 0 ? null : routed1 * token1PerToken0);
  const p1 = routed1 ?? (routed0 === null || token1PerToken0 === 0 ? null : routed0 / token1PerToken0);
  expect(position.pool.price0_usd).toSatisfy((v: number | null) =>
    p0 === null ? v === null : isRelativelyClose(v, p0),
  );
  expect(position.pool.price1_usd).toSatisfy((v: number | null) =>
    p1 === null ? v === null : isRelativelyClose(v, p1),
  );
  const usd = (amounts: readonly bigint[]) => {
    const parts = [usdOf(amounts[0]!, t0.decimals, p0), usdOf(amounts[1]!, t1.decimals, p1)];
    // A zero amount of an unpriced token is $0 whatever its price; a non-zero one makes the sum unknown.
    if (parts.some((part, i) => part === null && amounts[i] !== 0n)) return null;
    return (parts[0] ?? 0) + (parts[1] ?? 0);
  };
  expectUsd(position.value_usd, usd(paid.amounts));
  expectUsd(position.fees_usd, usd(paid.fees));
  expectUsd(position.amounts[0].usd, usdOf(paid.amounts[0], t0.decimals, p0));
  expectUsd(position.amounts[1].usd, usdOf(paid.amounts[1], t1.decimals, p1));

  if (!position.is_farmed) {
    expect(position.owner).toBe(paid.nftOwner);
    expect(position.farming).toBeNull();
    expect(position.rewards_usd).toBe(0);
    return;
  }
  expect(paid.nftOwner).toBe(getAddress(w.v3World.farmingCenter));
  const { incentive } = w.v3World;
  expect(position.farming?.incentive.id).toBe(incentive.id);
  expect(position.farming?.incentive.is_ended).toBe(false);
  expect(position.farming?.incentive.reward_token.address).toBe(incentive.key.rewardToken);
  expect(position.farming?.incentive.bonus_reward_token?.address).toBe(incentive.key.bonusRewardToken);
  const pending = await chainPendingRewards(w, position.owner as Address, tokenId, block);
  const tokens = [incentive.key.rewardToken, incentive.key.bonusRewardToken];
  expect(position.farming!.pending.map((p) => p.token.address)).toEqual(tokens);
  expect(position.farming!.pending.map((p) => parseUnitsExact(p.amount, p.token.decimals))).toEqual(pending);
  let rewardsUsd = 0;
  for (const [k, token] of tokens.entries()) {
    const price = (await priceAt(w, token, block))!;
    const decimals = position.farming!.pending[k]!.token.decimals;
    expectUsd(position.farming!.pending[k]!.usd, usdOf(pending[k]!, decimals, price));
    rewardsUsd += usdOf(pending[k]!, decimals, price)!;
    const unclaimed = position.farming!.unclaimed.find((u) => u.token.address === token);
    if (unclaimed) {
      const onChain = await chainUnclaimed(w, position.owner as Address, token, block);
      expect(parseUnitsExact(unclaimed.amount, decimals)).toBe(onChain);
      rewardsUsd += usdOf(onChain, decimals, price)!;
    }
  }
  expectUsd(position.rewards_usd, rewardsUsd);
}

function expectUsd(actual: number | null, expected: number | null) {
  if (expected === null) expect(actual).toBeNull();
  else expect(isRelativelyClose(actual, expected), `${actual} ≈ ${expected}`).toBe(true);
}

/** '1.5' with 6 decimals -> 1500000n, exactly (the API's amounts are exact decimal strings). */
function parseUnitsExact(amount: string, decimals: number): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

describe('the incentive index, kept in the database', () => {
  const readLive = (incentives: V3IncentiveIndex) => async () => {
    const found = await findWalletPositionIds(w.t.chain, w.contracts, user);
    const prices = {
      onchain: createOnchainPriceSource({ chain: w.t.chain, ...worldPriceOptions(w.t.world) }),
    };
    const planPrices = v3PlanPrices(
      { db: w.testApp.database.db, chainId: w.t.world.chainId, prices },
      { isPast: false },
    );
    const positions = await readV3Positions(
      { chain: w.t.chain, contracts: w.contracts, incentives, planPrices },
      found.positions,
      found.block,
      { isLive: true },
    );
    return positions.find((p) => p.token_id === w.v3World.positions.farmed.tokenId.toString())!;
  };
  const index = (store: V3IncentiveStore) =>
    createV3IncentiveIndex({
      chain: w.t.chain,
      eternalFarming: w.contracts.eternalFarming,
      fromBlock: 0n,
      store,
    });

  // Issue 43, finding 3: the first list after a process started cost a fourth request (the incentive logs from
  // the farming's first block). A new process starts from the index any process stored.
  it("gives a new process's first wallet list its three requests", async () => {
    const store = createV3IncentiveStore(
      w.testApp.database.db,
      w.t.world.chainId,
      w.contracts.eternalFarming,
    );
    const head = await w.t.anvil.client.getBlockNumber();
    await index(store).incentivesOf([], head);
    const fresh = index(store);
    w.t.proxy.reset();
    const farmed = await readLive(fresh)();
    expect(w.t.proxy.requestCount).toBeLessThanOrEqual(3);
    expect(farmed.farming?.incentive.id).toBe(w.v3World.incentive.id);
  });

  it('reads the logs again for a farmed position in none of the incentives it knows', async () => {
    // A stored index that knows another incentive of the pool, and not the position's (created after it read).
    const pool = getAddress(w.v3World.positions.farmed.poolAddress);
    const stale: V3IncentiveStore = {
      load: async () => ({
        scannedTo: 0n,
        incentives: [
          {
            id: `0x${'ab'.repeat(32)}`,
            key: { ...w.v3World.incentive.key, pool, startTime: 1n, endTime: 2n },
            virtualPool: getAddress(`0x${'cd'.repeat(20)}`),
          },
        ],
      }),
      save: async () => {},
    };
    const farmed = await readLive(index(stale))();
    expect(farmed.farming?.incentive.id).toBe(w.v3World.incentive.id);
    await expectAsTheChainPays(farmed);
  });
});

describe("a wallet's V3 positions", () => {
  it('are found with their pools, held and farmed, in one JSON-RPC request', async () => {
    await w.t.chain.assertChainId();
    w.t.proxy.reset();
    const found = await findWalletPositionIds(w.t.chain, w.contracts, user);
    expect(w.t.proxy.requestCount).toBeLessThanOrEqual(3);
    expect(w.t.proxy.requestCount).toBe(1);
    const expected = Object.values(w.v3World.positions);
    expect(found.positions.map((p) => p.tokenId).sort()).toEqual(expected.map((p) => p.tokenId).sort());
    for (const position of expected) {
      const got = found.positions.find((p) => p.tokenId === position.tokenId)!;
      expect(got.pool).toBe(position.poolAddress);
      expect(got.isFarmed).toBe(position.isFarmed);
      expect(got.owner).toBe(getAddress(position.owner));
      expect([got.tickLower, got.tickUpper, got.liquidity]).toEqual([
        position.tickLower,
        position.tickUpper,
        position.liquidity,
      ]);
    }
  });

  it('are found in one request whatever their number (15 more, 3 of them farmed)', async () => {
    const wallet = w.t.world.accounts.idle.address;
    const ids = await addV3Positions(w.t.anvil, w.v3World, { owner: wallet, count: 15, farmed: 3 });
    w.t.proxy.reset();
    const found = await findWalletPositionIds(w.t.chain, w.contracts, wallet);
    expect(w.t.proxy.requestCount).toBe(1);
    expect(found.positions.map((p) => p.tokenId).sort()).toEqual([...ids].sort());
    expect(
      found.positions
        .filter((p) => p.isFarmed)
        .map((p) => p.tokenId)
        .sort(),
    ).toEqual(ids.slice(12).sort());
  });

  it('are valued as the chain pays them: below, inside and above the range, farmed and not', async () => {
    const answer = await walletPositions(user);
    expect(answer.wallet_address).toBe(getAddress(user));
    expect(answer.positions.map((p) => p.token_id).sort()).toEqual(
      Object.values(w.v3World.positions)
        .map((p) => p.tokenId.toString())
        .sort(),
    );
    const byKey = (key: keyof typeof w.v3World.positions) =>
      answer.positions.find((p) => p.token_id === w.v3World.positions[key].tokenId.toString())!;
    expect(byKey('belowRange').in_range).toBe(false);
    expect(byKey('aboveRange').in_range).toBe(false);
    expect(byKey('inRange').in_range).toBe(true);
    expect(byKey('farmed').is_farmed).toBe(true);
    // An hour of farming: rewards are pending.
    expect(Number(byKey('farmed').farming!.pending[0]!.amount)).toBeGreaterThan(0);
    // Out of range a position holds one token only.
    expect(byKey('belowRange').amounts[0].amount).toBe('0');
    expect(byKey('aboveRange').amounts[1].amount).toBe('0');
    for (const position of answer.positions) {
      expect(position.block_number).toBe(answer.block_number);
      expect(position.is_tracked).toBe(false);
      await expectAsTheChainPays(position);
    }
  });

  it('follow swaps that accrue fees and a price moved across a range, and back', async () => {
    const before = await walletPositions(user);
    const inRange = w.v3World.positions.inRange;
    const feesBefore = before.positions.find((p) => p.token_id === inRange.tokenId.toString())!.fees!;
    await swapV3(w.t.anvil, w.v3World, {
      pool: 'WMATIC-USDC',
      tokenIn: 'USDC',
      amountIn: 5_000n * 10n ** 6n,
    });
    await swapV3(w.t.anvil, w.v3World, {
      pool: 'WMATIC-USDC',
      tokenIn: 'WMATIC',
      amountIn: 8_000n * 10n ** 18n,
    });
    await w.t.anvil.increaseTime(600);
    const afterSwaps = await walletPositions(user);
    const feesAfter = afterSwaps.positions.find((p) => p.token_id === inRange.tokenId.toString())!.fees!;
    expect(Number(feesAfter[0].amount) > Number(feesBefore[0].amount)).toBe(true);
    expect(Number(feesAfter[1].amount) > Number(feesBefore[1].amount)).toBe(true);
    for (const position of afterSwaps.positions) await expectAsTheChainPays(position);

    await movePriceAcrossRange(w.t.anvil, w.v3World, inRange, 'above');
    const above = await walletPositions(user);
    const moved = above.positions.find((p) => p.token_id === inRange.tokenId.toString())!;
    expect(moved.in_range).toBe(false);
    expect(moved.amounts[0].amount).toBe('0');
    for (const position of above.positions) await expectAsTheChainPays(position);

    await movePriceAcrossRange(w.t.anvil, w.v3World, inRange, 'inside');
    const inside = await walletPositions(user);
    expect(inside.positions.find((p) => p.token_id === inRange.tokenId.toString())!.in_range).toBe(true);
    for (const position of inside.positions) await expectAsTheChainPays(position);
  });
  it('show collected rewards as EternalFarming holds them for the owner, once, on the lowest farmed token id', async () => {
    const wallet = w.t.world.accounts.idle.address;
    const before = await walletPositions(wallet);
    const farmedIds = before.positions
      .filter((p) => p.is_farmed)
      .map((p) => BigInt(p.token_id))
      .sort((a, b) => (a < b ? -1 : 1));
    expect(farmedIds.length).toBe(3);
    await w.t.anvil.increaseTime(600);
    const tx = new TxSender(w.t.anvil);
    for (const tokenId of farmedIds) {
      await tx.call(wallet, w.v3World.farmingCenter, farmingCenter.abi, 'collectRewards', [
        w.v3World.incentive.key,
        tokenId,
      ]);
    }
    await tx.assertAllSucceeded();
    const after = await walletPositions(wallet);
    const farmed = farmedIds.map((id) => after.positions.find((p) => p.token_id === id.toString())!);
    expect(farmed[0]!.farming!.unclaimed.map((u) => u.token.address)).toEqual([
      w.v3World.incentive.key.rewardToken,
      w.v3World.incentive.key.bonusRewardToken,
    ]);
    expect(Number(farmed[0]!.farming!.unclaimed[0]!.amount)).toBeGreaterThan(0);
    for (const position of farmed.slice(1)) expect(position.farming!.unclaimed).toEqual([]);
    for (const position of after.positions) await expectAsTheChainPays(position);
  });
});

describe('one position by id', () => {
  async function getPosition(tokenId: bigint | string) {
    return w.testApp.request({ method: 'GET', url: `/api/quickswap/v3/positions/${tokenId}` });
  }

  it('is public, and valued as in the wallet read, farmed or not', async () => {
    for (const key of ['inRange', 'farmed'] as const) {
      const response = await getPosition(w.v3World.positions[key].tokenId);
      expect(response.statusCode, response.body).toBe(200);
      const position = v3PositionSchema.parse(response.json());
      expect(position.owner).toBe(getAddress(user));
      expect(position.is_farmed).toBe(key === 'farmed');
      await expectAsTheChainPays(position);
    }
  });

  it('at the extreme ticks: amounts exact', async () => {
    const tokenId = await mintV3Position(w.t.anvil, w.v3World, {
      pool: 'WMATIC-USDC',
      owner: user,
      ...FULL_RANGE,
    });
    const position = v3PositionSchema.parse((await getPosition(tokenId)).json());
    expect([position.tick_lower, position.tick_upper]).toEqual([FULL_RANGE.tickLower, FULL_RANGE.tickUpper]);
    expect(position.in_range).toBe(true);
    await expectAsTheChainPays(position);
  });

  it("of a token without a route: priced by its pool's own price, as the V2 cards price it; in a pool without liquidity in range: amounts exact", async () => {
    const pool = w.v3World.pools['MYST-WETH'];
    const base = Math.floor(pool.initialTick / 60) * 60;
    const tokenId = await mintV3Position(w.t.anvil, w.v3World, {
      pool: 'MYST-WETH',
      owner: user,
      tickLower: base - 600,
      tickUpper: base + 600,
    });
    const inRange = v3PositionSchema.parse((await getPosition(tokenId)).json());
    const mystSide = inRange.pool.token0.address === w.t.world.tokens.MYST.address ? 0 : 1;
    expect(inRange.in_range).toBe(true);
    expect(inRange.amounts[mystSide].amount).not.toBe('0');
    // MYST has no route (no USDC/WMATIC pair, no hub pair): its price is the pool's, against WETH's.
    expect(
      await priceAt(w, w.t.world.tokens.MYST.address as Address, BigInt(inRange.block_number)),
    ).toBeNull();
    expect(inRange.amounts[mystSide].usd).not.toBeNull();
    expect(inRange.pool[mystSide === 0 ? 'price0_usd' : 'price1_usd']).not.toBeNull();
    expect(inRange.value_usd).not.toBeNull();
    await expectAsTheChainPays(inRange);

    // Past every tick the deployer's liquidity covers, the pool has no liquidity in range.
    await moveV3Price(w.t.anvil, w.v3World, { pool: 'MYST-WETH', toTick: base + 20_040 });
    const outside = v3PositionSchema.parse((await getPosition(tokenId)).json());
    expect(outside.pool.liquidity).toBe('0');
    expect(outside.in_range).toBe(false);
    await expectAsTheChainPays(outside);

    // And a full-range position there: the extreme ticks with a token without a price.
    const fullRange = await mintV3Position(w.t.anvil, w.v3World, {
      pool: 'MYST-WETH',
      owner: user,
      ...FULL_RANGE,
    });
    await expectAsTheChainPays(v3PositionSchema.parse((await getPosition(fullRange)).json()));
  });

  it('that does not exist, or was burnt, is a 404 that says so', async () => {
    const tokenId = await mintV3Position(w.t.anvil, w.v3World, {
      pool: 'WETH-USDC',
      owner: user,
      ...FULL_RANGE,
    });
    const [, , , , , , liquidity] = await w.t.anvil.client.readContract({
      address: w.v3World.positionManager,
      abi: nonfungiblePositionManager.abi,
      functionName: 'positions',
      args: [tokenId],
    });
    const tx = new TxSender(w.t.anvil);
    const npm = w.v3World.positionManager;
    const abi = nonfungiblePositionManager.abi;
    await tx.call(user, npm, abi, 'decreaseLiquidity', [
      { tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 },
    ]);
    await tx.call(user, npm, abi, 'collect', [
      { tokenId, recipient: user, amount0Max: maxUint128, amount1Max: maxUint128 },
    ]);
    await tx.call(user, npm, abi, 'burn', [tokenId]);
    await tx.assertAllSucceeded();
    for (const id of [tokenId, 10n ** 30n]) {
      const response = await getPosition(id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(new RegExp(`#${id}.*never minted, or it was burnt`));
    }
  });

  it('refuses an id that is not a whole number, naming the field', async () => {
    const response = await getPosition('12ab');
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('params.token_id');
  });

  it('refuses an id above the largest uint256 (78 nines), naming the field, without a chain read', async () => {
    const response = await getPosition('9'.repeat(78));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details[0].field).toBe('params.token_id');
    const largest = await getPosition(maxUint256);
    expect(largest.statusCode, largest.body).toBe(404);
  });
});

describe('the public position read', () => {
  it('is throttled per IP: past the limit a 429 with Retry-After, before any chain read; another IP is not affected', async () => {
    const tuned = await createV3App(w.t, w.v3World, w.merkl, {
      v3PositionReadsPerIp: { limit: 2, windowMs: 60_000 },
    });
    try {
      const read = (remoteAddress: string) =>
        tuned.request({
          method: 'GET',
          url: `/api/quickswap/v3/positions/${w.v3World.positions.inRange.tokenId}`,
          remoteAddress,
        });
      for (let i = 0; i < 2; i++) expect((await read('203.0.113.7')).statusCode).toBe(200);
      const blocked = await read('203.0.113.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await read('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await tuned.close();
    }
  });
});

describe('the wallet read refuses', () => {
  it('without a session (401), a wallet that is not saved (404), a malformed address (400)', async () => {
    const noSession = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/v3/positions?wallet_address=${user}`,
    });
    expect(noSession.statusCode).toBe(401);
    const stranger = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/v3/positions?wallet_address=${w.t.world.accounts.deployer.address}`,
      token: w.user.token,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toMatch(/not one of your saved wallets/);
    const malformed = await w.testApp.request({
      method: 'GET',
      url: '/api/quickswap/v3/positions?wallet_address=0x1234',
      token: w.user.token,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('querystring.wallet_address');
  });
});

describe('POST /api/quickswap/v3/lookup', () => {
  const lookup = (query: unknown) =>
    w.testApp.request({ method: 'POST', url: '/api/quickswap/v3/lookup', payload: { query } });

  it("reads a pasted id or QuickSwap's position links", async () => {
    for (const [query, tokenId] of [
      ['1234', '1234'],
      [' #77 ', '77'],
      ['https://quickswap.exchange/#/pool/98765', '98765'],
      ['https://quickswap.exchange/#/pool/98765?chainId=137', '98765'],
      ['quickswap.exchange/#/remove/42', '42'],
      [`https://quickswap.exchange/#/increase/${w.t.world.tokens.WMATIC.address}/ETH/555`, '555'],
    ] as const) {
      const response = await lookup(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual({ token_id: tokenId });
    }
  });

  it('refuses other shapes naming body.query, with what to paste instead', async () => {
    for (const [query, message] of [
      ['https://quickswap.exchange/#/pools/v3', /list of pools/],
      ['https://quickswap.exchange/#/pool/12?isV4=true', /Integral/],
      ['hello', /position id/],
      ['9'.repeat(78), /position id/],
      [`https://quickswap.exchange/#/pool/${'9'.repeat(78)}`, /position id/],
      [w.t.world.tokens.WMATIC.address, /position id/],
    ] as const) {
      const response = await lookup(query);
      expect(response.statusCode, String(query)).toBe(400);
      expect(response.json().details[0].field).toBe('body.query');
      expect(response.json().message).toMatch(message);
    }
    const empty = await lookup('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('body.query');
  });
});
