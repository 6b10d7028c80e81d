import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { errorBodySchema } from './error-body.ts';
import { type FarmKind, farmKindList } from './farm-kinds.ts';

/**
 * Import wizard wire contract (spec section 4, both variants). The server owns the state machine:
 * the client sends `{name, event, params}` and gets the next state `{name, previous, events, data}`
 * (`events[0]` is the next event to fire) or a wizard error body (its `error` field marks failure).
 * Every call after the first carries `params.import_id`; the import's data lives on the server.
 */

/**
 * The wizard's `variant` on the wire is the farm's kind.
 * @deprecated Use `FarmKind` (issue 32); kept until the server reads the kinds table.
 */
export type WizardVariant = FarmKind;

/** The state shared by both variants before and after the reward-specific steps. */
const commonHead = ['NOT_STARTED', 'STARTED', 'FETCHING_FARM_ABI', 'FETCHING_STAKING_TOKEN'] as const;
const commonPool = [
  'FETCHING_POOL_ABI',
  'FETCHING_POOL_RESERVES',
  'FETCHING_TOKEN0',
  'FETCHING_TOKEN1',
  'SYNCING_TOKEN0',
  'SYNCING_TOKEN1',
  'FETCHING_TOKEN_COINMARKETCAP_DATA',
  'CONFIRMING_TOKEN_COINMARKETCAP_DATA',
  'CREATING_TOKEN_SNAPSHOTS',
  'CREATING_POOL_SNAPSHOT',
  'CREATING_FARM_SNAPSHOT',
] as const;
/** Side states and the end: spelled as the spec spells them. */
export const unresolvableTokenState = 'got unresolvable token';
export const gotStatusState = 'got status';
export const completedState = 'completed';
/** The error marker: never stored; a failed call answers it and the import stays where it was. */
const errorState = 'ERROR';

/** Liquidity-mining states in happy-path order (side states last). */
export const lpWizardStates = [
  ...commonHead,
  'FETCHING_REWARDS_TOKEN',
  'FETCHING_REWARDS_TOKEN_DATA',
  'FETCHING_REWARD_RATE',
  'FETCHING_REWARD_END_DATE',
  ...commonPool,
  'CREATING_POSITION_SNAPSHOTS',
  unresolvableTokenState,
  gotStatusState,
  completedState,
] as const;

/** Dual-mining states: plural reward steps, plus CREATING_REWARD_SNAPSHOTS. */
export const dualWizardStates = [
  ...commonHead,
  'FETCHING_REWARDS_TOKENS',
  'FETCHING_REWARDS_TOKEN_DATA',
  'FETCHING_REWARD_RATES',
  'FETCHING_REWARDS_END_DATE',
  ...commonPool,
  'CREATING_REWARD_SNAPSHOTS',
  'CREATING_POSITION_SNAPSHOTS',
  unresolvableTokenState,
  gotStatusState,
  completedState,
] as const;

type LpWizardState = (typeof lpWizardStates)[number];
type DualWizardState = (typeof dualWizardStates)[number];
export type WizardState = LpWizardState | DualWizardState;
/** Each kind's wizard states. */
export const wizardStatesByKind = {
  lp: lpWizardStates,
  dual: dualWizardStates,
} as const satisfies Record<FarmKind, readonly string[]>;

/**
 * Events. PARSE_URL starts an import from what the user pasted; GET_NEXT_STEP advances every step that
 * needs no input; CONFIRM_TOKEN_COINMARKETCAP_DATA carries the price-data choices; CHECK_TOKEN_STATUS
 * asks whether the unresolvable token was named (over the realtime channel) and moves on if so.
 */
export const wizardEvents = [
  'PARSE_URL',
  'GET_NEXT_STEP',
  'CONFIRM_TOKEN_COINMARKETCAP_DATA',
  'CHECK_TOKEN_STATUS',
] as const;
export type WizardEvent = (typeof wizardEvents)[number];

/** The four token roles a price choice can be made for (reward_a / reward_b: dual mining only). */
export const tokenRoles = ['token0', 'token1', 'reward_a', 'reward_b'] as const;
export type TokenRole = (typeof tokenRoles)[number];

/**
 * Price-data token choice (spec section 3): one CoinMarketCap candidate, with what tells two of one symbol
 * apart (issue 30): its contract on Polygon, its current price, and whether that contract is the token's.
 */
export const priceChoiceSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** Its contract on Polygon as CoinMarketCap lists it; null when it lists none. */
  polygon_address: z.string().nullable().optional(),
  /** Its current USD price on CoinMarketCap; null when it quotes none. */
  price_usd: z.number().nullable().optional(),
  /** Its Polygon contract is the token's own address: the listing of this very token. */
  is_token_contract: z.boolean().optional(),
});
export type PriceChoice = z.infer<typeof priceChoiceSchema>;

/** What the user sends back per token: the chosen candidate's id and slug. */
const priceSelectionSchema = z.strictObject({
  coinmarketcap_id: z.number().int().positive(),
  coinmarketcap_slug: z.string().min(1).max(200),
});
export type PriceSelection = z.infer<typeof priceSelectionSchema>;

/** The longest text PARSE_URL takes: a farm URL is about a hundred characters, a pasted page a lot more. */
export const wizardUrlMaxLength = 2_000;

/**
 * Params. Unknown keys are allowed (the spec's client sends the whole state data back); only these are read.
 * - `import_id`: every call but the first PARSE_URL; NOT_STARTED + any event with an import_id resumes it.
 * - `url`: PARSE_URL, the pasted text (a quickswap farm URL, a polygonscan link or a bare address).
 * - `account_address`: optional, before the chain reads are gathered (PARSE_URL or GET_NEXT_STEP in
 *   STARTED): the wallet whose position snapshot the import writes. Later values are ignored.
 * - `token0`…`reward_b`: CONFIRM_TOKEN_COINMARKETCAP_DATA, one selection per offered token (a token
 *   with no candidates may be left out).
 */
