import {
  type AppError,
  completedState,
  type TokenRole,
  unresolvableTokenState,
  type WizardVariant,
  wizardTexts,
} from '@tidewatch/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { importFarmParam, paths } from '../../../app/paths.ts';
import { Button, ErrorBanner } from '../../../components/index.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { readWizardFailure } from '../api/next-state.ts';
import { useImportWizard, type ImportWizard as Wizard } from '../hooks/use-import-wizard.ts';
import { PriceConfirmation } from './price-confirmation.tsx';
import { StepsList } from './steps-list.tsx';
import { UnresolvableToken } from './unresolvable-token.tsx';
import { UrlStep } from './url-step.tsx';

const rolesByVariant = {
  lp: ['token0', 'token1'],
  dual: ['token0', 'token1', 'reward_a', 'reward_b'],
} as const satisfies Record<WizardVariant, readonly TokenRole[]>;

const variantInfo = {
  lp: {
    label: 'liquidity-mining',
    toolHref: paths.lpMining.getHref(),
    details: paths.lpMiningDetails.getHref,
    urlExample: 'https://quickswap.exchange/#/quick/…',
  },
  dual: {
    label: 'dual-mining',
    toolHref: paths.dualMining.getHref(),
    details: paths.dualMiningDetails.getHref,
    urlExample: 'https://quickswap.exchange/#/dual/…',
  },
} as const;

/** Spec screen 9: the import wizard of either variant. A visitor is asked to log in first. */
export function ImportWizard({ variant }: { variant: WizardVariant }) {
  const token = useSessionToken();
  if (!token) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <Link
          to={paths.login.getHref()}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          log in to import a farm
        </Link>
      </p>
    );
  }
  // Keyed: each variant has its own open import, never the other's state.
  return <WizardPanel key={variant} variant={variant} />;
}

function WizardPanel({ variant }: { variant: WizardVariant }) {
  const wizard = useImportWizard(variant);
  // Re-arms the URL field after a refused URL, so the user can paste another one; the refusal, which was
  // about the last URL, goes with it.
  const [urlAttempt, setUrlAttempt] = useState(0);
  const { state } = wizard;
  // A new step replaces the control that had focus ('continue import', 'confirm price data'): focus would
  // fall back to the top of the page. It goes to the step line instead, so Tab goes on into the new step.
  const stepRef = useRef<HTMLParagraphElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step's name is the trigger, not an input
  useEffect(() => {
    if (document.activeElement === document.body) stepRef.current?.focus();
  }, [state.name]);
  return (
    <section
      aria-label={`${variantInfo[variant].label} import wizard`}
      className="grid gap-4 md:grid-cols-[1fr_16rem]"
    >
      <div className="space-y-3">
        {state.name !== 'NOT_STARTED' ? (
          <p ref={stepRef} tabIndex={-1} className="text-sm">
            step: <span className="font-mono font-semibold">{state.name}</span>
          </p>
        ) : null}
        {wizard.error ? <WizardErrorBox error={wizard.error} variant={variant} /> : null}
        <StepBody
          wizard={wizard}
          variant={variant}
          urlAttempt={urlAttempt}
          onRearm={() => {
            wizard.reset();
            setUrlAttempt((n) => n + 1);
          }}
        />
        <label className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          <input
            type="checkbox"
            checked={wizard.isAutoAdvance}
            onChange={(event) => wizard.setIsAutoAdvance(event.target.checked)}
          />
          advance automatically through steps that need no input
        </label>
      </div>
      <StepsList variant={variant} current={state.name} />
    </section>
  );
}

