import { AppError, type WizardNextStateRequest, type WizardVariant } from '@tidewatch/shared';
import type { FarmImportRow } from '../../core/db/tables/farm-imports.ts';
import { accountsFor, type ImportWizardContext, notConfigured, respond } from './context.ts';
import { completeImport, fetchCandidates, gatherReads, revalueWithSelections } from './effects.ts';
import { findImport, updateImportState } from './repository.ts';
import { startImport } from './start-import.ts';
import { allowedEvents, nextState, type TransitionContext, validateChoices } from './state-machine.ts';
import {
  choiceRoles,
  decodeImport,
  encodeImport,
  findUnresolvedTokens,
  type StoredImport,
} from './stored-import.ts';
import { WizardError } from './wizard-error.ts';

const selectionsOf = ({ params }: WizardNextStateRequest) => ({
  token0: params.token0,
  token1: params.token1,
  reward_a: params.reward_a,
  reward_b: params.reward_b,
});

/** The context the pure function needs for this step, from the stored import and the params. */
function contextFor(
  row: FarmImportRow,
  stored: StoredImport,
  request: WizardNextStateRequest,
): TransitionContext {
  const roles = choiceRoles(stored.kind);
  return {
    unresolvedTokens: findUnresolvedTokens(stored),
    isCurrentTokenNamed: stored.currentToken ? stored.namedTokens[stored.currentToken] !== undefined : false,
    choiceError:
      row.state === 'CONFIRMING_TOKEN_COINMARKETCAP_DATA'
        ? validateChoices({ offered: stored.choices, chosen: selectionsOf(request), roles })
        : null,
  };
}

/** What entering `state` does, returning the import's new data. */
async function enter(
  ctx: ImportWizardContext,
  userId: number,
  state: string,
  stored: StoredImport,
  request: WizardNextStateRequest,
): Promise<StoredImport> {
  switch (state) {
    case 'FETCHING_FARM_ABI': {
      if (!ctx.writer) throw notConfigured();
      const given = request.params.account_address;
      const accounts =
        given || stored.accounts.length === 0 ? await accountsFor(ctx, userId, given) : stored.accounts;
      const collected = await gatherReads(
        ctx.writer,
        stored,
        accounts,
        !given && stored.accounts.length === 0,
      );
      return { ...stored, accounts, collected };
    }
    case 'FETCHING_TOKEN_COINMARKETCAP_DATA':
      return fetchCandidates(ctx.coinmarketcap, stored);
    case 'got unresolvable token':
      return { ...stored, currentToken: findUnresolvedTokens(stored)[0] ?? null };
    case 'CREATING_TOKEN_SNAPSHOTS': {
      const selections = Object.fromEntries(
        choiceRoles(stored.kind).flatMap((role) =>
          request.params[role] ? [[role, request.params[role]]] : [],
        ),
      );
      return revalueWithSelections(ctx.coinmarketcap, { ...stored, selections });
    }
    default:
      return stored;
  }
}

/**
 * One step of an import: without an import id it starts one; with one, the pure transition function
 * decides the next state, its effect runs, and the row moves only from the state it was read in.
 */
export async function advanceImport(
  ctx: ImportWizardContext,
  userId: number,
  variant: WizardVariant,
  request: WizardNextStateRequest,
) {
  const id = request.params.import_id;
  if (id === undefined) return startImport(ctx, userId, variant, request);
  const row = await findImport(ctx.db, userId, id);
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
    const nextStored = await enter(ctx, userId, transition.state, stored, request);
    const update = {
      id: row.id,
      fromState: row.state,
      state: transition.state,
      previousState: row.state,
      data: encodeImport(nextStored),
      now: ctx.now(),
      ...(transition.state === 'FETCHING_FARM_ABI' && nextStored.collected
        ? { pinnedBlock: nextStored.collected.blockNumber.toString() }
        : {}),
    };
    const isMoved =
      transition.state === 'completed'
        ? await completeImport(ctx, userId, nextStored, update)
        : await updateImportState(ctx.db, update);
    if (!isMoved) {
      throw new AppError('CONFLICT', 'this import moved on in another window: reload it to continue');
    }
    return respond({ id: row.id, variant, state: transition.state, previous_state: row.state }, nextStored);
  } catch (error) {
    if (error instanceof WizardError || !(error instanceof AppError)) throw error;
    throw WizardError.from(error, row.state, events, data);
  }
}
