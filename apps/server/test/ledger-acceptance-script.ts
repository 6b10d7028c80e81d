import {
  dragonLair,
  pair as pairArtifact,
  stakingDualRewards,
  stakingRewards,
  stakingRewardsDualFactory,
  testErc20,
} from '@tidewatch/contracts';
import {
  mineBlockAt,
  type PairKey,
  sendTippedCall,
  setAutomine,
  type TokenKey,
  testAccounts,
  type WorldFarm,
} from '@tidewatch/testkit';
import { type Abi, type Address, getAddress, type Hex, isAddressEqual, parseEventLogs } from 'viem';
import type { TestChain } from '../src/core/chain/testing.ts';

// Issue 35's acceptance script and the test's own arithmetic. Nothing here calls app code for a figure:
// every number comes from this chain's receipts, reserves, supplies and lairs, read at each event's block
// straight from the node (not through the app's client).

const gwei = 10n ** 9n;
const utc = (iso: string) => Date.parse(`${iso}Z`) / 1000;

/** The node starts here; the world deploys in its first hour. Farms: LP 30 days, dual 14 days from then. */
export const chainStart = utc('2025-12-09T00:00:00');
/** The history job's clock: a day after the script's last block (so its daily points stop there). */
export const jobNow = new Date('2026-01-21T00:00:00Z');

/** The wallet whose books are kept: funded, no positions before the script. */
export const wallet = testAccounts.idle.address;
const deployer = testAccounts.deployer.address;

export const lpFarmKey = 'wbtcUsdc' as const;
export const dualFarmKey = 'dualWethWmatic' as const;

/** One of the wallet's transactions that emitted farm events. */
export type FarmTx = { hash: Hex; farm: WorldFarm; block: bigint };

export type ScriptResult = {
  farmTxs: FarmTx[];
  /** The exit: the last farm transaction, at the head until more blocks are mined. */
  exit: FarmTx;
};

/**
 * The scripted history over two calendar years (UTC): LP and dual stakes, swaps that move every price the
 * rows use (WBTC, WMATIC = gas price, QUICK -> dQUICK, WETH), a partial withdrawal on each farm, claims on
 * both (the dual pays two tokens), an LP claim at 23:30 UTC on Dec 31 (00:30 on Jan 1 in Berlin), an exit.
 * Each block's time and base fee are set; each of the wallet's transactions pays its own tip.
 */
