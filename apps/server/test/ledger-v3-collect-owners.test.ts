import {
  algebraEternalFarming,
  farmingCenter,
  nonfungiblePositionManager,
  testErc20,
} from '@tidewatch/contracts';
import { ledgerSchema, positionBooksSchema, v3PositionHistorySchema } from '@tidewatch/shared';
import { addV3Positions, mintV3Position, swapV3, TxSender, testAccounts } from '@tidewatch/testkit';
import {
  type Address,
  encodeFunctionData,
  formatUnits,
  type Hex,
  isAddressEqual,
  maxUint128,
  maxUint256,
  parseEventLogs,
  zeroAddress,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import {
  createV3User,
  runV3HistoryToHead,
  startV3TrackingWorld,
  type V3TrackingWorld,
} from './v3-tracking-setup.ts';

// Whose V3 collects and deposits (review 2, items 1, 6, 7), on the local chain with Algebra's own bytecode:
// - the wallet collects its fees as QuickSwap's UI does "collect as MATIC": one multicall of collect with
//   recipient 0 (the position manager logs itself as the recipient), unwrapWNativeToken and sweepToken;
// - another address's position, opened before the history window and never the wallet's, collects its fees
//   to the wallet: only that collect is the wallet's, not the other's liquidity;
// - a position minted for another address, transferred to the wallet, then increased: its books cannot tell
//   a profit (the transferred liquidity is in value now but in no deposit);
// - two farmed positions of the wallet leave farming, one tracked, one not, and the wallet claims half of its
//   reward balance: the tracked position's credits would cover the claim, but the balance the claim left shows
//   it is not theirs alone (review 2 item 15).
let w: V3TrackingWorld;
let userW: { token: string };
let userB: { token: string };
const wallet = () => w.t.world.accounts.user.address;
const other = testAccounts.idle.address;
const client = () => w.t.anvil.client;
let othersPosition: bigint;
let transferredIn: bigint;
let nativeCollect: { hash: Hex; block: bigint; amounts: [Address, bigint][]; nativeGain: bigint };
let collectToWallet: { hash: Hex; block: bigint; amounts: [Address, bigint][] };
let partialClaim: { hash: Hex; amount: bigint };

const ownPosition = () => w.v3World.positions.inRange.tokenId;
const farmedPosition = () => w.v3World.positions.farmed.tokenId;
const dayMs = 86_400_000;

const decimalsOf = (address: string) =>
  Object.values(w.t.world.tokens).find((t) => isAddressEqual(t.address, address as Address))!.decimals;

/** USD of raw amounts at the on-chain prices of a block (the price source the app's history uses). */
async function usdAt(block: bigint, amounts: [Address, bigint][]): Promise<number> {
  const prices = await w.prices.onchain.getUsdPrices(
    amounts.map(([address]) => ({ address })),
    { blockNumber: block },
  );
  return amounts.reduce(
    (sum, [address, raw]) =>
      sum + Number(formatUnits(raw, decimalsOf(address))) * prices.get(address.toLowerCase())!.usd!,
    0,
  );
}

const close = (actual: number | null | undefined, want: number, what: string) =>
  expect(isRelativelyClose(actual ?? null, want), `${what}: ${actual} vs ${want}`).toBe(true);

async function request(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await w.testApp.request({ method, url, token, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const historyToHead = () =>
  runV3HistoryToHead(w, { backfillDays: 1, positions: 4, onChainClock: true, withGas: true });

async function refreshAll(): Promise<void> {
  for (const [token, id, owner] of [
    [userW.token, ownPosition(), wallet()],
    [userW.token, transferredIn, wallet()],
    [userB.token, othersPosition, other],
    [userW.token, farmedPosition(), wallet()],
  ] as const)
    await request(token, 'POST', `/api/quickswap/v3/positions/${id}/refresh`, { wallet_address: owner });
}

async function booksOf(id: bigint) {
  const url = `/api/quickswap/v3/positions/${id}/history?wallet_address=${wallet()}`;
  const history = v3PositionHistorySchema.parse((await request(userW.token, 'GET', url)).json());
  return positionBooksSchema.parse(history.books);
}

async function collectLog(hash: Hex) {
  const receipt = await client().getTransactionReceipt({ hash });
  const [log] = parseEventLogs({
    abi: nonfungiblePositionManager.abi,
    eventName: 'Collect',
    logs: receipt.logs,
  });
  return { log: log!, block: receipt.blockNumber };
}

beforeAll(async () => {
  w = await startV3TrackingWorld();
  userW = await createV3User(w, [wallet()]);
  userB = await createV3User(w, [other]);
  const { anvil } = w.t;
  const inRange = w.v3World.positions.inRange;
  const pool = w.v3World.pools[inRange.pool];
  const range = { pool: inRange.pool, tickLower: inRange.tickLower, tickUpper: inRange.tickUpper };
  othersPosition = await mintV3Position(anvil, w.v3World, { ...range, owner: other });
  // Both positions so far opened before the history window (one day): each starts with an opening balance.
  await anvil.increaseTime((3 * dayMs) / 1000);
  transferredIn = await mintV3Position(anvil, w.v3World, { ...range, owner: other });
  const tx = new TxSender(anvil);
  const manager = w.v3World.positionManager;
  await tx.call(other, manager, nonfungiblePositionManager.abi, 'transferFrom', [
    other,
    wallet(),
    transferredIn,
  ]);
  await tx.assertAllSucceeded();
  const deployer = w.t.world.accounts.deployer.address;
  for (const token of [pool.token0, pool.token1]) {
    await tx.call(deployer, token, testErc20.abi, 'mint', [wallet(), 10n ** BigInt(decimalsOf(token) + 2)]);
    await tx.call(wallet(), token, testErc20.abi, 'approve', [manager, maxUint256]);
  }
  await tx.call(wallet(), manager, nonfungiblePositionManager.abi, 'increaseLiquidity', [
    {
      tokenId: transferredIn,
      amount0Desired: 10n ** BigInt(decimalsOf(pool.token0)),
      amount1Desired: 10n ** BigInt(decimalsOf(pool.token1)),
      amount0Min: 0n,
      amount1Min: 0n,
      deadline: maxUint256,
    },
  ]);
  await tx.assertAllSucceeded();
  for (const id of [ownPosition(), transferredIn])
    await request(userW.token, 'POST', '/api/quickswap/v3/track', {
      token_id: id.toString(),
      wallet_address: wallet(),
    });
  await request(userB.token, 'POST', '/api/quickswap/v3/track', {
    token_id: othersPosition.toString(),
    wallet_address: other,
  });

  // Swaps both ways: every position of the range earns fees in both tokens.
  await swapV3(anvil, w.v3World, { pool: inRange.pool, tokenIn: 'USDC', amountIn: 2_000n * 10n ** 6n });
  await swapV3(anvil, w.v3World, { pool: inRange.pool, tokenIn: 'WMATIC', amountIn: 3_000n * 10n ** 18n });

  // "Collect as MATIC": collect to 0 (the manager keeps both tokens), unwrap the WMATIC to the wallet, sweep
  // the other token to it; one transaction, as QuickSwap's interface builds it.
  const wmatic = w.t.world.tokens.WMATIC.address;
  const otherToken = isAddressEqual(pool.token0, wmatic) ? pool.token1 : pool.token0;
  const calls = [
    encodeFunctionData({
      abi: nonfungiblePositionManager.abi,
      functionName: 'collect',
      args: [
        { tokenId: inRange.tokenId, recipient: zeroAddress, amount0Max: maxUint128, amount1Max: maxUint128 },
      ],
    }),
    encodeFunctionData({
      abi: nonfungiblePositionManager.abi,
      functionName: 'unwrapWNativeToken',
      args: [0n, wallet()],
    }),
    encodeFunctionData({
      abi: nonfungiblePositionManager.abi,
      functionName: 'sweepToken',
      args: [otherToken, 0n, wallet()],
    }),
  ];
  const nativeBefore = await client().getBalance({ address: wallet() });
  await tx.call(wallet(), manager, nonfungiblePositionManager.abi, 'multicall', [calls]);
  await tx.assertAllSucceeded();
  const [hash] = (await client().getBlock({ includeTransactions: false })).transactions as Hex[];
  const receipt = await client().getTransactionReceipt({ hash: hash! });
  const native = await collectLog(hash!);
  expect(native.log.args.recipient).toBe(manager);
  const wmaticSide = isAddressEqual(pool.token0, wmatic) ? native.log.args.amount0 : native.log.args.amount1;
  nativeCollect = {
    hash: hash!,
    block: native.block,
    amounts: [
      [pool.token0, native.log.args.amount0],
      [pool.token1, native.log.args.amount1],
    ],
    nativeGain:
      (await client().getBalance({ address: wallet() })) -
      nativeBefore +
      receipt.gasUsed * receipt.effectiveGasPrice -
      wmaticSide,
  };

  // The other address collects its position's fees to the wallet.
  const byOther = new TxSender(anvil);
  await byOther.call(other, manager, nonfungiblePositionManager.abi, 'collect', [
    { tokenId: othersPosition, recipient: wallet(), amount0Max: maxUint128, amount1Max: maxUint128 },
  ]);
  await byOther.assertAllSucceeded();
  const [toWalletHash] = (await client().getBlock()).transactions as Hex[];
  const toWallet = await collectLog(toWalletHash!);
  collectToWallet = {
    hash: toWalletHash!,
    block: toWallet.block,
    amounts: [
      [pool.token0, toWallet.log.args.amount0],
      [pool.token1, toWallet.log.args.amount1],
    ],
  };
  // Farming: the tracked farmed position and an untracked one leave farming, then half the balance is claimed.
  const [untrackedFarmed] = (await addV3Positions(anvil, w.v3World, {
    owner: wallet(),
    count: 1,
    farmed: 1,
  })) as [bigint];
  await request(userW.token, 'POST', '/api/quickswap/v3/track', {
    token_id: farmedPosition().toString(),
    wallet_address: wallet(),
  });
  await anvil.increaseTime(600);
  const { key } = w.v3World.incentive;
  const farming = new TxSender(anvil);
  for (const id of [farmedPosition(), untrackedFarmed])
    await farming.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'exitFarming', [key, id, false]);
  await farming.assertAllSucceeded();
  const balance = await client().readContract({
    address: w.v3World.eternalFarming,
    abi: algebraEternalFarming.abi,
    functionName: 'rewards',
    args: [wallet(), key.rewardToken],
  });
  await farming.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'claimReward', [
    key.rewardToken,
    wallet(),
    0n,
    balance / 2n,
  ]);
  await farming.assertAllSucceeded();
  const [claimHash] = (await client().getBlock()).transactions as Hex[];
  partialClaim = { hash: claimHash!, amount: balance / 2n };

  await historyToHead();
  await refreshAll();
  await historyToHead();
}, 300_000);

afterAll(async () => {
  await w?.close();
});

describe('V3 collects and deposits: whose they are', () => {
  it('counts a "collect as MATIC" multicall (collect to 0, unwrap, sweep) as the wallet\'s fees', async () => {
    // The wallet got the WMATIC side as MATIC: what the position manager logged went on to it.
    expect(nativeCollect.nativeGain).toBe(0n);
    expect(nativeCollect.amounts.every(([, raw]) => raw > 0n)).toBe(true);
    const ledger = ledgerSchema.parse(
      (await request(userW.token, 'GET', `/api/ledger?wallet=${wallet()}`)).json(),
    );
    const fees = ledger.rows.filter((r) => r.tx_hash === nativeCollect.hash);
    expect(fees.map((r) => r.kind)).toEqual(['v3_fees']);
    expect(fees[0]!.received.map((a) => [a.address.toLowerCase(), a.amount])).toEqual(
      nativeCollect.amounts.map(([token, raw]) => [token.toLowerCase(), raw.toString()]),
    );
    close(fees[0]!.usd, await usdAt(nativeCollect.block, nativeCollect.amounts), 'the fees in USD');
    // Nothing decreased: withdrawn is those fees alone.
    const books = await booksOf(ownPosition());
    close(books.withdrawn_usd, await usdAt(nativeCollect.block, nativeCollect.amounts), 'withdrawn');
  });

  it("counts another address's collect to the wallet, but not that address's liquidity", async () => {
    const ledger = ledgerSchema.parse(
      (await request(userW.token, 'GET', `/api/ledger?wallet=${wallet()}`)).json(),
    );
    const rows = ledger.rows.filter((r) => r.position.token_id === othersPosition.toString());
    expect(rows.map((r) => [r.kind, r.tx_hash])).toEqual([['v3_fees', collectToWallet.hash]]);
    expect(rows[0]!.received.map((a) => a.amount)).toEqual(
      collectToWallet.amounts.map(([, raw]) => raw.toString()),
    );
  });

  it('leaves the total profit of a position transferred in unknown, and says why', async () => {
    const books = await booksOf(transferredIn);
    // Its increase is a deposit, the liquidity it came with is in value now only.
    expect(books.deposited_usd).not.toBeNull();
    expect(books.value_now_usd).not.toBeNull();
    expect(books.total_profit_usd).toBeNull();
    expect(books.prices).toContain('transferred in');
  });

  it('leaves out a partial claim of a balance a position without history also credited, and says so', async () => {
    const farmingLogs = parseEventLogs({
      abi: algebraEternalFarming.abi,
      logs: await client().getLogs({ address: w.v3World.eternalFarming, fromBlock: 0n }),
    });
    // The tracked position's own credit covers the half claimed: only the balance left shows it is not all its.
    const ended = farmingLogs.filter(
      (l) => l.eventName === 'FarmEnded' && l.args.tokenId === farmedPosition(),
    );
    expect(ended).toHaveLength(1);
    const credit = ended[0]!.eventName === 'FarmEnded' ? ended[0]!.args.reward : 0n;
    expect(credit >= partialClaim.amount).toBe(true);
    const books = await booksOf(farmedPosition());
    expect(books.rewards_income_usd).toBe(0);
    expect(books.prices).toContain('One claim the tracked positions');
    const ledger = ledgerSchema.parse(
      (await request(userW.token, 'GET', `/api/ledger?wallet=${wallet()}`)).json(),
    );
    const claims = ledger.rows.filter((r) => r.tx_hash === partialClaim.hash);
    expect(claims.map((r) => [r.kind, r.received.map((a) => a.amount)])).toEqual([
      ['v3_reward', [partialClaim.amount.toString()]],
    ]);
  });
});
