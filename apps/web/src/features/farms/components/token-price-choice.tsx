import type { FarmTokenPrice } from '@tidewatch/shared';
import { useState } from 'react';
import { Button, ConfirmDialog, InlineError, SuccessBanner } from '../../../components/index.ts';
import { PriceCandidateText } from '../../../components/price-candidate.tsx';
import { formatUsd } from '../../../lib/format.ts';
import { useRequestPriceChoice } from '../api/request-price-choice.ts';
import { useSetPriceChoice } from '../api/set-price-choice.ts';
import {
  changeConsequenceText,
  changeRequestText,
  chosenByText,
  currentSourceText,
  savedText,
} from '../price-source-text.ts';

/** A picked source: the on-chain price, or a CoinMarketCap listing by id. */
type Pick = 'onchain' | number;

const pickOf = (token: FarmTokenPrice): Pick =>
  token.price_source === 'coinmarketcap' && token.coinmarketcap_id !== null
    ? token.coinmarketcap_id
    : 'onchain';

/**
 * One token of a farm's prices panel: the source its figures use now, who chose it, the on-chain price and
 * each CoinMarketCap listing to pick from. The operator saves a pick behind a confirmation saying what happens
 * to history; anyone else may only ask the operator for it (decision 033): a source changes every user's figures.
 */
export function TokenPriceChoice({
  farmAddress,
  token,
  canChange,
}: {
  farmAddress: string;
  token: FarmTokenPrice;
  canChange: boolean;
}) {
  const current = pickOf(token);
  // null: the person has not picked, so the radio follows the saved choice (also after a refetch).
  const [picked, setPicked] = useState<Pick | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const mutation = useSetPriceChoice(farmAddress);
  const request = useRequestPriceChoice(farmAddress);
  const selected = picked ?? current;
  const listing = selected === 'onchain' ? undefined : token.candidates.find((c) => c.id === selected);
  const radioName = `price-source-${token.address}`;

  function pick(next: Pick) {
    setPicked(next);
    setSaved(null);
  }

  function pickedBody() {
    return selected === 'onchain'
      ? { token_address: token.address, price_source: 'onchain' as const }
      : { token_address: token.address, price_source: 'coinmarketcap' as const, coinmarketcap_id: selected };
  }

  function ask() {
    request.mutate(pickedBody(), {
      onSuccess: () => {
        setSaved(`asked: the operator sees your request beside ${token.symbol}'s price source`);
        setPicked(null);
      },
    });
  }

  function save() {
    mutation.mutate(pickedBody(), {
      onSuccess: (answer) => {
        setSaved(savedText(token.symbol, listing, answer.revalued_snapshots));
        setConfirming(false);
        setPicked(null);
      },
    });
  }

  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">{token.symbol}</legend>
      <p className="text-sm text-slate-700 dark:text-slate-300">now: {currentSourceText(token)}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{chosenByText(token)}</p>
      <ul className="space-y-1">
        <li>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={radioName}
              checked={selected === 'onchain'}
              onChange={() => pick('onchain')}
            />
            <span>
              on-chain price: {formatUsd(token.onchain_price_usd)} (QuickSwap pairs, revalues history)
            </span>
          </label>
        </li>
        {token.candidates.map((candidate) => (
          <li key={candidate.id}>
            <label className="flex flex-wrap items-center gap-x-2 text-sm">
              <input
                type="radio"
                name={radioName}
                checked={selected === candidate.id}
                onChange={() => pick(candidate.id)}
              />
              <PriceCandidateText choice={candidate} />
            </label>
          </li>
        ))}
      </ul>
      {token.candidates.length === 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">no CoinMarketCap listings</p>
      ) : null}
      {token.change_requests.length > 0 ? (
        <ul aria-label={`requests for ${token.symbol}`} className="space-y-1 text-xs">
          {token.change_requests.map((r) => (
            <li key={`${r.requested_by}-${r.created_at}`}>{changeRequestText(token, r)}</li>
          ))}
        </ul>
      ) : null}
      {canChange ? (
        <Button size="sm" disabled={selected === current} onClick={() => setConfirming(true)}>
          save
        </Button>
      ) : (
        <Button size="sm" disabled={selected === current || request.isPending} onClick={ask}>
          ask the operator for this source
        </Button>
      )}
      {request.isError ? <InlineError error={request.error} /> : null}
      {saved ? <SuccessBanner messages={saved} /> : null}
      {isConfirming ? (
        <ConfirmDialog
          title={`change ${token.symbol}'s price source?`}
          confirmLabel="change price source"
          onConfirm={save}
          onCancel={() => {
            setConfirming(false);
            mutation.reset();
          }}
          isBusy={mutation.isPending}
          error={mutation.isError ? <InlineError error={mutation.error} /> : null}
        >
          <p>{changeConsequenceText(token.symbol, listing)}</p>
        </ConfirmDialog>
      ) : null}
    </fieldset>
  );
}
