import { AppError, type WizardNextStateRequest, type WizardVariant } from '@tidewatch/shared';
import { classifyInput } from '../../core/chain/classify.ts';
import { canonicalFarmPageUrl, parsePaste } from '../../core/chain/quickswap-urls.ts';
import { findFarmByAddress } from '../../core/farms/repository.ts';
import { accountsFor, type ImportWizardContext, notConfigured, respond } from './context.ts';
import { findNamedOpenImport, openImportConflict } from './one-at-a-time.ts';
import { createImport, findIndexedSymbols } from './repository.ts';
import { nextState, type ParseOutcome } from './state-machine.ts';
import { encodeImport, type StoredImport } from './stored-import.ts';
import { WizardError } from './wizard-error.ts';

/** What a pasted URL names: a farm (and whether it is imported already), or why it names none. */
async function parseUrl(
  ctx: ImportWizardContext,
  url: string | undefined,
  variant: WizardVariant,
): Promise<{ parse: ParseOutcome; kind?: WizardVariant }> {
  const paste = parsePaste(url ?? '');
  if (paste.shape === 'none') return { parse: { kind: 'no-address' } };
  // Pages that can never name a farm are refused before any read, with what to paste instead.
  if (paste.shape === 'refused') return { parse: { kind: 'not-a-farm', message: paste.message } };
  if (!ctx.chain) throw notConfigured();
  const { farm, message } = await classifyInput(ctx.chain, url ?? '', {
    ...ctx.classifyOptions,
    preferKind: variant,
  });
  if (!farm) return { parse: { kind: 'not-a-farm', message: message ?? 'no farm found in what you pasted' } };
  const isImported = (await findFarmByAddress(ctx.db, ctx.chainId, farm.address)) !== undefined;
  return {
    parse: { kind: 'farm', variant: farm.kind, address: farm.address, isImported },
    kind: farm.kind,
  };
}

/** NOT_STARTED without an import: PARSE_URL classifies the paste and creates the import row. */
export async function startImport(
  ctx: ImportWizardContext,
  userId: number,
  variant: WizardVariant,
  request: WizardNextStateRequest,
) {
  const fail = (error: AppError) => WizardError.from(error, 'NOT_STARTED', ['PARSE_URL']);
  try {
    const url = request.params.url?.trim();
    const { parse } =
      request.event === 'PARSE_URL'
        ? await parseUrl(ctx, url, variant)
        : { parse: undefined as ParseOutcome | undefined };
    const transition = nextState(variant, 'NOT_STARTED', request.event, { parse });
    if (!transition.isOk) throw WizardError.fromTransition(transition, 'NOT_STARTED', ['PARSE_URL']);
    if (parse?.kind !== 'farm' || !url) throw new AppError('INTERNAL', 'PARSE_URL found no farm');
    const open = await findNamedOpenImport(ctx.db, userId);
    if (open) throw openImportConflict(open);
    const accounts = request.params.account_address
      ? await accountsFor(ctx, userId, request.params.account_address)
      : [];
    const pageFarm = parsePaste(url);
    const isPageOfFarm = pageFarm.shape === 'farm-page' && pageFarm.farm === parse.address;
    const stored: StoredImport = {
      url,
      farmUrl: isPageOfFarm ? canonicalFarmPageUrl(url) : null,
      indexedSymbols: await findIndexedSymbols(ctx.db, ctx.chainId, parse.address),
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
    const id = await createImport(ctx.db, {
      userId,
      variant,
      state: row.state,
      previousState: row.previous_state,
      farmAddress: parse.address,
      data: encodeImport(stored),
      now: ctx.now(),
    });
    if (id === null) {
      // Another request of this user started one between the check above and this insert.
      const raced = await findNamedOpenImport(ctx.db, userId);
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
