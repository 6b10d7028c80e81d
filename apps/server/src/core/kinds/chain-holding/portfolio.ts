import type { PortfolioProvider } from '../../portfolio/model.ts';
import { loadV4Books } from './books.ts';
import { holdingsOf, parseChainHoldings } from './holdings.ts';
import { findTrackedChainWallets, newestChainSnapshot } from './repository.ts';

const dayMs = 86_400_000;

/**
 * The user's tracked wallets on chains beside Polygon: every position the newest snapshot lists (a V4 NFT, V2 LP,
 * a syrup stake), valued as 'Every chain' values it, and the same position in the newest snapshot at or before 24
 * hours ago (null when it was not held then: not a $0). A V4 position's value now and profit are its books' (the
 * newest snapshot whose events are final, as a V3 NFT's), the position's page showing the same; before its history
 * is read, and for V2 LP and syrups on those chains (no history of their deposits is read there), profit is unknown:
 * counted in `unknown.pnl`, never as 0.
 */
export const listChainHoldings: PortfolioProvider['list'] = async (deps, userId) => {
  const dayAgo = new Date(deps.now().getTime() - dayMs).toISOString();
  const wallets = await findTrackedChainWallets(deps.db, userId);
  const lists = await Promise.all(
    wallets.map(async (wallet) => {
      if (!wallet.newest) return [];
      const then = await newestChainSnapshot(deps.db, wallet.chain_wallet_id, dayAgo);
      const before = new Map(
        then ? holdingsOf(parseChainHoldings(then.holdings)).map((h) => [h.key, h.valueUsd]) : [],
      );
      return Promise.all(
        holdingsOf(parseChainHoldings(wallet.newest.holdings)).map(async (holding) => {
          const books = holding.tokenId ? await loadV4Books(deps.db, wallet, holding.tokenId) : null;
          const profit = books?.books.profit ?? null;
          return {
            key: `chain:${wallet.chain_id}:${wallet.wallet_address.toLowerCase()}:${holding.key}`,
            chainId: wallet.chain_id,
            wallet: wallet.wallet_address,
            label: holding.label,
            valueNowUsd: profit ? profit.value_now_usd : holding.valueUsd,
            value24hAgoUsd: before.get(holding.key) ?? null,
            profit,
          };
        }),
      );
    }),
  );
  return lists.flat();
};
