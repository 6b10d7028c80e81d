import { v3Abis } from '@tidewatch/contracts';
import {
  type Address,
  decodeEventLog,
  encodeAbiParameters,
  getAddress,
  type Hex,
  keccak256,
  toEventSelector,
  zeroAddress,
} from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import { ChainUnavailableError } from '../../../core/chain/errors.ts';
import { scanLogs } from '../../../core/chain/history-logs.ts';

/** Algebra's IncentiveKey: what identifies an eternal farming incentive (IIncentiveKey.sol). */
type V3IncentiveKey = {
  rewardToken: Address;
  /** The zero address when the incentive pays one token. */
  bonusRewardToken: Address;
  pool: Address;
  startTime: bigint;
  endTime: bigint;
};

/** An eternal incentive as created on the chain. */
export type V3IncentiveRecord = {
  /** keccak256(abi.encode(key)) (IncentiveId.sol). */
  id: Hex;
  key: V3IncentiveKey;
  /** Its virtual pool: while the pool's eternal virtual pool is this one, the incentive is attached. */
  virtualPool: Address;
};

/** Every eternal incentive of the farming contract, by pool, as far as the chain has been read. */
export type V3IncentiveIndex = {
  /**
   * The incentives created on each of `pools` up to `toBlock` (lower-case pool address -> incentives, oldest
   * first). Reads only the blocks no earlier call read: incentives never change once created.
   */
  incentivesOf(pools: readonly Address[], toBlock: bigint): Promise<Map<string, V3IncentiveRecord[]>>;
  /**
   * The incentives already known on each of `pools` (this process's, or the last any process stored), without
   * asking the node: a live list reads these first and scans only when a farmed position is in none of them.
   */
  knownIncentivesOf(pools: readonly Address[]): Promise<Map<string, V3IncentiveRecord[]>>;
};

/**
 * What the index keeps between processes (the database, features/v3-positions/reads/incentive-repository.ts):
 * how far it read, what it found.
 */
export type V3IncentiveState = { scannedTo: bigint; incentives: V3IncentiveRecord[] };
export type V3IncentiveStore = {
  load(): Promise<V3IncentiveState | undefined>;
  /** Keeps `state` unless a state read further is stored already. */
  save(state: V3IncentiveState): Promise<void>;
};

/** keccak256(abi.encode(rewardToken, bonusRewardToken, pool, startTime, endTime)). */
function incentiveIdOf(key: V3IncentiveKey): Hex {
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'address' },
        { type: 'address' },
        { type: 'uint256' },
        { type: 'uint256' },
      ],
      [key.rewardToken, key.bonusRewardToken, key.pool, key.startTime, key.endTime],
    ),
  );
}

const createdEvent = v3Abis.eternalFarming.find(
  (item) => item.type === 'event' && item.name === 'EternalFarmingCreated',
)!;
const createdTopic = toEventSelector(createdEvent);

/**
 * The incentive of a farmed position comes from the chain alone: QuickSwap's interface reads it from its
 * farming subgraph (the Deposit's eternalFarming), which this server does not have. Every incentive is an
 * EternalFarmingCreated log of the farming contract (its key and virtual pool); which one a position is in
 * is then a farms(tokenId, incentiveId) read among its pool's incentives (readV3Positions does it in its
 * aggregate3). The logs are read once per process from `fromBlock` (Polygon's contract: its subgraph's
 * start block) and then only the new blocks; concurrent callers share one scan.
 * @example const index = createV3IncentiveIndex({ chain, eternalFarming, fromBlock: 0n });
 */
export function createV3IncentiveIndex(options: {
  chain: ChainClient;
  eternalFarming: Address;
  fromBlock: bigint;
  /** Where the index is kept between processes (issue 43: a new process does not read every log again). */
  store?: V3IncentiveStore;
}): V3IncentiveIndex {
  let byPool = new Map<string, V3IncentiveRecord[]>();
  let scannedTo = options.fromBlock - 1n;
  let scanning: Promise<void> = Promise.resolve();
  /** Whether `record` was new to the index. */
  const add = (record: V3IncentiveRecord): boolean => {
    const poolKey = record.key.pool.toLowerCase();
    const list = byPool.get(poolKey) ?? [];
    if (list.some((known) => known.id === record.id)) return false;
    byPool.set(poolKey, [...list, record]);
    return true;
  };
  // How far the stored state reads: it is written again when an incentive is found, or this far behind.
  let storedTo = scannedTo;
  const storeEveryBlocks = 10_000n;

  /** Starts from the stored state, once per process (read by any process before, an earlier one of this). */
  async function adoptStored(): Promise<void> {
    const stored = await options.store?.load();
    if (!stored || stored.scannedTo <= scannedTo) return;
    byPool = new Map();
    for (const record of stored.incentives) add(record);
    scannedTo = stored.scannedTo;
    storedTo = stored.scannedTo;
  }

  async function scanTo(toBlock: bigint): Promise<void> {
    if (toBlock <= scannedTo) return;
    // The whole span first: most providers answer an address-filtered query over any range; one that
    // refuses is asked again in halves.
    const { logs, gaps } = await scanLogs(options.chain, {
      filters: [{ address: [options.eternalFarming], topics: [createdTopic] }],
      fromBlock: scannedTo + 1n,
      toBlock,
      maxRange: toBlock - scannedTo,
    });
    // A block the node would not read could hide an incentive: nothing is taken as read until it does.
    if (gaps.length > 0) {
      throw new ChainUnavailableError(
        `The blockchain node would not read the farming incentives of block ${gaps[0]!.fromBlock}: ${gaps[0]!.reason}`,
      );
    }
    let found = 0;
    for (const log of logs) {
      const { args } = decodeEventLog({ abi: v3Abis.eternalFarming, data: log.data, topics: log.topics });
      const created = args as {
        rewardToken: Address;
        bonusRewardToken: Address;
        pool: Address;
        virtualPool: Address;
        startTime: bigint;
        endTime: bigint;
      };
      const key: V3IncentiveKey = {
        rewardToken: getAddress(created.rewardToken),
        bonusRewardToken: getAddress(created.bonusRewardToken ?? zeroAddress),
        pool: getAddress(created.pool),
        startTime: created.startTime,
        endTime: created.endTime,
      };
      if (add({ id: incentiveIdOf(key), key, virtualPool: getAddress(created.virtualPool) })) found += 1;
    }
    scannedTo = toBlock;
    if (options.store && (found > 0 || scannedTo - storedTo >= storeEveryBlocks)) {
      await options.store.save({ scannedTo, incentives: [...byPool.values()].flat() });
      storedTo = scannedTo;
    }
  }

  const answer = (pools: readonly Address[]) =>
    new Map(pools.map((pool) => [pool.toLowerCase(), [...(byPool.get(pool.toLowerCase()) ?? [])]]));
  // One scan or load at a time: a second caller waits for the first and then reads only what is left.
  const queue = (work: () => Promise<void>) => {
    const next = scanning.then(work);
    scanning = next.catch(() => {});
    return next;
  };
  // The stored state is read at the first use (a store that cannot be read leaves the logs to this process).
  let loaded: Promise<void> | undefined;
  const ensureLoaded = () => (loaded ??= queue(adoptStored).catch(() => {}));

  return {
    async incentivesOf(pools, toBlock) {
      await ensureLoaded();
      await queue(() => scanTo(toBlock));
      return answer(pools);
    },
    async knownIncentivesOf(pools) {
      await ensureLoaded();
      return answer(pools);
    },
  };
}