function StepBody({
  wizard,
  variant,
  urlAttempt,
  onRearm,
}: {
  wizard: Wizard;
  variant: WizardVariant;
  urlAttempt: number;
  onRearm: () => void;
}) {
  const { state } = wizard;
  const data = state.data;
  const importId = typeof data.import_id === 'number' ? data.import_id : undefined;
  // One-click import from the farm index: `?import=0x…` fills the URL field and sends it; the parameter
  // goes once the wizard has moved on, so a reload does not import again.
  const [search, setSearch] = useSearchParams();
  const requestedImport = search.get(importFarmParam) ?? undefined;
  useEffect(() => {
    if (requestedImport && state.name !== 'NOT_STARTED') setSearch({}, { replace: true });
  }, [requestedImport, state.name, setSearch]);
  if (wizard.isResuming) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        resuming import…
      </p>
    );
  }
  if (state.name === 'NOT_STARTED') {
    return (
      <div className="space-y-2">
        <UrlStep
          key={`${urlAttempt}:${requestedImport ?? ''}`}
          isDisabled={wizard.isSending}
          initialUrl={requestedImport}
          placeholder={variantInfo[variant].urlExample}
          onUrl={(url) => wizard.send('PARSE_URL', { url })}
        />
        {wizard.error ? (
          <Button size="sm" variant="secondary" onClick={onRearm}>
            try another URL
          </Button>
        ) : null}
      </div>
    );
  }
  if (state.name === 'STARTED') {
    if (wizard.error) {
      return (
        <Button onClick={wizard.continueImport} isLoading={wizard.isSending}>
          continue
        </Button>
      );
    }
    return <SingleShotButton label="continue import" onClick={() => wizard.send('GET_NEXT_STEP')} />;
  }
  if (state.name === completedState) {
    const farmAddress = typeof data.farm_address === 'string' ? data.farm_address : undefined;
    return (
      <div className="space-y-2">
        <p role="status" className="text-base font-semibold text-emerald-800 dark:text-emerald-200">
          {wizardTexts.completed(String(data.symbol0 ?? ''), String(data.symbol1 ?? ''))}
        </p>
        <ul className="flex flex-wrap gap-4 text-sm">
          {farmAddress ? (
            <li>
              <Link
                to={variantInfo[variant].details(farmAddress)}
                className="text-sky-700 hover:underline dark:text-sky-300"
              >
                view the farm
              </Link>
            </li>
          ) : null}
          <li>
            <Button size="sm" variant="secondary" onClick={wizard.reset}>
              import another farm
            </Button>
          </li>
        </ul>
      </div>
    );
  }
  if (state.name === 'CONFIRMING_TOKEN_COINMARKETCAP_DATA') {
    return (
      <PriceConfirmation
        data={data}
        roles={rolesByVariant[variant]}
        isSending={wizard.isSending}
        onConfirm={(selections) => wizard.send('CONFIRM_TOKEN_COINMARKETCAP_DATA', selections)}
      />
    );
  }
  if (state.name === unresolvableTokenState && typeof data.address === 'string') {
    return (
      <UnresolvableToken
        key={data.address}
        address={data.address}
        importId={importId}
        onNamed={() => wizard.send('CHECK_TOKEN_STATUS')}
      />
    );
  }
  return (
    <div className="space-y-2 text-sm">
      {typeof data.message === 'string' ? (
        <p className="text-slate-700 dark:text-slate-300">{data.message}</p>
      ) : null}
      <p className="text-slate-600 dark:text-slate-400">
        next: <span className="font-mono">{state.events[0] ?? 'nothing'}</span>
      </p>
      <Button
        onClick={wizard.continueImport}
        isLoading={wizard.isSending}
        disabled={state.events.length === 0}
      >
        continue
      </Button>
    </div>
  );
}

/** A button that fires once (spec: continue buttons in the start states are single-shot). */
function SingleShotButton({ label, onClick }: { label: string; onClick: () => void }) {
  const [hasFired, setHasFired] = useState(false);
  return (
    <Button
      disabled={hasFired}
      onClick={() => {
        if (hasFired) return;
        setHasFired(true);
        onClick();
      }}
    >
      {label}
    </Button>
  );
}

function WizardErrorBox({ error, variant }: { error: AppError; variant: WizardVariant }) {
  const data = readWizardFailure(error)?.data;
  const suggested = data?.suggested_variant;
  const farmAddress = data?.farm_address;
  const lines: ReactNode[] = [error.message];
  if (suggested && suggested !== variant) {
    lines.push(
      <Link key="other" to={variantInfo[suggested].toolHref} className="font-medium underline">
        open the {variantInfo[suggested].label} import wizard
      </Link>,
    );
  } else if (farmAddress && error.code === 'CONFLICT') {
    lines.push(
      <Link key="existing" to={variantInfo[variant].details(farmAddress)} className="font-medium underline">
        view the imported farm
      </Link>,
    );
  }
  return <ErrorBanner messages={lines} />;
}