export async function runScript(t: TestChain): Promise<ScriptResult> {
  const { anvil, world } = t;
  const client = anvil.client;
  const lpFarm = world.farms[lpFarmKey];
  const dualFarm = world.farms[dualFarmKey];
  const farmTxs: FarmTx[] = [];
  await setAutomine(anvil, false);

  const call = (
    from: Address,
    to: Address,
    abi: Abi | readonly unknown[],
    functionName: string,
    args: readonly unknown[],
    tipGwei = 1n,
  ) => sendTippedCall(anvil, { from, to, abi, functionName, args, priorityFeePerGas: tipGwei * gwei });

  /** Mines one block at `iso` (UTC) with base fee `baseGwei` and checks every transaction in it succeeded. */
  const mine = async (iso: string, baseGwei: bigint, hashes: Hex[]): Promise<bigint> => {
    const block = await mineBlockAt(anvil, { timestamp: utc(iso), baseFeePerGas: baseGwei * gwei });
    for (const hash of hashes) {
      const receipt = await client.getTransactionReceipt({ hash });
      if (receipt.status !== 'success' || receipt.blockNumber !== block) {
        throw new Error(`script: ${hash} did not succeed in block ${block}`);
      }
    }
    return block;
  };

  /** The wallet's farm call, mined alone in its block (after any approve of the same block). */
  const farmCall = async (
    iso: string,
    baseGwei: bigint,
    tipGwei: bigint,
    farm: WorldFarm,
    functionName: string,
    args: readonly unknown[],
    approve?: bigint,
  ): Promise<FarmTx> => {
    const before: Hex[] = [];
    if (approve !== undefined) {
      before.push(
        await call(wallet, farm.pair, pairArtifact.abi, 'approve', [farm.address, approve], tipGwei),
      );
    }
    const abi = farm.kind === 'dual' ? stakingDualRewards.abi : stakingRewards.abi;
    const hash = await call(wallet, farm.address, abi, functionName, args, tipGwei);
    const block = await mine(iso, baseGwei, [...before, hash]);
    const tx = { hash, farm, block };
    farmTxs.push(tx);
    return tx;
  };

  /** A swap by the deployer as a router would: tokenIn minted to the pair, then swap for the most out. */
  const swapTxs = async (key: PairKey, tokenIn: TokenKey, amountIn: bigint): Promise<Hex[]> => {
    const pair = world.pairs[key];
    const tokenAddress = world.tokens[tokenIn].address;
    const [r0, r1] = await client.readContract({
      address: pair.address,
      abi: pairArtifact.abi,
      functionName: 'getReserves',
    });
    const isToken0In = isAddressEqual(pair.token0, tokenAddress);
    const [rIn, rOut] = isToken0In ? [r0, r1] : [r1, r0];
    const withFee = amountIn * 997n;
    const out = (withFee * rOut) / (rIn * 1000n + withFee);
    return [
      await call(deployer, tokenAddress, testErc20.abi, 'mint', [pair.address, amountIn]),
      await call(deployer, pair.address, pairArtifact.abi, 'swap', [
        isToken0In ? 0n : out,
        isToken0In ? out : 0n,
        deployer,
        '0x',
      ]),
    ];
  };
  const lpBalance = (pair: Address) =>
    client.readContract({ address: pair, abi: pairArtifact.abi, functionName: 'balanceOf', args: [wallet] });

  // Dec 10: the wallet provides liquidity to both pairs (no farm event: not in the ledger).
  const wbtc = world.tokens.WBTC.address;
  const usdc = world.tokens.USDC.address;
  const weth = world.tokens.WETH.address;
  const wmatic = world.tokens.WMATIC.address;
  await mine('2025-12-10T09:00:00', 30n, [
    await call(wallet, wbtc, testErc20.abi, 'mint', [lpFarm.pair, 40_000_000n]),
    await call(wallet, usdc, testErc20.abi, 'mint', [lpFarm.pair, 12_000n * 10n ** 6n]),
    await call(wallet, lpFarm.pair, pairArtifact.abi, 'mint', [wallet]),
    await call(wallet, weth, testErc20.abi, 'mint', [dualFarm.pair, 5n * 10n ** 18n]),
    await call(wallet, wmatic, testErc20.abi, 'mint', [dualFarm.pair, 20_000n * 10n ** 18n]),
    await call(wallet, dualFarm.pair, pairArtifact.abi, 'mint', [wallet]),
  ]);
  const lpTotal = await lpBalance(lpFarm.pair);
  const dualTotal = await lpBalance(dualFarm.pair);
  const firstStake = (lpTotal * 6n) / 10n;

  await farmCall('2025-12-10T12:00:00', 35n, 2n, lpFarm, 'stake', [firstStake], firstStake);
  await farmCall('2025-12-11T09:30:00', 52n, 1n, dualFarm, 'stake', [dualTotal], dualTotal);
  await mine('2025-12-12T10:00:00', 25n, await swapTxs('WBTC-USDC', 'USDC', 120_000n * 10n ** 6n));
  await mine('2025-12-12T10:05:00', 27n, await swapTxs('WMATIC-USDC', 'USDC', 150_000n * 10n ** 6n));
  await farmCall('2025-12-14T15:00:00', 61n, 3n, dualFarm, 'getReward', []);
  await mine('2025-12-16T08:00:00', 26n, [
    ...(await swapTxs('QUICK-WMATIC', 'WMATIC', 100_000n * 10n ** 18n)),
    ...(await swapTxs('WETH-WMATIC', 'WETH', 20n * 10n ** 18n)),
  ]);
  await farmCall('2025-12-18T08:00:00', 44n, 2n, lpFarm, 'withdraw', [firstStake / 3n]);
  const rest = lpTotal - firstStake;
  await farmCall('2025-12-22T13:00:00', 38n, 1n, lpFarm, 'stake', [rest], rest);
  await mine('2025-12-28T12:00:00', 24n, await swapTxs('WMATIC-USDC', 'WMATIC', 500_000n * 10n ** 18n));
  // 23:30 UTC on Dec 31: 2025 in UTC, 00:30 on Jan 1 2026 in Europe/Berlin.
  await farmCall('2025-12-31T23:30:00', 70n, 4n, lpFarm, 'getReward', []);
  // Jan 1: the dual farm (ended Dec 23) is funded again for 30 days, so its position still earns at the end.
  const dquickTopUp = 200n * 10n ** 18n;
  const wmaticTopUp = 20_000n * 10n ** 18n;
  const dualFactory = world.dualFarmFactory;
  await mine('2026-01-01T12:00:00', 28n, [
    await call(deployer, dualFactory, stakingRewardsDualFactory.abi, 'update', [
      dualFarm.pair,
      dquickTopUp,
      wmaticTopUp,
      30n * 86_400n,
    ]),
    await call(deployer, world.tokens.DQUICK.address, dragonLair.abi, 'transfer', [dualFactory, dquickTopUp]),
    await call(deployer, wmatic, testErc20.abi, 'mint', [dualFactory, wmaticTopUp]),
    await call(deployer, dualFactory, stakingRewardsDualFactory.abi, 'notifyRewardAmount', [dualFarm.pair]),
  ]);
  await farmCall('2026-01-05T10:00:00', 33n, 1n, dualFarm, 'withdraw', [dualTotal / 2n]);
  await mine('2026-01-09T10:00:00', 29n, [
    ...(await swapTxs('WBTC-USDC', 'WBTC', 3n * 10n ** 8n)),
    ...(await swapTxs('QUICK-WMATIC', 'WMATIC', 60_000n * 10n ** 18n)),
  ]);
  await farmCall('2026-01-12T16:00:00', 48n, 2n, dualFarm, 'getReward', []);
  await mine('2026-01-15T09:00:00', 31n, [
    ...(await swapTxs('QUICK-WMATIC', 'QUICK', 800n * 10n ** 18n)),
    ...(await swapTxs('WMATIC-USDC', 'USDC', 50_000n * 10n ** 6n)),
  ]);
  const exit = await farmCall('2026-01-20T14:00:00', 55n, 3n, lpFarm, 'exit', []);
  return { farmTxs, exit };
}

