import type { FarmKind, LedgerRowKind, SentTransactionKind } from '@tidewatch/shared';
import { shortenAddress } from '@tidewatch/shared';
import {
  type Address,
  decodeEventLog,
  getAddress,
  type Hex,
  isAddressEqual,
  parseAbi,
  zeroAddress,
} from 'viem';
import type { IndexRow } from '../farm-index/index-repository.ts';
import { type LedgerToken, lpToken } from './ledger-types.ts';
import { farmLabel, type LedgerFarm } from './v2-rows.ts';

/**
 * What a recorded send did, read from its receipt's logs (issue 42): never from its calldata, and only the
 * logs of the contracts recording it verified (the index farm it called, an index farm's pair, the lair, the
 * converter) and the Transfers that reached or left the wallet through them.
 */

/** A receipt's log as viem formats it. */
export type ReceiptLog = { address: Address; topics: Hex[]; data: Hex; logIndex: number };

/** The kinds of row a recorded send becomes (an exit: a withdrawal of LP and a reward). */
export type MovementKind = Extract<
  LedgerRowKind,
  | 'withdraw'
  | 'reward'
  | 'lp_removed'
  | 'lair_exit'
  | 'redenomination'
  | 'v3_withdraw'
  | 'v3_fees'
  | 'v3_reward'
  | 'v3_burn'
>;

/** An amount of a token: its metadata when the farm index names it, else only its address (read later). */
export type RawAmount = { address: Address; raw: bigint; token: LedgerToken | null };

/** One ledger row a send's logs make, before its tokens are named and its amounts valued at the block. */
export type DecodedMovement = {
  kind: MovementKind;
  logIndex: number;
  position: { tool: FarmKind | 'v3'; farm_address: string | null; label: string };
  counterparty: Address;
  sent: RawAmount[];
  received: RawAmount[];
  /**
   * The pair whose LP the row moves: its reserves at the block price a side no route prices and, for a
   * withdrawal, give the LP's tokens (amount × reserve / supply).
   */
  pair: IndexRow | null;
  /** lp_removed: what the burn paid, token0 then token1 (the LP's underlying); a withdrawal's comes from the reserves. */
  underlying: RawAmount[];
};

const events = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Withdrawn(address indexed user, uint256 amount)',
  'event RewardPaid(address indexed user, uint256 reward)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
]);
/** A dual farm names the token it paid (StakingDualRewards). */
const dualEvents = parseAbi(['event RewardPaid(address indexed user, address rewardToken, uint256 reward)']);

type Decoded = { eventName: string; args: Record<string, unknown> };

function decode(log: ReceiptLog, abi: typeof events | typeof dualEvents = events): Decoded | null {
  try {
    return decodeEventLog({ abi, data: log.data, topics: log.topics as [Hex, ...Hex[]] }) as Decoded;
  } catch {
    return null;
  }
}

/** A farm of the index as the ledger names it (its pair's tokens from the index's row). */
export function indexFarm(row: IndexRow): LedgerFarm {
  return {
    address: row.address,
    kind: row.kind,
    pairAddress: row.pair_address,
    token0: { address: row.token0_address, symbol: row.token0_symbol, decimals: row.token0_decimals },
    token1: { address: row.token1_address, symbol: row.token1_symbol, decimals: row.token1_decimals },
  };
}

const lpOfRow = (row: IndexRow) => lpToken(row.pair_address, row.token0_symbol, row.token1_symbol);

/** The index's reward tokens of a farm, by lower-case address. */
function rewardTokens(row: IndexRow): Map<string, LedgerToken> {
  const tokens = new Map<string, LedgerToken>([
    [
      row.reward_a_address.toLowerCase(),
      { address: row.reward_a_address, symbol: row.reward_a_symbol, decimals: row.reward_a_decimals },
    ],
  ]);
  if (row.reward_b_address && row.reward_b_symbol !== null && row.reward_b_decimals !== null) {
    tokens.set(row.reward_b_address.toLowerCase(), {
      address: row.reward_b_address,
      symbol: row.reward_b_symbol,
      decimals: row.reward_b_decimals,
    });
  }
  return tokens;
}

/** The send: who sent it, the step it was recorded as, the contract it called (verified), its logs. */
export type SendLogs = { wallet: Address; stepKind: SentTransactionKind; to: Address; logs: ReceiptLog[] };

/**
 * The rows a send's logs make. `index`: the farm index's rows naming the called contract as a farm or a
 * log's emitter as a farm's pair. An exit, withdraw or claim: the farm's Withdrawn (LP back) and RewardPaid
 * (the reward, dual farms naming the token); a removal of liquidity: per index pair, the wallet's LP
 * Transfer to it and its Burn to the wallet; leaving the lair: the lair's burn of the wallet's dQUICK and the
 * QUICK it sent; a conversion: what left the wallet and what the converter sent it. Anything else (an
 * approve, a reverted send, logs for other addresses) makes no row: the send is its gas only.
 */
