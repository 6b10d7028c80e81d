/** The old (pre-redenomination) QUICK and its Dragon's Lair, which most V2 farms paid. */
export type OldTokens = { quick: string; dquick: string };

/**
 * A token's symbol as Tidewatch shows it: old QUICK and old dQUICK are 'QUICK (old)' / 'dQUICK (old)', so
 * nobody takes "2.4 QUICK unclaimed" (about $120 at 1 old = 1,000 new) for the new token; every other
 * token keeps the symbol its contract answers today.
 * @example labelSymbol(old, '0xf28164A485B0B2C90639E47b0f377b4a438a16B1', 'dQUICK') // 'dQUICK (old)'
 */
export function labelSymbol(old: OldTokens, address: string, symbol: string): string {
  const key = address.toLowerCase();
  if (key === old.quick.toLowerCase()) return 'QUICK (old)';
  if (key === old.dquick.toLowerCase()) return 'dQUICK (old)';
  return symbol;
}
