import type { PriceChoice, TokenRole } from '@tidewatch/shared';
import { useState } from 'react';
import { Button, InfoBanner } from '../../../components/index.ts';
import { PriceCandidateText } from '../../../components/price-candidate.tsx';
import { formatUsd } from '../../../lib/format.ts';

const roleLabels = {
  token0: 'token0',
  token1: 'token1',
  reward_a: 'reward A',
  reward_b: 'reward B',
} as const;

export type PriceSelections = Partial<
  Record<TokenRole, { coinmarketcap_id: number; coinmarketcap_slug: string }>
>;

function choicesOf(data: Record<string, unknown>, role: TokenRole): PriceChoice[] {
  const value = data[`${role}_choices`];
  return Array.isArray(value) ? (value as PriceChoice[]) : [];
}

/** The token of a role as the step's data carries it (token0_data, token1_data; rewards in reward_tokens). */
function tokenOf(
  data: Record<string, unknown>,
  role: TokenRole,
): { symbol?: string; price_usd?: number | null } | undefined {
  const direct = data[`${role}_data`] ?? data[role];
  if (direct && typeof direct === 'object') return direct as { symbol?: string; price_usd?: number | null };
  const rewards = Array.isArray(data.reward_tokens) ? data.reward_tokens : [];
  const index = role === 'reward_a' ? 0 : role === 'reward_b' ? 1 : -1;
  return index >= 0
    ? (rewards[index] as { symbol?: string; price_usd?: number | null } | undefined)
    : undefined;
}

/**
 * CONFIRMING_TOKEN_COINMARKETCAP_DATA: one picker per token (token0, token1; dual adds reward A and B),
 * the on-chain price first and chosen by default, then each CoinMarketCap listing with its Polygon contract,
 * its price and a mark on the token's own listing (issue 30); the confirm sends {coinmarketcap_id,
 * coinmarketcap_slug} for each token whose listing was picked. Without CoinMarketCap the user just goes on.
 */
export function PriceConfirmation({
  data,
  roles,
  isSending,
  onConfirm,
}: {
  data: Record<string, unknown>;
  roles: readonly TokenRole[];
  isSending: boolean;
  onConfirm: (selections: PriceSelections) => void;
}) {
  const [chosen, setChosen] = useState<Partial<Record<TokenRole, number>>>({});
  const offered = roles.filter((role) => choicesOf(data, role).length > 0);
  if (data.price_source === 'onchain' || offered.length === 0) {
    return (
      <div className="space-y-2">
        <InfoBanner messages="prices come from on-chain pairs (no CoinMarketCap key is configured)" />
        <Button onClick={() => onConfirm({})} isLoading={isSending}>
          continue
        </Button>
      </div>
    );
  }
  function confirm() {
    const selections: PriceSelections = {};
    for (const role of offered) {
      const choice = choicesOf(data, role).find((candidate) => candidate.id === chosen[role]);
      if (choice) selections[role] = { coinmarketcap_id: choice.id, coinmarketcap_slug: choice.slug };
    }
    onConfirm(selections);
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">choose the price data for each token</p>
      {roles.map((role) => {
        const choices = choicesOf(data, role);
        const token = tokenOf(data, role);
        const legend = token?.symbol ? `${roleLabels[role]} (${token.symbol})` : roleLabels[role];
        const onchain = `on-chain price: ${formatUsd(token?.price_usd ?? null)}`;
        return (
          <fieldset key={role} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
            {choices.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                no candidates: the {onchain} is used
              </p>
            ) : (
              <ul className="space-y-1">
                <li>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`price-${role}`}
                      checked={chosen[role] === undefined}
                      onChange={() => setChosen(({ [role]: _dropped, ...rest }) => rest)}
                    />
                    <span>{onchain} (from QuickSwap pairs, the same at every past block)</span>
                  </label>
                </li>
                {choices.map((choice) => (
                  <li key={choice.id}>
                    <label className="flex flex-wrap items-center gap-x-2 text-sm">
                      <input
                        type="radio"
                        name={`price-${role}`}
                        checked={chosen[role] === choice.id}
                        onChange={() => setChosen((current) => ({ ...current, [role]: choice.id }))}
                      />
                      <PriceCandidateText choice={choice} />
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        );
      })}
      <Button onClick={confirm} isLoading={isSending}>
        confirm price data
      </Button>
    </div>
  );
}
