import {
  AppError,
  type GotStatus,
  type UpdateToken,
  type WizardNextStateRequest,
  type WizardStateResponse,
  type WizardVariant,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import { type ClassifyOptions, classifyInput } from '../../core/chain/classify.ts';
import type { ChainClient } from '../../core/chain/client.ts';
import { canonicalFarmPageUrl, parsePaste } from '../../core/chain/quickswap-urls.ts';
import type { Database } from '../../core/db/index.ts';
import type { FarmImportRow } from '../../core/db/tables/farm-imports.ts';
import { findFarmByAddress, isVerifiedWallet } from '../../core/farms/repository.ts';
import type { CoinMarketCapClient } from '../../core/prices/coinmarketcap-source.ts';
import type { SnapshotPipeline } from '../../core/snapshots/index.ts';
import { completeImport, fetchCandidates, gatherReads, revalueWithSelections } from './effects.ts';
import { cancelOpenImport, findNamedOpenImport, openImportConflict } from './one-at-a-time.ts';
import { presentData } from './present.ts';
import {
  createImport,
  findImport,
  findIndexedSymbols,
  findOpenImports,
  findVerifiedWallets,
  updateImportData,
  updateImportState,
} from './repository.ts';
import {
  allowedEvents,
  nextState,
  type ParseOutcome,
  type TransitionContext,
  validateChoices,
} from './state-machine.ts';
import {
  choiceRoles,
  decodeImport,
  encodeImport,
  findUnresolvedTokens,
  needsName,
  type StoredImport,
} from './stored-import.ts';
import { WizardError } from './wizard-error.ts';

export type ImportWizardDeps = {
  db: Kysely<Database>;
  chainId: number;
  /** Absent: every step that reads the chain answers CHAIN_UNAVAILABLE. */
  chain?: ChainClient | undefined;
  writer?: SnapshotPipeline | undefined;
  /** Present when CMC_API_KEY is set; without it prices come from on-chain pairs only. */
  coinmarketcap?: CoinMarketCapClient | undefined;
  /** QuickSwap's pair factory and farm factories (config): a pair is resolved to its farms through them. */
  classifyOptions: ClassifyOptions;
  now?: () => Date;
};

const selectionsOf = ({ params }: WizardNextStateRequest) => ({
  token0: params.token0,
  token1: params.token1,
  reward_a: params.reward_a,
  reward_b: params.reward_b,
});

const notConfigured = () =>
  new AppError('CHAIN_UNAVAILABLE', 'no blockchain node is configured for imports (POLYGON_RPC_URL)');

/** The import wizard: the pure transition function wrapped with its effects and the import row. */
export function createImportWizardService(deps: ImportWizardDeps) {
  const now = deps.now ?? (() => new Date());

  function respond(
    row: Pick<FarmImportRow, 'id' | 'variant' | 'state' | 'previous_state'>,
    stored: StoredImport,
  ) {
    const variant = row.variant as WizardVariant;
    return {
      name: row.state,
      previous: row.previous_state,
      events: allowedEvents(variant, row.state),
      data: presentData(row.id, variant, row.state, stored),
    } satisfies WizardStateResponse;
  }

  async function accountsFor(userId: number, account: string | undefined): Promise<string[]> {
    if (!account) return findVerifiedWallets(deps.db, userId, deps.chainId);
    if (!(await isVerifiedWallet(deps.db, userId, account, deps.chainId))) {
      throw new AppError('FORBIDDEN', `account_address ${account} is not one of your verified wallets`);
    }
    return [getAddress(account)];
  }

  async function parseUrl(
    url: string | undefined,
    variant: WizardVariant,
  ): Promise<{ parse: ParseOutcome; kind?: WizardVariant }> {
    const paste = parsePaste(url ?? '');
    if (paste.shape === 'none') return { parse: { kind: 'no-address' } };
    // Pages that can never name a farm are refused before any read, with what to paste instead.
    if (paste.shape === 'refused') return { parse: { kind: 'not-a-farm', message: paste.message } };
    if (!deps.chain) throw notConfigured();
    const { farm, message } = await classifyInput(deps.chain, url ?? '', {
      ...deps.classifyOptions,
      preferKind: variant,
    });
    if (!farm)
      return { parse: { kind: 'not-a-farm', message: message ?? 'no farm found in what you pasted' } };
    const isImported = (await findFarmByAddress(deps.db, deps.chainId, farm.address)) !== undefined;
    return {
      parse: { kind: 'farm', variant: farm.kind, address: farm.address, isImported },
      kind: farm.kind,
    };
  }

  /** NOT_STARTED without an import: PARSE_URL classifies the paste and creates the import row. */
  async function start(userId: number, variant: WizardVariant, request: WizardNextStateRequest) {
    const fail = (error: AppError) => WizardError.from(error, 'NOT_STARTED', ['PARSE_URL']);
    try {
      const url = request.params.url?.trim();
      const { parse } =
        request.event === 'PARSE_URL'
          ? await parseUrl(url, variant)
          : { parse: undefined as ParseOutcome | undefined };
      const transition = nextState(variant, 'NOT_STARTED', request.event, { parse });
      if (!transition.isOk) throw WizardError.fromTransition(transition, 'NOT_STARTED', ['PARSE_URL']);
      if (parse?.kind !== 'farm' || !url) throw new AppError('INTERNAL', 'PARSE_URL found no farm');
      const open = await findNamedOpenImport(deps.db, userId);
      if (open) throw openImportConflict(open);
      const accounts = request.params.account_address
        ? await accountsFor(userId, request.params.account_address)
        : [];
      const pageFarm = parsePaste(url);
      const isPageOfFarm = pageFarm.shape === 'farm-page' && pageFarm.farm === parse.address;
      const stored: StoredImport = {
        url,
        farmUrl: isPageOfFarm ? canonicalFarmPageUrl(url) : null,
        indexedSymbols: await findIndexedSymbols(deps.db, deps.chainId, parse.address),
        farmAddress: parse.address,
        kind: variant,
        accounts,
        collected: null,
        priceSource: null,
        choices: {},
        namedTokens: {},
        currentToken: null,
        lastStatus: null,
        selections: {},
      };
      const row = { state: transition.state, previous_state: 'NOT_STARTED', variant };
      const id = await createImport(deps.db, {
        userId,
        variant,
        state: row.state,
        previousState: row.previous_state,
        farmAddress: parse.address,
        data: encodeImport(stored),
        now: now(),
      });
      if (id === null) {
        // Another request of this user started one between the check above and this insert.
        const raced = await findNamedOpenImport(deps.db, userId);
        throw raced
          ? openImportConflict(raced)
          : new AppError('CONFLICT', 'another import was starting: try again');
      }
      return respond({ id, ...row }, stored);
    } catch (error) {
      if (error instanceof WizardError || !(error instanceof AppError)) throw error;
      throw fail(error);
    }
  }

  /** The context the pure function needs for this step, from the stored import and the params. */
  function contextFor(
    row: FarmImportRow,
    stored: StoredImport,
    request: WizardNextStateRequest,
  ): TransitionContext {
    const roles = choiceRoles(stored.kind);
    return {
      unresolvedTokens: findUnresolvedTokens(stored),
      isCurrentTokenNamed: stored.currentToken
        ? stored.namedTokens[stored.currentToken] !== undefined
        : false,
      choiceError:
        row.state === 'CONFIRMING_TOKEN_COINMARKETCAP_DATA'
          ? validateChoices({ offered: stored.choices, chosen: selectionsOf(request), roles })
          : null,
    };
  }

  /** What entering `state` does, returning the import's new data. */
  async function enter(
    userId: number,
    state: string,
    stored: StoredImport,
    request: WizardNextStateRequest,
  ): Promise<StoredImport> {
    switch (state) {
      case 'FETCHING_FARM_ABI': {
        if (!deps.writer) throw notConfigured();
        const given = request.params.account_address;
        const accounts =
          given || stored.accounts.length === 0 ? await accountsFor(userId, given) : stored.accounts;
        const collected = await gatherReads(
          deps.writer,
          stored,
          accounts,
          !given && stored.accounts.length === 0,
        );
        return { ...stored, accounts, collected };
      }
      case 'FETCHING_TOKEN_COINMARKETCAP_DATA':
        return fetchCandidates(deps.coinmarketcap, stored);
      case 'got unresolvable token':
        return { ...stored, currentToken: findUnresolvedTokens(stored)[0] ?? null };
      case 'CREATING_TOKEN_SNAPSHOTS':
        return confirmChoices(stored, request);
      default:
        return stored;
    }
  }

  async function confirmChoices(
    stored: StoredImport,
    request: WizardNextStateRequest,
  ): Promise<StoredImport> {
    const selections = Object.fromEntries(
      choiceRoles(stored.kind).flatMap((role) =>
        request.params[role] ? [[role, request.params[role]]] : [],
      ),
    );
    return revalueWithSelections(deps.coinmarketcap, { ...stored, selections });
  }

  async function advance(userId: number, variant: WizardVariant, request: WizardNextStateRequest) {
    const id = request.params.import_id;
    if (id === undefined) return start(userId, variant, request);
    const row = await findImport(deps.db, userId, id);
    if (!row || row.variant !== variant) throw new AppError('NOT_FOUND', `import ${id} not found`);
    const stored = decodeImport(row.data);
    // NOT_STARTED with an import id is a resume (a reload): answer the import's current state.
    if (request.name === 'NOT_STARTED') return respond(row, stored);
    const events = allowedEvents(variant, row.state);
    const data = { import_id: row.id };
    if (request.name !== row.state && request.name !== 'ERROR') {
      throw WizardError.from(
        new AppError('CONFLICT', `the import is at the step ${row.state}, not ${request.name}: reload it`),
        row.state,
        events,
        data,
      );
    }
    try {
      const transition = nextState(variant, row.state, request.event, contextFor(row, stored, request));
      if (!transition.isOk) throw WizardError.fromTransition(transition, row.state, events, data);
      const nextStored = await enter(userId, transition.state, stored, request);
      const update = {
        id: row.id,
        fromState: row.state,
        state: transition.state,
        previousState: row.state,
        data: encodeImport(nextStored),
        now: now(),
        ...(transition.state === 'FETCHING_FARM_ABI' && nextStored.collected
          ? { pinnedBlock: nextStored.collected.blockNumber.toString() }
          : {}),
      };
      const isMoved =
        transition.state === 'completed'
          ? await completeImport(deps, userId, nextStored, update)
          : await updateImportState(deps.db, update);
      if (!isMoved) {
        throw new AppError('CONFLICT', 'this import moved on in another window: reload it to continue');
      }
      return respond({ id: row.id, variant, state: transition.state, previous_state: row.state }, nextStored);
    } catch (error) {
      if (error instanceof WizardError || !(error instanceof AppError)) throw error;
      throw WizardError.from(error, row.state, events, data);
    }
  }

  /** Cancels an open import of the user: it is gone, and another can start. */
  const cancelImport = (userId: number, id: number) => cancelOpenImport(deps.db, userId, id);

  async function getImport(userId: number, id: number) {
    const row = await findImport(deps.db, userId, id);
    if (!row) throw new AppError('NOT_FOUND', `import ${id} not found`);
    return respond(row, decodeImport(row.data));
  }

  /**
   * The realtime channel's 'update token': names a token that one of the user's open imports could not
   * look up (the import given, else every open import that has this token). Never throws: answers
   * 'got status'. Any other token is refused: its name would overwrite the on-chain one at completion.
   */
  async function updateToken(userId: number, input: UpdateToken): Promise<GotStatus> {
    const key = input.address.toLowerCase();
    const rows = (await findOpenImports(deps.db, userId)).filter(
      (row) => input.import_id === undefined || row.id === input.import_id,
    );
    let found = 0;
    let updated = 0;
    for (const row of rows) {
      const stored = decodeImport(row.data);
      const hasToken = stored.collected?.tokens.some((t) => t.address.toLowerCase() === key);
      if (!hasToken) continue;
      found++;
      if (!needsName(stored, key)) continue;
      const message = `token ${input.symbol} (${input.name}) saved`;
      const next: StoredImport = {
        ...stored,
        namedTokens: { ...stored.namedTokens, [key]: { name: input.name, symbol: input.symbol } },
        lastStatus: { status: 'ok', message },
      };
      if (await updateImportData(deps.db, row.id, row.state, encodeImport(next), now())) updated++;
    }
    if (found === 0) {
      return {
        status: 'error',
        message: `the token ${input.address} is not part of any of your open imports`,
      };
    }
    if (updated === 0) return { status: 'error', message: 'this token does not need a name' };
    return { status: 'ok', message: `token ${input.symbol} (${input.name}) saved` };
  }

  return { advance, getImport, cancelImport, updateToken };
}

export type ImportWizardService = ReturnType<typeof createImportWizardService>;