/** Mines `count` empty blocks a minute apart after the head (past anvil's finalized = head − 2 slots). */
export async function minePastFinality(t: TestChain, count: number): Promise<void> {
  const head = await t.anvil.client.getBlock();
  for (let i = 1; i <= count; i++) {
    await mineBlockAt(t.anvil, { timestamp: head.timestamp + BigInt(60 * i), baseFeePerGas: 25n * gwei });
  }
}

// ---------------------------------------------------------------------------------------------------------
// The test's own arithmetic.

export type TokenAmount = { address: Address; symbol: string; decimals: number; amount: bigint };

/** The gas of one transaction from its receipt, priced at its block. */
export type ExpectedGas = {
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  /** gasUsed × effectiveGasPrice, wei. */
  feeWei: bigint;
  /** WMATIC (POL) in USD at the block. */
  polUsd: number;
  feeUsd: number;
};

export type ExpectedRow = {
  id: string;
  farm: WorldFarm;
  kind: 'stake' | 'withdraw' | 'reward';
  txHash: Hex;
  logIndex: number;
  block: bigint;
  time: Date;
  /** LP sent (stake) or received (withdraw), or the reward token received. */
  token: TokenAmount;
  /** LP rows: token0 and token1 the LP stood for at its block (amount × reserve / totalSupply). */
  underlying: TokenAmount[];
  usd: number;
  /** On the first row of each transaction only (the wallet sent them all). */
  gas: ExpectedGas | null;
};