const wizardParamsSchema = z
  .object({
    import_id: z.coerce.number().int().positive().optional(),
    url: z.string().max(wizardUrlMaxLength, `at most ${wizardUrlMaxLength} characters`).optional(),
    account_address: hexAddressSchema.optional(),
    token0: priceSelectionSchema.optional(),
    token1: priceSelectionSchema.optional(),
    reward_a: priceSelectionSchema.optional(),
    reward_b: priceSelectionSchema.optional(),
  })
  .loose();

/** POST /api/quickswap/lp_mining_farm_import_guide/next-state and /api/quickswap/dual-mining/next-state. */
export const wizardNextStateRequestSchema = z.object({
  /** The state the client is in (an import's current state, or 'ERROR' to retry from where it stopped). */
  name: z.string().max(100),
  event: z.enum(wizardEvents),
  params: wizardParamsSchema.default({}),
});
export type WizardNextStateRequest = z.infer<typeof wizardNextStateRequestSchema>;

/**
 * Wizard data. Always: import_id, variant, url, token0_choices, token1_choices (dual: reward_a_choices,
 * reward_b_choices; empty until FETCHING_TOKEN_COINMARKETCAP_DATA). The rest appears from the step
 * that fetched it on (see the server's README in features/import-wizard for which step adds what).
 */
const wizardDataSchema = z
  .object({
    import_id: z.number().int(),
    variant: z.enum(farmKindList),
    url: z.string(),
    token0_choices: z.array(priceChoiceSchema),
    token1_choices: z.array(priceChoiceSchema),
    reward_a_choices: z.array(priceChoiceSchema).optional(),
    reward_b_choices: z.array(priceChoiceSchema).optional(),
    farm_address: z.string().optional(),
    /** The farm URL the farm will be stored with: QuickSwap's page rebuilt from a pasted farm page's addresses. */
    farm_url: z.string().optional(),
    /** 'coinmarketcap' when CMC_API_KEY is set, else 'onchain' (choices stay empty; the user goes on). */
    price_source: z.enum(['coinmarketcap', 'onchain']).optional(),
    /** 'got unresolvable token': the token to name; the UI says 'the token {address} could not be looked up'. */
    address: z.string().optional(),
    /** 'got status': the outcome of the last 'update token'. */
    status: z.enum(['ok', 'error']).optional(),
    message: z.string().optional(),
    /**
     * The pair's symbols once known (from the farm index at STARTED, from the chain reads after), so every
     * step names its farm; completed: the UI says 'import {symbol0}-{symbol1} completed!'.
     */
    symbol0: z.string().optional(),
    symbol1: z.string().optional(),
  })
  .loose();
export type WizardData = z.infer<typeof wizardDataSchema>;

/** The guided-flow state (spec section 3). `previous` is null when nothing came before (resume of a new import). */
export const wizardStateResponseSchema = z.object({
  name: z.string(),
  previous: z.string().nullable(),
  events: z.array(z.enum(wizardEvents)),
  data: wizardDataSchema,
});
export type WizardStateResponse = z.infer<typeof wizardStateResponseSchema>;

/**
 * The user's import that is still open, named so a person can tell which farm it is: PARSE_URL is refused
 * (409) while one is open, one import at a time per user.
 */
const openImportSchema = z.object({
  import_id: z.number().int(),
  variant: z.enum(farmKindList),
  state: z.string(),
  farm_address: z.string(),
  url: z.string(),
  symbol0: z.string().optional(),
  symbol1: z.string().optional(),
});
export type OpenImport = z.infer<typeof openImportSchema>;

/**
 * A failed step: the standard error body plus the error marker, the state the import stays in
 * (`previous`: re-send `events[0]` from there to retry) and data such as `suggested_variant` (a farm of
 * the other kind was pasted) or `farm_address` (the farm is already imported: link to it).
 */
export const wizardErrorBodySchema = errorBodySchema.extend({
  name: z.literal(errorState),
  previous: z.string(),
  events: z.array(z.enum(wizardEvents)),
  data: z
    .object({
      import_id: z.number().int().optional(),
      suggested_variant: z.enum(farmKindList).optional(),
      farm_address: z.string().optional(),
      address: z.string().optional(),
      /** PARSE_URL while another import of the user is open: that import (continue it or cancel it). */
      open_import: openImportSchema.optional(),
    })
    .loose(),
});
export type WizardErrorBody = z.infer<typeof wizardErrorBodySchema>;

/** GET /api/quickswap/imports/:id -> the import's current state (a reload resumes from it). */
export const importIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });

/** DELETE /api/quickswap/imports/:id -> the import is gone (a completed import cannot be cancelled: 409). */
export const importCancelledSchema = z.object({
  import_id: z.number().int(),
  farm_address: z.string(),
  message: z.string(),
});
export type ImportCancelled = z.infer<typeof importCancelledSchema>;

/** Texts the UI shows, spelled once. */
export const wizardTexts = {
  unresolvableToken: (address: string) => `the token ${address} could not be looked up`,
  completed: (symbol0: string, symbol1: string) => `import ${symbol0}-${symbol1} completed!`,
  /** How an import names its farm: 'WMATIC-USDC farm 0x…', or 'farm 0x…' before its pair is known. */
  farmLabel: (farmAddress: string, symbol0?: string, symbol1?: string) =>
    symbol0 && symbol1 ? `${symbol0}-${symbol1} farm ${farmAddress}` : `farm ${farmAddress}`,
} as const;
