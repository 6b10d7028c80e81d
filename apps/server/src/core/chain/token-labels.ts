import { isSameAddress } from '@tidewatch/shared';
/** The old (pre-redenomination) QUICK and its Dragon's Lair, which most V2 farms paid. */
export type OldTokens = { quick: string; dquick: string };

/**
 * A token's symbol as Tidewatch shows it, THE one naming of tokens (screens, the books and their CSVs,
 * alerts): old QUICK and old dQUICK are 'QUICK (old)' / 'dQUICK (old)', so nobody takes "2.4 QUICK
 * unclaimed" (about $120 at 1 old = 1,000 new) for the new token, and a tax tool does not price them as it;
 * every other token keeps the symbol its contract answers today. Without `old` (a caller that has no
 * configuration, e.g. a position's books that print no symbol) the symbol stays as it is.
 * @example labelSymbol(old, '0xf28164A485B0B2C90639E47b0f377b4a438a16B1', 'dQUICK') // 'dQUICK (old)'
 */
export function labelSymbol(old: OldTokens | undefined, address: string, symbol: string): string {
  if (!old) return symbol;
  const key = address.toLowerCase();
  if (isSameAddress(key, old.quick)) return 'QUICK (old)';
  if (isSameAddress(key, old.dquick)) return 'dQUICK (old)';
  return symbol;
}

/** A token with its symbol named by labelSymbol; everything else as it came. */
export function labelToken<T extends { address: string; symbol: string }>(
  old: OldTokens | undefined,
  token: T,
): T {
  return { ...token, symbol: labelSymbol(old, token.address, token.symbol) };
}