/** A world token's symbol as the app names it (issue 42): old QUICK and old dQUICK apart from the new ones. */
const shownSymbol = (key: TokenKey, symbol: string) =>
  key === 'QUICK' ? 'QUICK (old)' : key === 'DQUICK' ? 'dQUICK (old)' : symbol;

const tokenKeys = (t: TestChain) =>
  new Map(Object.values(t.world.tokens).map((token) => [token.address.toLowerCase(), token.key]));

/**
 * Reads and prices at past blocks. The one price rule (core/prices/onchain-source.ts, ARCHITECTURE's
 * price rule) restated: USDC is $1; dQUICK is QUICK × dQUICKForQUICK(1e18) / 1e18 (its lair, whatever a
 * dQUICK pair says); any other token takes the deeper of its USDC pair (price = USDC reserve / token
 * reserve, depth = the USDC reserve) and its WMATIC pair (price × WMATIC's USD, depth = WMATIC reserve ×
 * WMATIC's USD); old QUICK may also be priced through new QUICK × 1000 when that market is deeper. WMATIC
 * is priced from its USDC pair only. POL gas is priced as WMATIC.
 */
export class Arithmetic {
  private readonly keyOf: Map<string, TokenKey>;
  private readonly reservesCache = new Map<string, Promise<{ r0: bigint; r1: bigint; supply: bigint }>>();

  constructor(private readonly t: TestChain) {
    this.keyOf = tokenKeys(t);
  }

  private get client() {
    return this.t.anvil.client;
  }

  /** A world pair's reserves (in token0/token1 order) and LP supply at `block`. */
  reserves(pair: Address, block: bigint): Promise<{ r0: bigint; r1: bigint; supply: bigint }> {
    const key = `${pair.toLowerCase()}@${block}`;
    let cached = this.reservesCache.get(key);
    if (!cached) {
      cached = (async () => {
        const [r0, r1] = await this.client.readContract({
          address: pair,
          abi: pairArtifact.abi,
          functionName: 'getReserves',
          blockNumber: block,
        });
        const supply = await this.client.readContract({
          address: pair,
          abi: pairArtifact.abi,
          functionName: 'totalSupply',
          blockNumber: block,
        });
        return { r0, r1, supply };
      })();
      this.reservesCache.set(key, cached);
    }
    return cached;
  }

  private pairOf(a: TokenKey, b: TokenKey) {
    return Object.values(this.t.world.pairs).find(
      (p) => (p.tokenA === a && p.tokenB === b) || (p.tokenA === b && p.tokenB === a),
    );
  }

  /** Price of `token` in `quote` from their pair at `block` and the depth (quote reserve, whole tokens). */
  private async quoteIn(token: TokenKey, quote: TokenKey, block: bigint) {
    const pair = this.pairOf(token, quote);
    if (!pair) return null;
    const { r0, r1 } = await this.reserves(pair.address, block);
    const tokenInfo = this.t.world.tokens[token];
    const quoteInfo = this.t.world.tokens[quote];
    const isToken0 = isAddressEqual(pair.token0, tokenInfo.address);
    const [rToken, rQuote] = isToken0 ? [r0, r1] : [r1, r0];
    const quoteWhole = Number(rQuote) / 10 ** quoteInfo.decimals;
    const tokenWhole = Number(rToken) / 10 ** tokenInfo.decimals;
    return { price: quoteWhole / tokenWhole, depth: quoteWhole };
  }