export function decodeSendLogs(send: SendLogs, index: IndexRow[]): DecodedMovement[] {
  const { wallet, to, logs } = send;
  const transfers = logs.flatMap((log) => {
    const decoded = decode(log);
    if (decoded?.eventName !== 'Transfer') return [];
    const { from, to: recipient, value } = decoded.args as { from: Address; to: Address; value: bigint };
    return [{ log, from, to: recipient, value }];
  });
  const position = (label: string) => ({ tool: 'lp' as const, farm_address: null, label });
  switch (send.stepKind) {
    case 'exit':
    case 'withdraw':
    case 'claim': {
      const row = index.find((r) => isAddressEqual(r.address as Address, to));
      if (!row) return [];
      const farm = indexFarm(row);
      const base = {
        position: { tool: farm.kind, farm_address: farm.address, label: farmLabel(farm) },
        counterparty: to,
        underlying: [],
      };
      const rewards = rewardTokens(row);
      return logs.flatMap((log): DecodedMovement[] => {
        if (!isAddressEqual(log.address, to)) return [];
        const decoded = decode(log) ?? decode(log, dualEvents);
        if (decoded?.args.user === undefined || !isAddressEqual(decoded.args.user as Address, wallet))
          return [];
        if (decoded.eventName === 'Withdrawn') {
          const raw = decoded.args.amount as bigint;
          const lp: RawAmount = { address: getAddress(row.pair_address), raw, token: lpOfRow(row) };
          return [{ ...base, kind: 'withdraw', logIndex: log.logIndex, sent: [], received: [lp], pair: row }];
        }
        if (decoded.eventName !== 'RewardPaid') return [];
        const address = getAddress(String(decoded.args.rewardToken ?? row.reward_a_address));
        const received = [
          { address, raw: decoded.args.reward as bigint, token: rewards.get(address.toLowerCase()) ?? null },
        ];
        return [{ ...base, kind: 'reward', logIndex: log.logIndex, sent: [], received, pair: null }];
      });
    }
    case 'remove_liquidity':
      return logs.flatMap((log): DecodedMovement[] => {
        const row = index.find((r) => isAddressEqual(r.pair_address as Address, log.address));
        const decoded = row ? decode(log) : null;
        if (!row || decoded?.eventName !== 'Burn' || !isAddressEqual(decoded.args.to as Address, wallet))
          return [];
        const pair = getAddress(row.pair_address);
        const lp = transfers
          .filter(
            (t) =>
              isAddressEqual(t.log.address, pair) &&
              isAddressEqual(t.from, wallet) &&
              isAddressEqual(t.to, pair),
          )
          .reduce((sum, t) => sum + t.value, 0n);
        const paid: RawAmount[] = [
          {
            address: getAddress(row.token0_address),
            raw: decoded.args.amount0 as bigint,
            token: indexFarm(row).token0,
          },
          {
            address: getAddress(row.token1_address),
            raw: decoded.args.amount1 as bigint,
            token: indexFarm(row).token1,
          },
        ];
        return [
          {
            kind: 'lp_removed',
            logIndex: log.logIndex,
            position: position(`${row.token0_symbol}-${row.token1_symbol} pair ${shortenAddress(pair)}`),
            counterparty: to,
            sent: [{ address: pair, raw: lp, token: lpOfRow(row) }],
            received: paid,
            pair: row,
            underlying: paid,
          },
        ];
      });
    case 'leave_lair': {
      // dQUICK is the lair's own token: leave() burns the wallet's, and QUICK comes from the lair.
      const burnt = transfers.filter(
        (t) => isAddressEqual(t.log.address, to) && isAddressEqual(t.from, wallet) && t.to === zeroAddress,
      );
      const paid = transfers.filter((t) => isAddressEqual(t.from, to) && isAddressEqual(t.to, wallet));
      if (burnt.length === 0 || paid.length === 0) return [];
      return [
        {
          kind: 'lair_exit',
          logIndex: paid[0]!.log.logIndex,
          position: position(`Dragon's Lair ${shortenAddress(to)}`),
          counterparty: to,
          sent: burnt.map((t) => ({ address: getAddress(t.log.address), raw: t.value, token: null })),
          received: paid.map((t) => ({ address: getAddress(t.log.address), raw: t.value, token: null })),
          pair: null,
          underlying: [],
        },
      ];
    }
    case 'convert_quick': {
      // The converter takes old QUICK from the wallet (to 0xdead) and sends it new QUICK.
      const taken = transfers.filter((t) => isAddressEqual(t.from, wallet));
      const paid = transfers.filter((t) => isAddressEqual(t.from, to) && isAddressEqual(t.to, wallet));
      if (taken.length === 0 || paid.length === 0) return [];
      return [
        {
          kind: 'redenomination',
          logIndex: paid[0]!.log.logIndex,
          position: position(`QUICK converter ${shortenAddress(to)}`),
          counterparty: to,
          sent: taken.map((t) => ({ address: getAddress(t.log.address), raw: t.value, token: null })),
          received: paid.map((t) => ({ address: getAddress(t.log.address), raw: t.value, token: null })),
          pair: null,
          underlying: [],
        },
      ];
    }
    default:
      return [];
  }
}
