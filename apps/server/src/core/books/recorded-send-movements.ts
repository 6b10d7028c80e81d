import { v3Abis } from '@tidewatch/contracts/v3-abis';
import type { SentTransactionKind } from '@tidewatch/shared';
import { type Address, decodeEventLog, getAddress } from 'viem';
import { labelSymbol, type OldTokens } from '../chain/token-labels.ts';
import type { IndexRow } from '../farm-index/index-repository.ts';
import { findIndexRowsOfSend } from './books-repository.ts';
import { type MovementDeps, type StoredMovement, valueMovements } from './send-movement-values.ts';
import { decodeSendLogs, type ReceiptLog } from './send-movements.ts';
import { decodeV3SendLogs, type V3LogSources } from './v3-send-movements.ts';

export type { StoredMovement } from './send-movement-values.ts';

/** A recorded send and the receipt it is read from (its block, outcome and logs). */
export type SendToDecode = {
  wallet: string;
  stepKind: SentTransactionKind;
  to: string;
  receipt: { blockNumber: bigint; status: 'success' | 'reverted'; logs: ReceiptLog[] };
};

const v3ActionKinds = new Set<SentTransactionKind>([
  'v3_collect',
  'v3_claim_rewards',
  'v3_leave_farming',
  'v3_close',
  'merkl_claim',
]);

/** An index row with its tokens' symbols as the ledger names them (old QUICK and dQUICK labelled). */
function labelled(old: OldTokens | undefined, row: IndexRow): IndexRow {
  return {
    ...row,
    token0_symbol: labelSymbol(old, row.token0_address, row.token0_symbol),
    token1_symbol: labelSymbol(old, row.token1_address, row.token1_symbol),
    reward_a_symbol: labelSymbol(old, row.reward_a_address, row.reward_a_symbol),
    reward_b_symbol:
      row.reward_b_address && row.reward_b_symbol
        ? labelSymbol(old, row.reward_b_address, row.reward_b_symbol)
        : row.reward_b_symbol,
  };
}

/**
 * What a recorded send did (issue 42): its receipt's logs decoded (send-movements.ts) against the farm
 * index's rows of the contract it called and of the pairs that logged, then named and valued at its block
 * (send-movement-values.ts). A reverted send moved nothing. Throws when the chain cannot be read.
 */
export async function readSendMovements(
  deps: MovementDeps & { v3?: V3LogSources | undefined },
  send: SendToDecode,
): Promise<StoredMovement[]> {
  if (send.receipt.status !== 'success' || send.receipt.logs.length === 0) return [];
  if (v3ActionKinds.has(send.stepKind)) {
    if (!deps.v3) return [];
    const tokens = await readV3PositionTokens(deps, deps.v3, send.receipt);
    const decoded = decodeV3SendLogs(
      { wallet: getAddress(send.wallet), logs: send.receipt.logs },
      deps.v3,
      (tokenId) => tokens.get(tokenId),
    );
    return valueMovements(deps, decoded, send.receipt.blockNumber);
  }
  const emitters = [...new Set(send.receipt.logs.map((log) => getAddress(log.address)))];
  const to = getAddress(send.to);
  const rows = await findIndexRowsOfSend(deps.db, deps.chainId, { to, emitters });
  const decoded = decodeSendLogs(
    { wallet: getAddress(send.wallet) as Address, stepKind: send.stepKind, to, logs: send.receipt.logs },
    rows.map((row) => labelled(deps.oldTokens, row)),
  );
  return valueMovements(deps, decoded, send.receipt.blockNumber);
}

/**
 * The two tokens of each position the send's position-manager logs name, read at the block before it (a close
 * burns the NFT: positions() then reverts).
 */
async function readV3PositionTokens(
  deps: MovementDeps,
  v3: V3LogSources,
  receipt: SendToDecode['receipt'],
): Promise<Map<bigint, readonly [Address, Address]>> {
  const ids = new Set<bigint>();
  for (const log of receipt.logs) {
    if (getAddress(log.address) !== getAddress(v3.positionManager)) continue;
    try {
      const { args } = decodeEventLog({
        abi: v3Abis.positionManager,
        data: log.data,
        topics: log.topics as never,
      });
      if ('tokenId' in args) ids.add(args.tokenId);
    } catch {
      // Not one of the position manager's events we read.
    }
  }
  const tokens = new Map<bigint, readonly [Address, Address]>();
  for (const tokenId of ids) {
    const position = await deps.chain.publicClient.readContract({
      address: v3.positionManager,
      abi: v3Abis.positionManager,
      functionName: 'positions',
      args: [tokenId],
      blockNumber: receipt.blockNumber - 1n,
    });
    tokens.set(tokenId, [getAddress(position[2]), getAddress(position[3])]);
  }
  return tokens;
}

/** A stored row's movements (JSON text), as the ledger reads them. */
export const parseMovements = (text: string | null): StoredMovement[] | null =>
  text === null ? null : (JSON.parse(text) as StoredMovement[]);
