import type { GotStatus, UpdateToken } from '@tidewatch/shared';
import { type Address, isAddressEqual } from 'viem';
import type { ImportWizardContext } from './context.ts';
import { findOpenImports, updateImportData } from './repository.ts';
import { decodeImport, encodeImport, needsName, type StoredImport } from './stored-import.ts';

/**
 * The realtime channel's 'update token': names a token that one of the user's open imports could not
 * look up (the import given, else every open import that has this token). Never throws: answers
 * 'got status'. Any other token is refused: its name would overwrite the on-chain one at completion.
 */
export async function nameToken(
  ctx: ImportWizardContext,
  userId: number,
  input: UpdateToken,
): Promise<GotStatus> {
  const key = input.address.toLowerCase();
  const rows = (await findOpenImports(ctx.db, userId)).filter(
    (row) => input.import_id === undefined || row.id === input.import_id,
  );
  let found = 0;
  let updated = 0;
  for (const row of rows) {
    const stored = decodeImport(row.data);
    const hasToken = stored.collected?.tokens.some((t) =>
      isAddressEqual(t.address, input.address as Address),
    );
    if (!hasToken) continue;
    found++;
    if (!needsName(stored, key)) continue;
    const message = `token ${input.symbol} (${input.name}) saved`;
    const next: StoredImport = {
      ...stored,
      namedTokens: { ...stored.namedTokens, [key]: { name: input.name, symbol: input.symbol } },
      lastStatus: { status: 'ok', message },
    };
    if (await updateImportData(ctx.db, row.id, row.state, encodeImport(next), ctx.now())) updated++;
  }
  if (found === 0) {
    return { status: 'error', message: `the token ${input.address} is not part of any of your open imports` };
  }
  if (updated === 0) return { status: 'error', message: 'this token does not need a name' };
  return { status: 'ok', message: `token ${input.symbol} (${input.name}) saved` };
}
