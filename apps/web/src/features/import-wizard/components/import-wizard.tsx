import {
  type AppError,
  completedState,
  type TokenRole,
  unresolvableTokenState,
  wizardTexts,
} from '@tidewatch/shared';
import { type FarmKind, farmKinds } from '@tidewatch/shared/farm-kinds';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { importFarmParam, paths } from '../../../app/paths.ts';
import { Button, ErrorBanner, SuccessBanner } from '../../../components/index.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { readWizardFailure } from '../api/next-state.ts';
import { saveOpenImportId } from '../hooks/open-import.ts';
import { useImportWizard, type ImportWizard as Wizard } from '../hooks/use-import-wizard.ts';
import { FarmBeingImported } from './farm-being-imported.tsx';
import { OpenImportChoice } from './open-import-choice.tsx';
import { PriceConfirmation } from './price-confirmation.tsx';
import { StepsList } from './steps-list.tsx';
import { UnresolvableToken } from './unresolvable-token.tsx';
import { UrlStep } from './url-step.tsx';

/** The tokens whose price source each kind's import asks for. */
const rolesByKind = {
  lp: ['token0', 'token1'],
  dual: ['token0', 'token1', 'reward_a', 'reward_b'],
} as const satisfies Record<FarmKind, readonly TokenRole[]>;

/** Spec screen 9: the import wizard of a farm kind. A visitor is asked to log in first. */
export function ImportWizard({ kind }: { kind: FarmKind }) {
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
  // Keyed: each kind has its own open import, never the other's state.
  return <WizardPanel key={kind} kind={kind} />;
}

