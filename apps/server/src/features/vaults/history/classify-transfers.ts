import { type Address, decodeEventLog, getAddress, isAddressEqual, parseAbi, zeroAddress } from 'viem';
import type { ReceiptLog } from '../../../core/books/send-movements.ts';
import type { VaultPositionType } from '../../../core/db/tables/vault-positions.ts';

/** The kinds of row a vault, lair or syrup transaction makes (ledger row kinds, packages/shared ledger.ts). */
type VaultEventKind =
  | 'vault_deposit'
  | 'vault_withdraw'
  | 'vault_stake'
  | 'vault_unstake'
  | 'stake'
  | 'withdraw'
  | 'reward'
  | 'lair_enter'
  | 'lair_exit';

export type TokenMove = { token: Address; raw: bigint };

/** One thing a transaction did to the position: what the wallet sent and received in it, by the position's rules. */
export type ClassifiedEvent = {
  kind: VaultEventKind;
  /** The log that says it (a share or dQUICK Transfer, a syrup's event): orders rows and keeps them unique. */
  logIndex: number;
  /** The contract it was done with: the vault, its staking, the lair or the pool. */
  counterparty: Address;
  sent: TokenMove[];
  received: TokenMove[];
};

/** Where a position's movements are: its contract, and for a vault where its shares stake. */
export type PositionPlaces = {
  wallet: Address;
  type: VaultPositionType;
  /** The vault (its share token), the lair (its dQUICK token) or the syrup pool. */
  contract: Address;
  /** A vault's staking contract (MasterChef, MiniChefV2 or staking pool); null for none. */
  staking: Address | null;
};

const abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Staked(address indexed user, uint256 amount)',
  'event Withdrawn(address indexed user, uint256 amount)',
  'event RewardPaid(address indexed user, uint256 reward)',
]);

type Transfer = { token: Address; from: Address; to: Address; value: bigint; logIndex: number };

function transfersOf(logs: readonly ReceiptLog[]): Transfer[] {
  const transfers: Transfer[] = [];
  for (const log of logs) {
    if (log.topics.length !== 3) continue;
    try {
      const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics as never });
      if (decoded.eventName !== 'Transfer') continue;
      const { from, to, value } = decoded.args as { from: Address; to: Address; value: bigint };
      transfers.push({ token: log.address, from, to, value, logIndex: log.logIndex });
    } catch {
      // Not an ERC-20 Transfer (an ERC-721's has a fourth topic): not a movement of this position.
    }
  }
  return transfers;
}

const sum = (moves: TokenMove[]): TokenMove[] => {
  const byToken = new Map<string, TokenMove>();
  for (const move of moves) {
    const key = move.token.toLowerCase();
    byToken.set(key, { token: move.token, raw: (byToken.get(key)?.raw ?? 0n) + move.raw });
  }
  return [...byToken.values()].filter((move) => move.raw > 0n);
};

/**
 * What one transaction did to a position, from its receipt's logs alone:
 * - a vault: its shares minted to the wallet (a deposit: the tokens the wallet sent), burned from it (a
 *   withdrawal: the tokens it received), sent to or back from its staking (stake, unstake), and the rewards that
 *   reached the wallet in a transaction of its staking (a reward row);
 * - the lair: dQUICK minted (entering: the QUICK sent) or burned (leaving: the QUICK received);
 * - a syrup pool: its Staked, Withdrawn and RewardPaid events of the wallet, with the tokens they moved.
 * `unexplained` when the position's token moved between the wallet and anyone else (a transfer to another
 * address): no row can say what that was worth to the position.
 */
export function classifyTransaction(
  places: PositionPlaces,
  logs: readonly ReceiptLog[],
): { events: ClassifiedEvent[]; unexplained: boolean } {
  return places.type === 'syrup' ? classifySyrup(places, logs) : classifyToken(places, logs);
}