  private async routed(token: TokenKey, block: bigint): Promise<{ usd: number; depth: number } | null> {
    if (token === 'USDC') return { usd: 1, depth: Number.POSITIVE_INFINITY };
    const viaUsdc = await this.quoteIn(token, 'USDC', block);
    const routes: { usd: number; depth: number }[] = viaUsdc
      ? [{ usd: viaUsdc.price, depth: viaUsdc.depth }]
      : [];
    if (token !== 'WMATIC') {
      const wmaticUsd = (await this.quoteIn('WMATIC', 'USDC', block))!.price;
      const viaWmatic = await this.quoteIn(token, 'WMATIC', block);
      if (viaWmatic) routes.push({ usd: viaWmatic.price * wmaticUsd, depth: viaWmatic.depth * wmaticUsd });
    }
    return routes.reduce<{ usd: number; depth: number } | null>(
      (best, r) => (!best || r.depth > best.depth ? r : best),
      null,
    );
  }

  /** USD per whole token at `block` by the price rule above. */
  async usd(token: TokenKey, block: bigint): Promise<number> {
    if (token === 'DQUICK' || token === 'NEW_DQUICK') {
      const quick = token === 'DQUICK' ? 'QUICK' : 'NEW_QUICK';
      const ratio = await this.client.readContract({
        address: this.t.world.tokens[token].address,
        abi: dragonLair.abi,
        functionName: 'dQUICKForQUICK',
        args: [10n ** 18n],
        blockNumber: block,
      });
      return ((await this.usd(quick, block)) * Number(ratio)) / 1e18;
    }
    const own = await this.routed(token, block);
    if (token === 'QUICK' || token === 'NEW_QUICK') {
      const twin = await this.routed(token === 'QUICK' ? 'NEW_QUICK' : 'QUICK', block);
      const factor = token === 'QUICK' ? 1000 : 1 / 1000;
      if (twin && (!own || twin.depth > own.depth)) return twin.usd * factor;
    }
    if (!own) throw new Error(`no price for ${token} at ${block}`);
    return own.usd;
  }

  usdOfAddress(address: Address, block: bigint): Promise<number> {
    return this.usd(this.keyOfAddress(address), block);
  }

  keyOfAddress(address: Address): TokenKey {
    const key = this.keyOf.get(address.toLowerCase());
    if (!key) throw new Error(`not a world token: ${address}`);
    return key;
  }

  tokenAmount(address: Address, amount: bigint): TokenAmount {
    const key = this.keyOfAddress(address);
    const token = this.t.world.tokens[key];
    return {
      address: getAddress(address),
      symbol: shownSymbol(key, token.symbol),
      decimals: token.decimals,
      amount,
    };
  }

  /** What `amount` LP of `farm`'s pair stood for at `block` (the pair's burn rounding) and its USD. */
  async lpWorth(
    farm: WorldFarm,
    amount: bigint,
    block: bigint,
  ): Promise<{ underlying: TokenAmount[]; usd: number }> {
    const pair = this.t.world.pairs[farm.pairKey];
    const { r0, r1, supply } = await this.reserves(pair.address, block);
    const underlying = [
      this.tokenAmount(pair.token0, (amount * r0) / supply),
      this.tokenAmount(pair.token1, (amount * r1) / supply),
    ];
    let usd = 0;
    for (const side of underlying) {
      usd += (Number(side.amount) / 10 ** side.decimals) * (await this.usdOfAddress(side.address, block));
    }
    return { underlying, usd };
  }

  /** The gas of a transaction from its receipt: gasUsed × effectiveGasPrice, at WMATIC's price then. */
  async gasOf(hash: Hex): Promise<ExpectedGas> {
    const receipt = await this.client.getTransactionReceipt({ hash });
    const feeWei = receipt.gasUsed * receipt.effectiveGasPrice;
    const polUsd = await this.usd('WMATIC', receipt.blockNumber);
    return {
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
      feeWei,
      polUsd,
      feeUsd: (Number(feeWei) / 1e18) * polUsd,
    };
  }