function WizardPanel({ kind }: { kind: FarmKind }) {
  // One-click import from the farm index: `?import=0x…` asks for a farm. It fills the URL field and is sent
  // when no import is open; with another import open the person chooses first (one import at a time).
  const [search, setSearch] = useSearchParams();
  const requested = search.get(importFarmParam) ?? undefined;
  const wizard = useImportWizard(kind, requested);
  const navigate = useNavigate();
  // Re-arms the URL field after a refused URL, so the user can paste another one; the refusal, which was
  // about the last URL, goes with it.
  const [urlAttempt, setUrlAttempt] = useState(0);
  // The URL last sent: 'start this one' sends it again once the other import is cancelled.
  const [lastUrl, setLastUrl] = useState<string | undefined>(undefined);
  const { state } = wizard;
  const farmAddress = typeof state.data.farm_address === 'string' ? state.data.farm_address : undefined;
  const isOpen = state.name !== 'NOT_STARTED' && state.name !== completedState && !wizard.isResuming;
  const isRequestedHere = requested !== undefined && isSameAddress(farmAddress, requested);
  const dropRequest = useCallback(
    () =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(importFarmParam);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const { reset } = wizard;
  useEffect(() => {
    if (!requested || wizard.isResuming) return;
    // The tab still shows a finished import: the farm asked for starts a new one.
    if (state.name === completedState) reset();
    // The import asked for is under way (or was already open): a reload must not ask again.
    else if (isOpen && isRequestedHere) dropRequest();
  }, [requested, wizard.isResuming, state.name, isOpen, isRequestedHere, reset, dropRequest]);
  // A new step replaces the control that had focus ('continue import', 'confirm price data'): focus would
  // fall back to the top of the page. It goes to the step line instead, so Tab goes on into the new step.
  const stepRef = useRef<HTMLParagraphElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step's name is the trigger, not an input
  useEffect(() => {
    if (document.activeElement === document.body) stepRef.current?.focus();
  }, [state.name]);

  const refusedFor = wizard.error ? readWizardFailure(wizard.error)?.data.open_import : undefined;
  let choice: ReactNode = null;
  if (requested && isOpen && !isRequestedHere && farmAddress && typeof state.data.import_id === 'number') {
    const otherId = state.data.import_id;
    choice = (
      <OpenImportChoice
        other={{
          farm_address: farmAddress,
          state: state.name,
          ...(typeof state.data.symbol0 === 'string' ? { symbol0: state.data.symbol0 } : {}),
          ...(typeof state.data.symbol1 === 'string' ? { symbol1: state.data.symbol1 } : {}),
        }}
        requested={requested}
        isBusy={wizard.isSending}
        onContinueOther={dropRequest}
        onStartThis={() => wizard.startInstead(requested, otherId)}
      />
    );
  } else if (refusedFor && (lastUrl ?? requested)) {
    const url = (lastUrl ?? requested)!;
    choice = (
      <OpenImportChoice
        other={refusedFor}
        requested={url}
        isBusy={wizard.isSending}
        onContinueOther={() => {
          dropRequest();
          if (refusedFor.variant === kind) {
            wizard.openImport(refusedFor.import_id);
            return;
          }
          // The other wizard resumes it, as after a reload.
          saveOpenImportId(refusedFor.variant, refusedFor.import_id);
          navigate(paths.farmTool.getHref(refusedFor.variant));
        }}
        onStartThis={() => wizard.startInstead(url, refusedFor.import_id)}
      />
    );
  }
  return (
    <section
      aria-label={`${farmKinds[kind].name} import wizard`}
      className="grid gap-4 md:grid-cols-[1fr_16rem]"
    >
      <div className="space-y-3">
        {state.name !== 'NOT_STARTED' ? (
          <p ref={stepRef} tabIndex={-1} className="text-sm">
            step: <span className="font-mono font-semibold">{state.name}</span>
          </p>
        ) : null}
        {wizard.error && !refusedFor ? <WizardErrorBox error={wizard.error} kind={kind} /> : null}
        {wizard.notice ? <SuccessBanner messages={wizard.notice} /> : null}
        {isOpen && !choice ? <FarmBeingImported data={state.data} /> : null}
        {choice ?? (
          <StepBody
            wizard={wizard}
            kind={kind}
            urlAttempt={urlAttempt}
            requested={requested}
            onUrl={(url) => {
              setLastUrl(url);
              wizard.send('PARSE_URL', { url });
            }}
            onRearm={() => {
              wizard.reset();
              setUrlAttempt((n) => n + 1);
            }}
          />
        )}
        {isOpen && !choice ? (
          <Button size="sm" variant="secondary" onClick={wizard.cancel} disabled={wizard.isSending}>
            cancel import
          </Button>
        ) : null}
        <label className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          <input
            type="checkbox"
            checked={wizard.isAutoAdvance}
            onChange={(event) => wizard.setIsAutoAdvance(event.target.checked)}
          />
          advance automatically through steps that need no input
        </label>
      </div>
      <StepsList kind={kind} current={state.name} />
    </section>
  );
}

function StepBody({
  wizard,
  kind,
  urlAttempt,
  requested,
  onUrl,
  onRearm,
}: {
  wizard: Wizard;
  kind: FarmKind;
  urlAttempt: number;
  /** The farm asked for from the farm index: the URL field starts with it and sends it. */
  requested: string | undefined;
  onUrl: (url: string) => void;
  onRearm: () => void;
}) {
  const { state } = wizard;
  const data = state.data;
  const importId = typeof data.import_id === 'number' ? data.import_id : undefined;
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
          key={`${urlAttempt}:${requested ?? ''}`}
          isDisabled={wizard.isSending}
          isRefused={wizard.error !== null}
          initialUrl={requested}
          placeholder={farmKinds[kind].importUrlExample}
          onUrl={onUrl}
          onEdit={wizard.clearError}
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
                to={paths.farmDetails.getHref(kind, farmAddress)}
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
        roles={rolesByKind[kind]}
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

function WizardErrorBox({ error, kind }: { error: AppError; kind: FarmKind }) {
  const data = readWizardFailure(error)?.data;
  const suggested = data?.suggested_variant;
  const farmAddress = data?.farm_address;
  const lines: ReactNode[] = [error.message];
  if (suggested && suggested !== kind) {
    lines.push(
      <Link key="other" to={paths.farmTool.getHref(suggested)} className="font-medium underline">
        open the {farmKinds[suggested].name} import wizard
      </Link>,
    );
  } else if (farmAddress && error.code === 'CONFLICT') {
    lines.push(
      <Link
        key="existing"
        to={paths.farmDetails.getHref(kind, farmAddress)}
        className="font-medium underline"
      >
        view the imported farm
      </Link>,
    );
  }
  return <ErrorBanner messages={lines} />;
}
