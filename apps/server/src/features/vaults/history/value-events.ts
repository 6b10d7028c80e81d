import { dragonLair } from '@tidewatch/contracts';
import { type Abi, type Address, getAddress, isAddressEqual } from 'viem';
import type { LedgerToken } from '../../../core/books/ledger-types.ts';
import { planTokenReads, type TokenInfo } from '../../../core/chain/erc20.ts';
import { ReadPlan } from '../../../core/chain/read-plan.ts';
import { labelToken } from '../../../core/chain/token-labels.ts';
import type { VaultManager } from '../../../core/farm-index/vault-registry.ts';
import type { StoredVaultMovement } from '../../../core/kinds/vault-position/index.ts';
import { planTokenPrices } from '../../../core/snapshots/index.ts';
import { toTokenNumber } from '../../../core/snapshots/valuation/index.ts';
import type { VaultsDeps } from '../context.ts';
import { planVaultTotalsOf } from '../vault-share.ts';
import type { ClassifiedEvent, TokenMove } from './classify-transfers.ts';

/** An amount as stored: the token as the ledger names it, and the raw integer as text. */
type StoredAmount = StoredVaultMovement['sent'][number];

/** The position's own token and what stands behind it: a vault's shares (its totals), dQUICK (the lair's QUICK). */
export type PositionToken =
  | {
      kind: 'vault';
      vault: Address;
      manager: VaultManager;
      label: string;
      tokens: readonly [Address, Address];
    }
  | { kind: 'lair'; lair: Address; quick: Address }
  | { kind: 'none' };

const sumOf = (values: (number | null)[]) =>
  values.some((v) => v === null) ? null : values.reduce<number>((a, b) => a + (b ?? 0), 0);

/**
 * One block's events of a position, named and valued at that block by the one price rule (on-chain, a past
 * block): each token's price; a vault's shares as their part of the vault's own totals there; dQUICK as the QUICK
 * the lair paid for it there (dQUICKForQUICK); a syrup's dQUICK stake likewise. A row's worth: a deposit what
 * went in, a withdrawal or reward what came out, shares staked or unstaked what they stood for. A price unknown
 * leaves its USD null with the reason, never 0.
 */
