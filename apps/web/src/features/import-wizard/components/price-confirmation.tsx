import type { PriceChoice, TokenRole } from '@tidewatch/shared';
import { useState } from 'react';
import { Button, InfoBanner } from '../../../components/index.ts';

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

/** A token's symbol when the step's data carries it (e.g. data.token0.symbol). */
function symbolOf(data: Record<string, unknown>, role: TokenRole): string | undefined {
  const token = data[role];
  if (token && typeof token === 'object' && 'symbol' in token && typeof token.symbol === 'string') {
    return token.symbol;
  }
  return undefined;
}

/**
 * CONFIRMING_TOKEN_COINMARKETCAP_DATA: one picker per token (token0, token1; dual adds reward A and B); the
 * confirm sends {coinmarketcap_id, coinmarketcap_slug} per token. Without CoinMarketCap the prices come
 * from on-chain pairs and the user just goes on.
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
  const isComplete = offered.every((role) => chosen[role] !== undefined);
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
        const symbol = symbolOf(data, role);
        const legend = symbol ? `${roleLabels[role]} (${symbol})` : roleLabels[role];
        return (
          <fieldset key={role} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
            {choices.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                no candidates: the on-chain price is used
              </p>
            ) : (
              <ul className="space-y-1">
                {choices.map((choice) => (
                  <li key={choice.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name={`price-${role}`}
                        checked={chosen[role] === choice.id}
                        onChange={() => setChosen((current) => ({ ...current, [role]: choice.id }))}
                      />
                      <span>
                        {choice.name} ({choice.symbol}) · {choice.slug} · id {choice.id}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        );
      })}
      <Button onClick={confirm} disabled={!isComplete} isLoading={isSending}>
        confirm price data
      </Button>
    </div>
  );
}