function classifyToken(places: PositionPlaces, logs: readonly ReceiptLog[]) {
  const { wallet, contract, staking } = places;
  const transfers = transfersOf(logs);
  const isOwn = (t: Transfer) => isAddressEqual(t.token, contract);
  const own = transfers.filter(isOwn);
  const others = transfers.filter((t) => !isOwn(t));
  const sentOthers = sum(
    others.filter((t) => isAddressEqual(t.from, wallet)).map((t) => ({ token: t.token, raw: t.value })),
  );
  const receivedOthers = sum(
    others.filter((t) => isAddressEqual(t.to, wallet)).map((t) => ({ token: t.token, raw: t.value })),
  );
  const events: ClassifiedEvent[] = [];
  let unexplained = false;
  const isLair = places.type === 'lair';
  let othersUsed = false;
  for (const t of own) {
    const move = { token: contract, raw: t.value };
    if (isAddressEqual(t.to, wallet) && isAddressEqual(t.from, zeroAddress)) {
      events.push({
        kind: isLair ? 'lair_enter' : 'vault_deposit',
        logIndex: t.logIndex,
        counterparty: contract,
        sent: sentOthers,
        received: [move],
      });
      othersUsed = true;
    } else if (isAddressEqual(t.from, wallet) && isAddressEqual(t.to, zeroAddress)) {
      events.push({
        kind: isLair ? 'lair_exit' : 'vault_withdraw',
        logIndex: t.logIndex,
        counterparty: contract,
        sent: [move],
        received: receivedOthers,
      });
      othersUsed = true;
    } else if (staking && isAddressEqual(t.from, wallet) && isAddressEqual(t.to, staking)) {
      events.push({
        kind: 'vault_stake',
        logIndex: t.logIndex,
        counterparty: staking,
        sent: [move],
        received: [],
      });
    } else if (staking && isAddressEqual(t.from, staking) && isAddressEqual(t.to, wallet)) {
      events.push({
        kind: 'vault_unstake',
        logIndex: t.logIndex,
        counterparty: staking,
        sent: [],
        received: [move],
      });
    } else if (isAddressEqual(t.from, wallet) || isAddressEqual(t.to, wallet)) {
      unexplained = true;
    }
  }
  // What else reached the wallet in a transaction of its staking (a harvest, with an unstake or alone): rewards.
  const stakingLogged = staking !== null && logs.some((log) => isAddressEqual(log.address, staking));
  if (!othersUsed && stakingLogged && receivedOthers.length > 0) {
    const logIndex = Math.max(
      ...logs.filter((l) => isAddressEqual(l.address, staking!)).map((l) => l.logIndex),
    );
    events.push({ kind: 'reward', logIndex, counterparty: staking!, sent: [], received: receivedOthers });
  }
  return { events, unexplained };
}

function classifySyrup(places: PositionPlaces, logs: readonly ReceiptLog[]) {
  const { wallet, contract } = places;
  const events: ClassifiedEvent[] = [];
  const transfers = transfersOf(logs);
  const paidBy = (from: Address, to: Address, value: bigint) =>
    transfers.find((t) => isAddressEqual(t.from, from) && isAddressEqual(t.to, to) && t.value === value)
      ?.token;
  for (const log of logs) {
    if (!isAddressEqual(log.address, contract) || log.topics.length !== 2) continue;
    let decoded: { eventName: string; args: Record<string, unknown> };
    try {
      decoded = decodeEventLog({ abi, data: log.data, topics: log.topics as never }) as never;
    } catch {
      continue;
    }
    const user = decoded.args.user as Address | undefined;
    if (!user || !isAddressEqual(user, wallet)) continue;
    const amount = (decoded.args.amount ?? decoded.args.reward) as bigint;
    const base = { logIndex: log.logIndex, counterparty: contract };
    // The token is the one the pool moved for the event (its staking or its rewards token, as it names them).
    if (decoded.eventName === 'Staked') {
      const token = paidBy(wallet, contract, amount);
      if (token) events.push({ ...base, kind: 'stake', sent: [{ token, raw: amount }], received: [] });
    } else if (decoded.eventName === 'Withdrawn' || decoded.eventName === 'RewardPaid') {
      const token = paidBy(contract, wallet, amount);
      const kind = decoded.eventName === 'Withdrawn' ? 'withdraw' : 'reward';
      if (token)
        events.push({ ...base, kind, sent: [], received: [{ token: getAddress(token), raw: amount }] });
    }
  }
  return { events, unexplained: false };
}