  /** Every ledger row the script's transactions make, in chain order, from their receipts' farm logs. */
  async expectedRows(farmTxs: FarmTx[]): Promise<ExpectedRow[]> {
    const rows: ExpectedRow[] = [];
    for (const tx of farmTxs) {
      const receipt = await this.client.getTransactionReceipt({ hash: tx.hash });
      const block = await this.client.getBlock({ blockNumber: receipt.blockNumber });
      const time = new Date(Number(block.timestamp) * 1000);
      const abi = tx.farm.kind === 'dual' ? stakingDualRewards.abi : stakingRewards.abi;
      const logs = parseEventLogs({ abi: abi as Abi, logs: receipt.logs }).filter((log) =>
        isAddressEqual(log.address, tx.farm.address),
      );
      const gas = await this.gasOf(tx.hash);
      let isFirst = true;
      for (const log of logs) {
        const args = log.args as { amount?: bigint; reward?: bigint; rewardToken?: Address };
        const base = {
          id: `v2:${tx.hash}:${log.logIndex}`,
          farm: tx.farm,
          txHash: tx.hash,
          logIndex: log.logIndex!,
          block: receipt.blockNumber,
          time,
          gas: isFirst ? gas : null,
        };
        if (log.eventName === 'Staked' || log.eventName === 'Withdrawn') {
          const worth = await this.lpWorth(tx.farm, args.amount!, receipt.blockNumber);
          rows.push({
            ...base,
            kind: log.eventName === 'Staked' ? 'stake' : 'withdraw',
            token: { address: getAddress(tx.farm.pair), symbol: 'LP', decimals: 18, amount: args.amount! },
            underlying: worth.underlying,
            usd: worth.usd,
          });
        } else if (log.eventName === 'RewardPaid') {
          const rewardToken = args.rewardToken ?? tx.farm.rewardTokenAddresses[0];
          const token = this.tokenAmount(rewardToken, args.reward!);
          const price = await this.usdOfAddress(rewardToken, receipt.blockNumber);
          rows.push({
            ...base,
            kind: 'reward',
            token,
            underlying: [],
            usd: (Number(args.reward!) / 10 ** token.decimals) * price,
          });
        } else {
          continue;
        }
        isFirst = false;
      }
    }
    return rows;
  }

  /** The LP currency code the exports use: `${symbol0}-${symbol1} LP` (token0, token1 of the pair). */
  lpCode(farm: WorldFarm): string {
    const pair = this.t.world.pairs[farm.pairKey];
    const symbol = (address: Address) => {
      const key = this.keyOfAddress(address);
      return shownSymbol(key, this.t.world.tokens[key].symbol);
    };
    return `${symbol(pair.token0)}-${symbol(pair.token1)} LP`;
  }

  /** The wallet's stake and unclaimed rewards in `farm` at `block`, valued at that block. */
  async positionAt(farm: WorldFarm, block: bigint): Promise<{ valueUsd: number; pendingUsd: number }> {
    const staked = await this.client.readContract({
      address: farm.address,
      abi: stakingRewards.abi,
      functionName: 'balanceOf',
      args: [wallet],
      blockNumber: block,
    });
    const { usd: valueUsd } = await this.lpWorth(farm, staked, block);
    const earned =
      farm.kind === 'dual'
        ? await Promise.all(
            (['earnedA', 'earnedB'] as const).map((functionName) =>
              this.client.readContract({
                address: farm.address,
                abi: stakingDualRewards.abi,
                functionName,
                args: [wallet],
                blockNumber: block,
              }),
            ),
          )
        : [
            await this.client.readContract({
              address: farm.address,
              abi: stakingRewards.abi,
              functionName: 'earned',
              args: [wallet],
              blockNumber: block,
            }),
          ];
    let pendingUsd = 0;
    for (const [i, amount] of earned.entries()) {
      const token = this.tokenAmount(farm.rewardTokenAddresses[i]!, amount);
      pendingUsd += (Number(amount) / 10 ** token.decimals) * (await this.usdOfAddress(token.address, block));
    }
    return { valueUsd, pendingUsd };
  }
}
