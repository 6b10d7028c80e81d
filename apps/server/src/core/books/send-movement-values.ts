import { pair as pairArtifact } from '@tidewatch/contracts';
import type { Kysely } from 'kysely';
import { type Address, erc20Abi, getAddress, isAddressEqual } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { decodeStringOrBytes32 } from '../chain/erc20.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import { labelToken, type OldTokens } from '../chain/token-labels.ts';
import type { Database } from '../db/index.ts';
import type { IndexRow } from '../farm-index/index-repository.ts';
import { findTokensByAddress } from '../farms/repository.ts';
import { type PriceSources, planTokenPrices } from '../snapshots/index.ts';
import { resolvePairPrices, toTokenNumber } from '../snapshots/valuation/index.ts';
import { type LedgerToken, unknownToken } from './ledger-types.ts';
import { type DecodedMovement, indexFarm, type MovementKind, type RawAmount } from './send-movements.ts';

/** An amount as stored: the token as the ledger names it and the raw integer as text. */
type StoredAmount = LedgerToken & { amount: string };

/** One ledger row of a recorded send, as recorded_send_movements keeps it (JSON), valued at its block. */
export type StoredMovement = {
  kind: MovementKind;
  log_index: number;
  position: DecodedMovement['position'];
  counterparty: string;
  sent: StoredAmount[];
  received: StoredAmount[];
  underlying: StoredAmount[];
  sent_usd: (number | null)[];
  received_usd: (number | null)[];
  /** The row's worth at its block (a withdrawal: its LP; a reward: the reward; else what arrived). */
  usd: number | null;
  usd_error: string | null;
};

/** What naming and valuing a send's movements reads: the token rows, the chain, the price sources. */
export type MovementDeps = {
  db: Kysely<Database>;
  chainId: number;
  chain: ChainClient;
  prices: PriceSources;
  oldTokens?: OldTokens | undefined;
};

type PairState = { reserve0: bigint; reserve1: bigint; totalSupply: bigint };

/**
 * Names every token the rows move: the farm index's (pairs, their tokens, rewards), else the tokens table,
 * else their contracts' symbol() and decimals() at the head (a name does not change with the block). A token
 * that answers neither is unknownToken (its raw amount, left out of the tax exports). Throws only when the
 * chain cannot be read at all: the send is then decoded again later.
 */
async function nameTokens(deps: MovementDeps, decoded: DecodedMovement[]): Promise<Map<string, LedgerToken>> {
  const named = new Map<string, LedgerToken>();
  const amounts = decoded.flatMap((m) => [...m.sent, ...m.received, ...m.underlying]);
  for (const amount of amounts) if (amount.token) named.set(amount.address.toLowerCase(), amount.token);
  for (const { pair } of decoded) {
    if (!pair) continue;
    const { token0, token1 } = indexFarm(pair);
    named.set(token0.address.toLowerCase(), token0);
    named.set(token1.address.toLowerCase(), token1);
  }
  const missing = [...new Set(amounts.map((a) => a.address.toLowerCase()))].filter((key) => !named.has(key));
  const stored = await findTokensByAddress(deps.db, deps.chainId, missing);
  const plan = new ReadPlan();
  for (const key of missing) {
    const row = stored.get(key);
    if (row) {
      named.set(key, { address: row.address, symbol: row.symbol, decimals: row.decimals });
      continue;
    }
    const address = getAddress(key);
    const read = { symbol: null as string | null, decimals: null as number | null };
    const call = { address, abi: erc20Abi };
    plan.addOptional<string>(
      { ...call, label: `token ${address}: symbol()`, functionName: 'symbol', decode: decodeStringOrBytes32 },
      (v) => {
        read.symbol = v;
      },
    );
    plan.addOptional<number>(
      { ...call, label: `token ${address}: decimals()`, functionName: 'decimals' },
      (v) => {
        read.decimals = v === null ? null : Number(v);
        named.set(
          key,
          read.symbol === null || read.decimals === null
            ? unknownToken(address)
            : { address, symbol: read.symbol, decimals: read.decimals },
        );
      },
    );
  }
  await plan.run(deps.chain, 'latest');
  return named;
}

/**
 * Prices at `block` by the one price rule, on-chain only (a past block), and the state of every pair a
 * movement moves LP of (its reserves and supply). Answers the error's sentence instead when the block cannot
 * be read (a node without its state): the rows then say so.
 */
