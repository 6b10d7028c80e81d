import type { FarmKind } from '@tidewatch/shared';
import { shortenAddress } from '@tidewatch/shared';
import type { Selectable } from 'kysely';
import type { PositionEventsTable } from '../db/tables/farms.ts';
import { type DraftRow, type LedgerToken, lpToken, tokenAmount, unknownToken } from './ledger-types.ts';

/** A V2 farm as the ledger names it: its contract, kind, pair and the pair's tokens. */
export type LedgerFarm = {
  address: string;
  kind: FarmKind;
  pairAddress: string;
  token0: LedgerToken;
  token1: LedgerToken;
};

/** A stored farm event (position_events) with its farm. */
export type V2EventInput = { farm: LedgerFarm; event: Selectable<PositionEventsTable> };

/** The position label of a farm: its pair and kind, and the farm's short address (two farms may share a pair). */
export function farmLabel(farm: LedgerFarm): string {
  const kind = farm.kind === 'dual' ? 'dual farm' : 'LP farm';
  return `${farm.token0.symbol}-${farm.token1.symbol} ${kind} ${shortenAddress(farm.address)}`;
}

const isOpening = (event: { tx_hash: string; log_index: number }) =>
  event.log_index < 0 || event.tx_hash === '0x';

/**
 * One draft row per V2 farm event: a stake sends the LP to the farm, a withdrawal receives it back, a
 * RewardPaid receives the reward token (a token the database lacks is unknownToken: its raw amount, kept
 * out of the tax exports); the opening balance of a position already open at the history's start lists its LP as sent.
 */
export function v2Rows(inputs: V2EventInput[], rewardTokens: Map<string, LedgerToken>): DraftRow[] {
  return inputs.map(({ farm, event }) => {
    const lp = lpToken(farm.pairAddress, farm.token0.symbol, farm.token1.symbol);
    const amount = BigInt(event.amount);
    const opening = isOpening(event);
    const underlying =
      event.amount0 !== null && event.amount1 !== null && event.kind !== 'reward_paid'
        ? [tokenAmount(farm.token0, BigInt(event.amount0)), tokenAmount(farm.token1, BigInt(event.amount1))]
        : [];
    const base = {
      id: opening ? `v2:0x:-1:${farm.address}` : `v2:${event.tx_hash}:${event.log_index}`,
      position: { tool: farm.kind, farm_address: farm.address, token_id: null, label: farmLabel(farm) },
      tx_hash: event.tx_hash,
      block_number: Number(event.block_number),
      block_time: event.block_time,
      logIndex: event.log_index,
      underlying,
      counterparty: farm.address,
      usd: event.usd,
      usd_error: event.usd_error,
    };
    const lpAmount = [tokenAmount(lp, amount)];
    if (opening || event.kind === 'staked') {
      const kind = opening ? 'opening_balance' : 'stake';
      return { ...base, kind, sent: lpAmount, received: [], sentUsd: [event.usd], receivedUsd: [] };
    }
    if (event.kind === 'withdrawn') {
      return {
        ...base,
        kind: 'withdraw',
        sent: [],
        received: lpAmount,
        sentUsd: [],
        receivedUsd: [event.usd],
      };
    }
    const address = event.reward_token_address ?? '';
    const token = rewardTokens.get(address.toLowerCase()) ?? unknownToken(address);
    const received = [tokenAmount(token, amount)];
    return { ...base, kind: 'reward', sent: [], received, sentUsd: [], receivedUsd: [event.usd] };
  });
}