export async function valueEvents(
  ctx: VaultsDeps & { prices: NonNullable<VaultsDeps['prices']>; chain: NonNullable<VaultsDeps['chain']> },
  own: PositionToken,
  events: ClassifiedEvent[],
  block: bigint,
): Promise<StoredVaultMovement[]> {
  const plan = new ReadPlan();
  const ownToken = own.kind === 'vault' ? own.vault : own.kind === 'lair' ? own.lair : null;
  const lairOf = (token: Address) => ctx.lairs.find((l) => isAddressEqual(l.lair, token));
  const moves = events.flatMap((e) => [...e.sent, ...e.received]);
  const tokens = new Set<string>();
  for (const move of moves) tokens.add(getAddress(move.token));
  if (own.kind === 'vault') for (const token of own.tokens) tokens.add(token);
  for (const move of moves) {
    const lair = lairOf(move.token);
    if (lair) tokens.add(lair.quick);
  }
  const infos = new Map<string, TokenInfo>();
  for (const address of tokens) {
    if (ownToken && isAddressEqual(address as Address, ownToken) && own.kind === 'vault') continue;
    planTokenReads(plan, address as Address, (info) => infos.set(address.toLowerCase(), info));
  }
  const priced = [...tokens].filter(
    (a) => !(own.kind === 'vault' && isAddressEqual(a as Address, own.vault)),
  );
  const pricesOf = planTokenPrices(ctx, plan, priced as Address[], { isPast: true });
  // What the shares and the dQUICK moved stood for at the block.
  let vaultState: { totals: readonly [bigint, bigint]; supply: bigint } | null = null;
  if (own.kind === 'vault') {
    planVaultTotalsOf(plan, { address: own.vault, manager: own.manager }, (totals, supply) => {
      vaultState = { totals, supply };
    });
  }
  const quickFor = new Map<string, bigint>();
  for (const move of moves) {
    const lair = lairOf(move.token);
    if (!lair) continue;
    plan.addOptional<bigint>(
      {
        label: `lair ${lair.lair}: dQUICKForQUICK(${move.raw})`,
        address: lair.lair,
        abi: dragonLair.abi as Abi,
        functionName: 'dQUICKForQUICK',
        args: [move.raw],
      },
      (v) => {
        if (v !== null) quickFor.set(`${lair.lair.toLowerCase()}:${move.raw}`, v);
      },
    );
  }
  let readError: string | null = null;
  let prices = new Map<string, number | null>();
  try {
    await plan.run(ctx.chain, block, ctx.chain.maxCalldataBytes);
    prices = new Map([...(await pricesOf())].map(([key, p]) => [key, p.usd]));
  } catch (error) {
    readError = `prices at block ${block} could not be read: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
  }
  const tokenOf = (address: Address): LedgerToken => {
    if (own.kind === 'vault' && isAddressEqual(address, own.vault)) {
      return { address: own.vault, symbol: `${own.label} shares`, decimals: 18 };
    }
    const info = infos.get(address.toLowerCase());
    return labelToken(ctx.oldTokens, {
      address: getAddress(address),
      symbol: info?.symbol || '?',
      decimals: info?.decimals ?? 0,
    });
  };
  const stored = (move: TokenMove): StoredAmount => ({ ...tokenOf(move.token), amount: move.raw.toString() });

  return events.map((event) => {
    const reasons: string[] = readError ? [readError] : [];
    const usdOfToken = (move: TokenMove): number | null => {
      const token = tokenOf(move.token);
      const price = prices.get(move.token.toLowerCase()) ?? null;
      if (price === null) {
        reasons.push(`no price for ${token.symbol} at block ${block}`);
        return null;
      }
      return toTokenNumber(move.raw, token.decimals) * price;
    };
    // Shares stand for their part of the vault's totals; dQUICK for the QUICK the lair pays for it.
    const underlyingOf = (move: TokenMove): TokenMove[] | null => {
      if (own.kind === 'vault' && isAddressEqual(move.token, own.vault)) {
        const state = vaultState as { totals: readonly [bigint, bigint]; supply: bigint } | null;
        if (!state || state.supply === 0n) return null;
        return own.tokens.map((token, i) => ({ token, raw: (state.totals[i]! * move.raw) / state.supply }));
      }
      const lair = lairOf(move.token);
      if (lair) {
        const quick = quickFor.get(`${lair.lair.toLowerCase()}:${move.raw}`);
        return quick === undefined ? null : [{ token: lair.quick, raw: quick }];
      }
      return [move];
    };
    const usdOf = (move: TokenMove): number | null => {
      const underlying = underlyingOf(move);
      if (underlying === null) {
        reasons.push(`${tokenOf(move.token).symbol} could not be valued at block ${block}`);
        return null;
      }
      return sumOf(underlying.map(usdOfToken));
    };
    const sentUsd = event.sent.map(usdOf);
    const receivedUsd = event.received.map(usdOf);
    const isInflow = ['vault_deposit', 'vault_stake', 'stake', 'lair_enter'].includes(event.kind);
    const usd = sumOf(isInflow ? sentUsd : receivedUsd);
    const underlying = [...event.sent, ...event.received]
      .filter((move) => !isAddressEqual(underlyingOf(move)?.[0]?.token ?? move.token, move.token))
      .flatMap((move) => underlyingOf(move) ?? []);
    return {
      sent: event.sent.map(stored),
      received: event.received.map(stored),
      underlying: underlying.map(stored),
      sent_usd: sentUsd,
      received_usd: receivedUsd,
      usd,
      usd_error: usd === null ? (reasons[0] ?? 'unknown') : null,
    };
  });
}
