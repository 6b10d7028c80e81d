import {
  completedState,
  farmKinds,
  gotStatusState,
  unresolvableTokenState,
  type WizardEvent,
  type WizardState,
  type WizardVariant,
  wizardStatesByKind,
} from '@tidewatch/shared';

/**
 * The import wizard's next step, decided by one pure function for both variants (Uniswap's flowSteps
 * model). Effects (chain reads, price look-ups, writes) happen in service.ts around it; what they found
 * comes in as `context`, so every edge is testable without a chain or a database.
 */

/** The happy path per variant, without the side states (unresolvable token, status, completed). */
const happyPath = {
  lp: wizardStatesByKind.lp.filter((s) => s !== unresolvableTokenState && s !== gotStatusState),
  dual: wizardStatesByKind.dual.filter((s) => s !== unresolvableTokenState && s !== gotStatusState),
} as const satisfies Record<WizardVariant, readonly WizardState[]>;

/** The steps a user acts in; every other state before 'completed' advances with GET_NEXT_STEP. */
const inputEvents: Partial<Record<WizardState, WizardEvent>> = {
  NOT_STARTED: 'PARSE_URL',
  CONFIRMING_TOKEN_COINMARKETCAP_DATA: 'CONFIRM_TOKEN_COINMARKETCAP_DATA',
  [unresolvableTokenState]: 'CHECK_TOKEN_STATUS',
};

/** What PARSE_URL found in the pasted text (service.ts asks the classifier and the farms table). */
export type ParseOutcome =
  | { kind: 'no-address' }
  | { kind: 'not-a-farm'; message: string }
  | { kind: 'farm'; variant: WizardVariant; address: string; isImported: boolean };

export type TransitionContext = {
  /** PARSE_URL only. */
  parse?: ParseOutcome;
  /** Tokens (addresses) that no source could name or price and the user has not named yet. */
  unresolvedTokens?: readonly string[];
  /** CHECK_TOKEN_STATUS: whether the token the wizard asked about has been named. */
  isCurrentTokenNamed?: boolean;
  /** CONFIRM_TOKEN_COINMARKETCAP_DATA: why the choices are not acceptable (see validateChoices), if so. */
  choiceError?: string | null;
};

export type TransitionError = {
  isOk: false;
  code: 'CONFLICT' | 'VALIDATION_FAILED';
  message: string;
  data?: { suggested_variant?: WizardVariant; farm_address?: string };
};
export type Transition = { isOk: true; state: WizardState } | TransitionError;

/** True when `state` is one of the variant's states (e.g. FETCHING_REWARD_RATE is not a dual state). */
function isStateOf(variant: WizardVariant, state: string): state is WizardState {
  return (wizardStatesByKind[variant] as readonly string[]).includes(state);
}

/** The events allowed in a state, the next one first; none once completed (or for an unknown state). */
export function allowedEvents(variant: WizardVariant, state: string): WizardEvent[] {
  if (!isStateOf(variant, state) || state === completedState) return [];
  return [inputEvents[state] ?? 'GET_NEXT_STEP'];
}

function afterPriceLookup(context: TransitionContext): WizardState {
  return (context.unresolvedTokens?.length ?? 0) > 0
    ? unresolvableTokenState
    : 'CONFIRMING_TOKEN_COINMARKETCAP_DATA';
}

function parseTransition(variant: WizardVariant, parse: ParseOutcome | undefined): Transition {
  if (!parse || parse.kind === 'no-address') {
    return { isOk: false, code: 'VALIDATION_FAILED', message: 'no address found in what you pasted' };
  }
  if (parse.kind === 'not-a-farm') return { isOk: false, code: 'VALIDATION_FAILED', message: parse.message };
  if (parse.variant !== variant) {
    return {
      isOk: false,
      code: 'VALIDATION_FAILED',
      message: `this is a ${farmKinds[parse.variant].name} farm: use the ${farmKinds[parse.variant].name} import`,
      data: { suggested_variant: parse.variant, farm_address: parse.address },
    };
  }
  if (parse.isImported) {
    return {
      isOk: false,
      code: 'CONFLICT',
      message: 'this farm is already imported',
      data: { farm_address: parse.address },
    };
  }
  return { isOk: true, state: 'STARTED' };
}

/**
 * The next state of an import of `variant` in `state` when `event` arrives, given what the effects found.
 * @example nextState('lp', 'SYNCING_TOKEN1', 'GET_NEXT_STEP', {}) // { isOk: true, state: 'FETCHING_TOKEN_COINMARKETCAP_DATA' }
 */
export function nextState(
  variant: WizardVariant,
  state: string,
  event: WizardEvent,
  context: TransitionContext = {},
): Transition {
  if (!isStateOf(variant, state)) {
    return {
      isOk: false,
      code: 'CONFLICT',
      message: `'${state}' is not a step of the ${farmKinds[variant].name} import`,
    };
  }
  const allowed = allowedEvents(variant, state);
  if (!allowed.includes(event)) {
    const hint = allowed.length > 0 ? `: send ${allowed.join(' or ')}` : ': the import is completed';
    return {
      isOk: false,
      code: 'CONFLICT',
      message: `the event ${event} is not allowed in the step ${state}${hint}`,
    };
  }
  switch (state) {
    case 'NOT_STARTED':
      return parseTransition(variant, context.parse);
    case 'FETCHING_TOKEN_COINMARKETCAP_DATA':
    case gotStatusState:
      return { isOk: true, state: afterPriceLookup(context) };
    case unresolvableTokenState:
      return context.isCurrentTokenNamed
        ? { isOk: true, state: gotStatusState }
        : {
            isOk: false,
            code: 'CONFLICT',
            message: 'this token has no name yet: send its name and symbol first',
          };
    case 'CONFIRMING_TOKEN_COINMARKETCAP_DATA':
      return context.choiceError
        ? { isOk: false, code: 'VALIDATION_FAILED', message: context.choiceError }
        : { isOk: true, state: 'CREATING_TOKEN_SNAPSHOTS' };
    default: {
      const path: readonly WizardState[] = happyPath[variant];
      const next = path[path.indexOf(state) + 1];
      return next ? { isOk: true, state: next } : { isOk: false, code: 'CONFLICT', message: 'no next step' };
    }
  }
}

/** The offered candidates per role and what the user chose (spec: coinmarketcap_id + coinmarketcap_slug). */
export type ChoiceCheck = {
  offered: Partial<Record<string, readonly { id: number; slug: string }[]>>;
  chosen: Partial<Record<string, { coinmarketcap_id: number; coinmarketcap_slug: string } | undefined>>;
  roles: readonly string[];
};

/**
 * Why the price-data choices cannot be accepted, or null: each choice must be one of the offered
 * candidates (id and slug), so a client cannot link a token to an arbitrary CoinMarketCap asset. A role
 * left without a choice keeps its on-chain price (decision 021: the price API only where the user chose
 * it); a role without candidates takes no choice.
 */
export function validateChoices({ offered, chosen, roles }: ChoiceCheck): string | null {
  for (const role of roles) {
    const candidates = offered[role] ?? [];
    const choice = chosen[role];
    if (candidates.length === 0) {
      if (choice) return `${role}: no price-data candidates were offered for this token`;
      continue;
    }
    if (!choice) continue;
    const match = candidates.find((c) => c.id === choice.coinmarketcap_id);
    if (!match || match.slug !== choice.coinmarketcap_slug) {
      return `${role}: coinmarketcap_id ${choice.coinmarketcap_id} (${choice.coinmarketcap_slug}) was not among the offered candidates`;
    }
  }
  return null;
}
