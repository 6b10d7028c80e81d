import type { PortfolioProvider } from '../../portfolio/model.ts';
import { holdingsOf, parseChainHoldings } from './holdings.ts';
import { findTrackedChainWallets, newestChainSnapshot } from './repository.ts';

const dayMs = 86_400_000;

/**
 * The user's tracked wallets on chains beside Polygon: every position the newest snapshot lists (a V4 NFT, V2 LP,
 * a syrup stake), valued as 'Every chain' values it, and the same position in the newest snapshot at or before 24
 * hours ago (null when it was not held then: not a $0). Their profit is unknown: no history of their deposits is
 * read on those chains yet, so the portfolio counts them in `unknown.pnl`, never as 0.
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
      return holdingsOf(parseChainHoldings(wallet.newest.holdings)).map((holding) => ({
        key: `chain:${wallet.chain_id}:${wallet.wallet_address.toLowerCase()}:${holding.key}`,
        chainId: wallet.chain_id,
        wallet: wallet.wallet_address,
        label: holding.label,
        valueNowUsd: holding.valueUsd,
        value24hAgoUsd: before.get(holding.key) ?? null,
        profit: null,
      }));
    }),
  );
  return lists.flat();
};
