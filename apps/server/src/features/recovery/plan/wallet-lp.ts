import type { SentTransactionKind } from '@tidewatch/shared';
import {
  type Address,
  erc20Abi,
  formatBlock,
  formatTransactionReceipt,
  type Hex,
  isAddressEqual,
  parseEventLogs,
  type RpcBlock,
  type RpcTransactionReceipt,
  type TransactionReceipt,
} from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import type { IndexRow } from '../../../core/farm-index/index-repository.ts';
import type { PairState, RecoveryChainState } from './chain-state.ts';

/** A recorded step that moved LP (wallet_transactions), oldest first. */
export type RecordedLpStep = {
  tx_hash: string;
  step_kind: SentTransactionKind;
  to_address: string;
  block_number: number | string;
};

/**
 * The LP of each pair (lower-case address) in the wallet that one of its recorded farm steps returned
 * from an ended farm and no recorded removal has burnt since: the farm's LP, which the plan removes,
 * unlike LP the wallet held loose before. From the receipts themselves (the LP token's Transfer from the
 * farm to the wallet, and from the wallet to the pair for a removal), read in one JSON-RPC batch, and only
 * when a recorded exit or withdraw touched a pair the wallet still holds LP of. A farm counts as ended
 * when the index's period end (which only ever grows) was at or before the exit's block. Capped at what
 * the wallet holds now.
 */
export async function readReturnedLp(
  chain: ChainClient,
  input: {
    state: RecoveryChainState;
    recorded: RecordedLpStep[];
    /** The index's farms: a recorded exit's farm gives its pair and period end. */
    rows: IndexRow[];
  },
): Promise<Map<string, bigint>> {
  const { state, recorded } = input;
  const held = new Map([...state.pairs].filter(([, pair]) => pair.walletLp > 0n));
  const farmOf = new Map(input.rows.map((row) => [row.address.toLowerCase(), row]));
  const exits = recorded.filter((step) => {
    const row = farmOf.get(step.to_address.toLowerCase());
    return step.step_kind !== 'remove_liquidity' && row && held.has(row.pair_address.toLowerCase());
  });
  if (exits.length === 0) return new Map();
  const since = Math.min(...exits.map((step) => Number(step.block_number)));
  const removals = recorded.filter(
    (step) => step.step_kind === 'remove_liquidity' && Number(step.block_number) >= since,
  );
  const steps = [...exits, ...removals];
  const receipts = await Promise.all(steps.map((step) => readReceipt(chain, step.tx_hash as Hex)));
  const blockTimes = await readBlockTimes(
    chain,
    exits.map((_, i) => receipts[i]?.blockNumber).filter((n) => n !== undefined),
  );
  const mined = steps
    .map((step, i) => ({ step, receipt: receipts[i] }))
    // A receipt gone (a reorg) or after the plan's block is no part of the state the plan read.
    .filter((s): s is { step: RecordedLpStep; receipt: TransactionReceipt } =>
      Boolean(s.receipt && s.receipt.status === 'success' && s.receipt.blockNumber <= state.blockNumber),
    )
    .sort(
      (a, b) =>
        Number(a.receipt.blockNumber - b.receipt.blockNumber) ||
        a.receipt.transactionIndex - b.receipt.transactionIndex,
    );

  const returned = new Map<string, bigint>();
  for (const { step, receipt } of mined) {
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
    if (step.step_kind === 'remove_liquidity') {
      for (const log of transfers) {
        const key = log.address.toLowerCase();
        if (
          !returned.has(key) ||
          !isAddressEqual(log.args.from, state.wallet) ||
          !isAddressEqual(log.args.to, log.address)
        )
          continue;
        const left = returned.get(key)! - log.args.value;
        returned.set(key, left > 0n ? left : 0n);
      }
      continue;
    }
    const row = farmOf.get(step.to_address.toLowerCase())!;
    const end = Date.parse(row.period_finish) / 1000;
    const at = blockTimes.get(receipt.blockNumber);
    if (at === undefined || !(end > 0 && end <= Number(at))) continue;
    for (const log of transfers) {
      if (!isAddressEqual(log.address, row.pair_address as Address)) continue;
      if (
        !isAddressEqual(log.args.from, step.to_address as Address) ||
        !isAddressEqual(log.args.to, state.wallet)
      )
        continue;
      const key = log.address.toLowerCase();
      returned.set(key, (returned.get(key) ?? 0n) + log.args.value);
    }
  }
  for (const [key, raw] of returned) {
    const walletLp = held.get(key)!.walletLp;
    if (raw > walletLp) returned.set(key, walletLp);
  }
  return returned;
}

async function readReceipt(chain: ChainClient, hash: Hex): Promise<TransactionReceipt | null> {
  const raw = (await chain.request('eth_getTransactionReceipt', [hash])) as RpcTransactionReceipt | null;
  return raw ? formatTransactionReceipt(raw) : null;
}

/** Each block's timestamp, in one batch. */
async function readBlockTimes(chain: ChainClient, numbers: bigint[]): Promise<Map<bigint, bigint>> {
  const unique = [...new Set(numbers)];
  const blocks = await Promise.all(
    unique.map(
      async (n) =>
        (await chain.request('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])) as RpcBlock | null,
    ),
  );
  const times = new Map<bigint, bigint>();
  blocks.forEach((block, i) => {
    if (block) times.set(unique[i]!, formatBlock(block).timestamp);
  });
  return times;
}

/** One pair's LP the wallet held outside a farm, and whether the person asked for it to be removed. */
export type LooseLp = { pair: PairState; raw: bigint; isIncluded: boolean };

/**
 * Splits the wallet's LP of each pair: what its farm steps returned (always in the plan) and the rest,
 * held loose before the plan, listed apart and in the plan only for the pairs in `included`.
 */
export function splitWalletLp(
  state: RecoveryChainState,
  returned: Map<string, bigint>,
  included: readonly string[],
): { inPlan: Map<string, bigint>; loose: LooseLp[] } {
  const asked = new Set(included.map((address) => address.toLowerCase()));
  const inPlan = new Map<string, bigint>();
  const loose: LooseLp[] = [];
  for (const [key, pair] of state.pairs) {
    const fromFarms = returned.get(key) ?? 0n;
    const raw = pair.walletLp - fromFarms;
    const isIncluded = raw > 0n && asked.has(key);
    if (raw > 0n) loose.push({ pair, raw, isIncluded });
    const planned = fromFarms + (isIncluded ? raw : 0n);
    if (planned > 0n) inPlan.set(key, planned);
  }
  return { inPlan, loose };
}
