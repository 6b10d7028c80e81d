import { type Address, decodeEventLog, getAddress, type Hex, pad, toEventSelector, toHex } from 'viem';
import { type ChainClient, nodeAnswer } from './client.ts';
import { ChainUnavailableError } from './errors.ts';
import { farmContracts } from './farm-contracts.ts';
import type { FarmRef } from './farm-ref.ts';

/** One of a wallet's Staked / Withdrawn / RewardPaid events on a farm, amounts in the smallest unit. */
export type FarmEvent = {
  kind: 'staked' | 'withdrawn' | 'reward_paid';
  farm: Address;
  account: Address;
  /** The reward token of a dual farm's RewardPaid; null for stakes and withdrawals and LP-farm rewards. */
  rewardToken: Address | null;
  amount: bigint;
  blockNumber: bigint;
  transactionHash: Hex;
  logIndex: number;
};

/** Blocks that could not be read even one block at a time: reported, never guessed. */
export type LogGap = { fromBlock: bigint; toBlock: bigint; reason: string };

export type ScanFarmLogsOptions = {
  /** One eth_getLogs covers all these farms and accounts (callers drop pairs they do not track). */
  farms: FarmRef[];
  accounts: Address[];
  fromBlock: bigint;
  toBlock: bigint;
  /** Blocks per eth_getLogs to start with (LOGS_BLOCK_RANGE); halves on "range too large" answers. */
  maxRange: bigint;
  /** Called after each range that was read, in block order, to save progress (resumable scans). */
  onRange?: (range: { events: FarmEvent[]; toBlock: bigint }) => Promise<void>;
};

const eventNames = ['Staked', 'Withdrawn', 'RewardPaid'] as const;
const kinds = { Staked: 'staked', Withdrawn: 'withdrawn', RewardPaid: 'reward_paid' } as const;

/** Answers in which a node refuses a range it finds too large (geth, erigon, Alchemy, Infura, QuickNode...). */
const rangeRefusal = /range|too (many|large|wide|big)|more than|exceed|limit|response size|timeout/i;
/** ...unless it is a rate limit, which smaller ranges would only make worse. */
const rateLimit = /rate.?limit|too many requests|capacity/i;

/**
 * An eth_getLogs failure, read the way every log scanner reads it: a range the node refuses as too large
 * gives the node's reason (the caller halves the range, or records a one-block gap); any other refusal throws
 * CHAIN_UNAVAILABLE, and a failure that is not the node's answer is thrown as it is.
 */
function logRangeRefusal(error: unknown): string {
  const answer = nodeAnswer(error);
  if (!answer) throw error;
  const message = `${answer.shortMessage} ${answer.details ?? ''}`;
  if (!rangeRefusal.test(message) || rateLimit.test(message)) {
    throw new ChainUnavailableError(`The blockchain node refused eth_getLogs: ${answer.details}`, {
      details: answer.details,
      cause: error,
    });
  }
  return answer.details;
}

/**
 * Walks the blocks from `fromBlock` to `toBlock` in ranges of at most `maxRange`, calling `read` for each in
 * block order. A range the node refuses as too large is halved and tried again, down to one block; a block
 * refused even alone is a gap (`onGap`, then the answer), never guessed. Anything else `read` throws ends the
 * walk (logRangeRefusal: CHAIN_UNAVAILABLE); what earlier ranges did stays done. The rules of decision 013,
 * for the farm scanner and the V3 history's filters alike.
 */
export async function walkLogRanges(
  options: { fromBlock: bigint; toBlock: bigint; maxRange: bigint },
  read: (from: bigint, to: bigint) => Promise<void>,
  onGap?: (gap: LogGap) => Promise<void>,
): Promise<LogGap[]> {
  const gaps: LogGap[] = [];
  let range = options.maxRange > 0n ? options.maxRange : 1n;
  for (let from = options.fromBlock; from <= options.toBlock; ) {
    const to = from + range - 1n < options.toBlock ? from + range - 1n : options.toBlock;
    try {
      await read(from, to);
      from = to + 1n;
    } catch (error) {
      const reason = logRangeRefusal(error);
      if (to > from) {
        range = (to - from + 1n) / 2n;
        continue;
      }
      const gap = { fromBlock: from, toBlock: to, reason };
      gaps.push(gap);
      await onGap?.(gap);
      from = to + 1n;
    }
  }
  return gaps;
}

function abiOf(farm: FarmRef) {
  return farmContracts[farm.kind].farmAbi;
}

function selectors(farm: FarmRef): Hex[] {
  return eventNames.map((name) => {
    const event = abiOf(farm).find((item) => item.type === 'event' && item.name === name);
    if (!event) throw new Error(`the ${farm.kind} farm ABI has no ${name} event`);
    return toEventSelector(event as never);
  });
}

function topicsOf(farms: FarmRef[], accounts: Address[]): [Hex[], Hex[]] {
  const events = [...new Set(farms.flatMap(selectors))];
  return [events, accounts.map((account) => pad(account.toLowerCase() as Hex))];
}

type RawLog = { data: Hex; topics: [Hex, ...Hex[]]; blockNumber: Hex; transactionHash: Hex; logIndex: Hex };

function decode(farm: FarmRef, log: RawLog): FarmEvent {
  const decoded = decodeEventLog({ abi: abiOf(farm), data: log.data, topics: log.topics }) as {
    eventName: (typeof eventNames)[number];
    args: { user: Address; amount?: bigint; reward?: bigint; rewardToken?: Address };
  };
  const { args } = decoded;
  return {
    kind: kinds[decoded.eventName],
    farm: farm.address,
    account: getAddress(args.user),
    rewardToken: args.rewardToken ? getAddress(args.rewardToken) : null,
    amount: args.amount ?? args.reward ?? 0n,
    blockNumber: BigInt(log.blockNumber),
    transactionHash: log.transactionHash,
    logIndex: Number(log.logIndex),
  };
}

/**
 * Reads wallets' Staked / Withdrawn / RewardPaid events on farms between two blocks, in ranges of
 * at most `maxRange` blocks. A range the node refuses as too large is halved and retried, down to one
 * block; a block refused even alone becomes a gap in the answer (never filled with guesses). Anything
 * else (timeouts, HTTP errors) throws CHAIN_UNAVAILABLE; progress already passed to `onRange` stays.
 */
export async function scanFarmLogs(
  chain: ChainClient,
  options: ScanFarmLogsOptions,
): Promise<{ events: FarmEvent[]; gaps: LogGap[]; requests: number }> {
  const topics = topicsOf(options.farms, options.accounts);
  const farmsByAddress = new Map(options.farms.map((farm) => [farm.address.toLowerCase(), farm]));
  const addresses = options.farms.map((farm) => farm.address);
  const events: FarmEvent[] = [];
  let requests = 0;
  const gaps = await walkLogRanges(
    options,
    async (from, to) => {
      requests += 1;
      const logs = (await chain.request('eth_getLogs', [
        { address: addresses, topics, fromBlock: toHex(from), toBlock: toHex(to) },
      ])) as (RawLog & { address: Address })[];
      const found = logs.map((log) => decode(farmsByAddress.get(log.address.toLowerCase())!, log));
      events.push(...found);
      await options.onRange?.({ events: found, toBlock: to });
    },
    async (gap) => {
      await options.onRange?.({ events: [], toBlock: gap.toBlock });
    },
  );
  return { events, gaps, requests };
}
