import type { VaultSnapshot } from '@tidewatch/shared';
import { type Address, getAddress, type Hex, isAddressEqual, numberToHex, pad, toEventSelector } from 'viem';
import { receiptIfMined, recordTransactionFees } from '../../../core/books/fees.ts';
import type { ReceiptLog } from '../../../core/books/send-movements.ts';
import type { ChainClient } from '../../../core/chain/client.ts';
import { walkLogRanges } from '../../../core/chain/farm-logs.ts';
import { type FinalityRule, finalStamp } from '../../../core/chain/finality.ts';
import type { VaultManager } from '../../../core/farm-index/vault-registry.ts';
import type { VaultsDeps } from '../context.ts';
import { listVaults } from '../lists/vault-list.ts';
import { type ClassifiedEvent, classifyTransaction } from './classify-transfers.ts';
import {
  type HistoryDuePosition,
  leaseHistoryDue,
  releaseHistoryLease,
  storeHistoryRange,
  type VaultEventRow,
} from './history-repository.ts';
import { type PositionToken, valueEvents } from './value-events.ts';

/** What the vaults' history job is wired with, beside the tool's reads. */
export type VaultHistoryDeps = VaultsDeps & {
  finality: FinalityRule;
  /** Blocks per eth_getLogs to start with (LOGS_BLOCK_RANGE). */
  logsBlockRange: number;
  /** WMATIC: the gas of the events' transactions is priced as POL. */
  wmatic: Address;
  now: () => Date;
};