async function readAtBlock(deps: MovementDeps, decoded: DecodedMovement[], block: bigint) {
  const pairs = new Map<string, IndexRow>();
  const tokens = new Set<Address>();
  for (const m of decoded) {
    if (m.pair) {
      pairs.set(m.pair.pair_address.toLowerCase(), m.pair);
      tokens.add(getAddress(m.pair.token0_address));
      tokens.add(getAddress(m.pair.token1_address));
    }
    for (const amount of [...m.sent, ...m.received, ...m.underlying]) tokens.add(amount.address);
  }
  for (const key of pairs.keys()) tokens.delete(getAddress(key));
  const plan = new ReadPlan();
  const pricesOf = planTokenPrices(deps, plan, [...tokens], { isPast: true });
  const states = new Map<string, PairState>();
  for (const [key, row] of pairs) {
    const state: PairState = { reserve0: 0n, reserve1: 0n, totalSupply: 0n };
    states.set(key, state);
    const call = { address: getAddress(row.pair_address), abi: pairArtifact.abi };
    plan.add<readonly [bigint, bigint, number]>(
      { ...call, label: `pair ${call.address}: getReserves()`, functionName: 'getReserves' },
      ([r0, r1]) => Object.assign(state, { reserve0: r0, reserve1: r1 }),
    );
    plan.add<bigint>(
      { ...call, label: `pair ${call.address}: totalSupply()`, functionName: 'totalSupply' },
      (v) => {
        state.totalSupply = v;
      },
    );
  }
  try {
    await plan.run(deps.chain, block);
    const prices = new Map([...(await pricesOf())].map(([key, price]) => [key, price.usd]));
    // A pair side no source prices takes its price from the pair's ratio at the block (as snapshots do).
    for (const [key, row] of pairs) {
      const state = states.get(key)!;
      const sides = resolvePairPrices({
        reserve0: state.reserve0,
        reserve1: state.reserve1,
        decimals0: row.token0_decimals,
        decimals1: row.token1_decimals,
        price0: prices.get(row.token0_address.toLowerCase()) ?? null,
        price1: prices.get(row.token1_address.toLowerCase()) ?? null,
      });
      prices.set(row.token0_address.toLowerCase(), sides.price0);
      prices.set(row.token1_address.toLowerCase(), sides.price1);
    }
    return { prices, states, error: null };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
    return { prices: new Map(), states, error: `prices at block ${block} could not be read: ${reason}` };
  }
}

const sumOf = (values: (number | null)[]) =>
  values.some((v) => v === null) ? null : values.reduce<number>((a, b) => a + (b ?? 0), 0);

/**
 * Each decoded movement named and valued at its block (the receipt's): a withdrawal's LP stands for
 * amount × reserve / supply of each token there, worth their prices; a removal's LP is worth the two tokens
 * its burn paid; a reward, QUICK out of the lair or new QUICK are their amounts at their prices. A price
 * unknown leaves the USD null with the reason, never 0.
 */
export async function valueMovements(
  deps: MovementDeps,
  decoded: DecodedMovement[],
  block: bigint,
): Promise<StoredMovement[]> {
  if (decoded.length === 0) return [];
  const named = await nameTokens(deps, decoded);
  const read = await readAtBlock(deps, decoded, block);
  const isLp = (address: string) =>
    decoded.some((m) => m.pair && isAddressEqual(m.pair.pair_address as Address, address as Address));
  const tokenOf = (address: string): LedgerToken => {
    const token = named.get(address.toLowerCase()) ?? unknownToken(address);
    return isLp(address) ? token : labelToken(deps.oldTokens, token);
  };
  const stored = (amount: RawAmount): StoredAmount => ({
    ...tokenOf(amount.address),
    amount: amount.raw.toString(),
  });

  return decoded.map((m): StoredMovement => {
    const reasons: string[] = read.error ? [read.error] : [];
    const usdOf = (amount: RawAmount): number | null => {
      const token = tokenOf(amount.address);
      const price = read.prices.get(amount.address.toLowerCase()) ?? null;
      if (price === null) {
        reasons.push(`no price for ${token.symbol} at block ${block}`);
        return null;
      }
      return toTokenNumber(amount.raw, token.decimals) * price;
    };
    let underlying = m.underlying;
    let sentUsd = m.sent.map(usdOf);
    let receivedUsd = m.received.map(usdOf);
    let usd: number | null;
    if (m.kind === 'withdraw' && m.pair) {
      const state = read.states.get(m.pair.pair_address.toLowerCase());
      const lp = m.received[0]?.raw ?? 0n;
      const share = (reserve: bigint) =>
        state && state.totalSupply > 0n ? (lp * reserve) / state.totalSupply : null;
      const [amount0, amount1] = [share(state?.reserve0 ?? 0n), share(state?.reserve1 ?? 0n)];
      underlying =
        read.error || amount0 === null || amount1 === null
          ? []
          : [
              { address: getAddress(m.pair.token0_address), raw: amount0, token: null },
              { address: getAddress(m.pair.token1_address), raw: amount1, token: null },
            ];
      if (underlying.length === 0 && !read.error) reasons.push(`the pair has no LP supply at block ${block}`);
      usd = underlying.length === 0 ? null : sumOf(underlying.map(usdOf));
      receivedUsd = [usd];
    } else if (m.kind === 'lp_removed') {
      // Burning LP pays its worth in the two tokens: the LP out is worth what came in.
      usd = sumOf(receivedUsd);
      sentUsd = [usd];
    } else {
      usd = sumOf(receivedUsd);
    }
    return {
      kind: m.kind,
      log_index: m.logIndex,
      position: m.position,
      counterparty: m.counterparty,
      sent: m.sent.map(stored),
      received: m.received.map(stored),
      underlying: underlying.map(stored),
      sent_usd: sentUsd,
      received_usd: receivedUsd,
      usd,
      usd_error: usd === null ? (reasons[0] ?? 'unknown') : null,
    };
  });
}
