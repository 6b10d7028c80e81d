import { type CollectedSnapshots, type TokenPrice, valueSnapshots } from '../../core/snapshots/index.ts';

/**
 * Recomputes the figures of an import's collected snapshots with the prices the user confirmed
 * (the price API for the tokens the user chose it for, as the price rule says: decision 021), from the same pinned-block
 * read: the chain is not asked again. The valuation is the farms writer's own (`valueSnapshots`).
 * Only the positions `collected` kept are kept (the wizard drops empty ones of defaulted wallets).
 */
export function revalueCollected(
  collected: CollectedSnapshots,
  quotes: Map<string, number | null>,
): CollectedSnapshots {
  const prices = new Map<string, TokenPrice>();
  for (const token of collected.tokens) {
    const key = token.address.toLowerCase();
    const quoted = quotes.get(key);
    const onchainUsd = token.onchainUsd;
    if (quoted !== undefined && quoted !== null)
      prices.set(key, { usd: quoted, source: 'coinmarketcap', onchainUsd });
    // Pool-derived prices are derived again by the valuation, from the new prices of the other side.
    else if (token.source !== null && token.source !== 'pool')
      prices.set(key, { usd: token.usd, source: token.source, onchainUsd });
    else prices.set(key, { usd: null, source: null, onchainUsd });
  }
  const revalued = valueSnapshots(collected.read, prices, {
    chainId: collected.chainId,
    createdOn: collected.createdOn,
  });
  const positionKey = (p: { farm: string; account: string }) => `${p.farm}:${p.account}`.toLowerCase();
  const kept = new Set(collected.positions.map(positionKey));
  return { ...revalued, positions: revalued.positions.filter((p) => kept.has(positionKey(p))) };
}