/** Positions read per step, and ranges of `logsBlockRange` blocks per position per step. */
const positionsPerStep = 20;
const rangesPerStep = 20;
const leaseMs = 5 * 60_000;
const transferTopic = toEventSelector(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

type RpcLog = { transactionHash: Hex; blockNumber: Hex };

/**
 * One step of the vaults tool's history job (issue 45, Build 3), run on the scheduler's ticks beside the other
 * history jobs: for each tracked position behind the chain's final block (least read first), the next blocks of its
 * history read with two eth_getLogs filters per range (the position's contracts' events naming the wallet first;
 * its token's Transfers to the wallet), each transaction found read from its receipt (classify-transfers.ts), named
 * and valued at its block (value-events.ts) and stored with how far it is read, in one transaction; its gas stored
 * as the books' other transactions' are. True when some position still has blocks to read.
 */
export async function runVaultHistoryStep(deps: VaultHistoryDeps): Promise<boolean> {
  const { chain, prices } = deps;
  if (!chain || !prices) return false;
  const final = await finalStamp(chain, deps.finality);
  const now = deps.now();
  const due = await leaseHistoryDue(deps.db, {
    chainId: deps.chainId,
    finalBlock: Number(final.number),
    now: now.toISOString(),
    leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
    limit: positionsPerStep,
  });
  if (due.length === 0) return false;
  const { vaults } = await listVaults(deps);
  let isBehind = false;
  for (const position of due) {
    try {
      const to = await readPositionRange({ ...deps, chain, prices }, position, vaults, final.number);
      if (to < final.number) isBehind = true;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
      deps.log?.warn({ err: error, positionId: position.position_id }, 'vault history: a range failed');
      await releaseHistoryLease(deps.db, position.position_id, reason, deps.now().toISOString());
    }
  }
  return isBehind;
}

type ReadyDeps = VaultHistoryDeps & {
  chain: ChainClient;
  prices: NonNullable<VaultsDeps['prices']>;
};

/** The next blocks of one position's history, read and stored; answers the block it is read to now. */
async function readPositionRange(
  deps: ReadyDeps,
  position: HistoryDuePosition,
  vaults: Awaited<ReturnType<typeof listVaults>>['vaults'],
  finalBlock: bigint,
): Promise<bigint> {
  const wallet = getAddress(position.wallet_address);
  const contract = getAddress(position.contract_address);
  const listed = vaults.find((v) => isAddressEqual(v.address, contract));
  const staking = listed?.staking?.address ?? null;
  const from =
    position.scanned_to_block === null
      ? await firstBlockWithCode(deps.chain, contract, finalBlock)
      : BigInt(position.scanned_to_block) + 1n;
  const range = BigInt(deps.logsBlockRange);
  const last = from + range * BigInt(rangesPerStep) - 1n;
  const to = last < finalBlock ? last : finalBlock;
  const walletTopic = pad(wallet);
  const found = new Map<Hex, bigint>();
  await walkLogRanges({ fromBlock: from, toBlock: to, maxRange: range }, async (a, b) => {
    const span = { fromBlock: numberToHex(a), toBlock: numberToHex(b) };
    const [named, received] = (await Promise.all([
      deps.chain.request('eth_getLogs', [
        { ...span, address: staking ? [contract, staking] : [contract], topics: [null, walletTopic] },
      ]),
      deps.chain.request('eth_getLogs', [
        { ...span, address: contract, topics: [transferTopic, null, walletTopic] },
      ]),
    ])) as [RpcLog[], RpcLog[]];
    for (const log of [...named, ...received]) found.set(log.transactionHash, BigInt(log.blockNumber));
  });
  const places = { wallet, type: position.position_type, contract, staking };
  const byBlock = new Map<bigint, { hash: Hex; events: ClassifiedEvent[] }[]>();
  let unexplained = false;
  for (const [hash, block] of found) {
    const receipt = await receiptIfMined(deps.chain, hash);
    if (receipt?.status !== 'success') continue;
    const classified = classifyTransaction(places, receipt.logs as ReceiptLog[]);
    unexplained ||= classified.unexplained;
    if (classified.events.length > 0) {
      byBlock.set(block, [...(byBlock.get(block) ?? []), { hash, events: classified.events }]);
    }
  }
  const own = positionToken(deps, position, listed?.manager);
  const rows: VaultEventRow[] = [];
  for (const [block, txs] of byBlock) {
    const events = txs.flatMap((tx) => tx.events);
    const valued = await valueEvents(deps, own, events, block);
    const time = await blockTime(deps.chain, block);
    let k = 0;
    for (const tx of txs) {
      for (const event of tx.events) {
        const movement = valued[k++]!;
        rows.push({
          position_id: position.position_id,
          tx_hash: tx.hash.toLowerCase(),
          log_index: event.logIndex,
          block_number: Number(block),
          block_time: time,
          kind: event.kind,
          counterparty: event.counterparty,
          movement: JSON.stringify(movement),
          usd: movement.usd,
        });
      }
    }
  }
  await deps.db.transaction().execute((trx) =>
    storeHistoryRange(trx, {
      positionId: position.position_id,
      events: rows,
      scannedTo: Number(to),
      unexplained,
      now: deps.now().toISOString(),
    }),
  );
  // The gas of the wallet's transactions among them, as the books store every event's.
  await recordTransactionFees(
    { db: deps.db, chainId: deps.chainId, prices: deps.prices, wmatic: deps.wmatic, chain: deps.chain },
    rows.map((row) => row.tx_hash),
    { now: deps.now(), budget: { left: 200 } },
  );
  return to;
}

/** The position's own token and what stands behind it (the vault's tokens, from its newest snapshot). */
function positionToken(
  deps: VaultsDeps,
  position: HistoryDuePosition,
  manager: VaultManager | undefined,
): PositionToken {
  const contract = getAddress(position.contract_address);
  if (position.position_type === 'lair') {
    const lair = deps.lairs.find((l) => isAddressEqual(l.lair, contract));
    return lair ? { kind: 'lair', lair: contract, quick: lair.quick } : { kind: 'none' };
  }
  if (position.position_type === 'syrup' || !manager || !position.figures) return { kind: 'none' };
  const vault = (JSON.parse(position.figures) as Pick<VaultSnapshot, 'vault'>).vault;
  if (!vault) return { kind: 'none' };
  const [a0, a1] = vault.amounts;
  return {
    kind: 'vault',
    vault: contract,
    manager,
    label: `${a0.token.symbol}-${a1.token.symbol}`,
    tokens: [getAddress(a0.token.address), getAddress(a1.token.address)],
  };
}

async function blockTime(chain: ChainClient, block: bigint): Promise<string> {
  const raw = (await chain.request('eth_getBlockByNumber', [numberToHex(block), false])) as {
    timestamp: Hex;
  };
  return new Date(Number(BigInt(raw.timestamp)) * 1000).toISOString();
}

/**
 * The first block at which `contract` has code (a binary search of eth_getCode): no event of it can be older.
 * A node that cannot answer for past blocks (not an archive node) reads from block 0.
 */
async function firstBlockWithCode(chain: ChainClient, contract: Address, head: bigint): Promise<bigint> {
  const hasCode = async (block: bigint) => {
    const code = (await chain.request('eth_getCode', [contract, numberToHex(block)])) as Hex;
    return code !== '0x';
  };
  try {
    if (!(await hasCode(head))) return head;
    let low = 0n;
    let high = head;
    while (low < high) {
      const middle = (low + high) / 2n;
      if (await hasCode(middle)) high = middle;
      else low = middle + 1n;
    }
    return low;
  } catch {
    return 0n;
  }
}
