import type { LedgerRowKind } from '@tidewatch/shared';
import type { LedgerSource } from '../../books/ledger-sources.ts';
import { scannedToBlock } from '../../books/ledger-sources.ts';
import { type LedgerToken, tokenAmount } from '../../books/ledger-types.ts';
import { parseVaultFigures, vaultPositionLabel } from './figures.ts';
import { findVaultEvents, findVaultPositionsWithHistory } from './repository.ts';

type StoredAmount = LedgerToken & { amount: string };
/**
 * vault_position_events.movement: what the wallet sent and received, and what shares or dQUICK stood for, named and
 * valued at the event's block (features/vaults/history/value-events.ts writes it, the ledger reads it).
 */
export type StoredVaultMovement = {
  sent: StoredAmount[];
  received: StoredAmount[];
  underlying: StoredAmount[];
  sent_usd: (number | null)[];
  received_usd: (number | null)[];
  usd: number | null;
  usd_error: string | null;
};

const amountOf = ({ amount, ...token }: StoredAmount) => tokenAmount(token, BigInt(amount));

/**
 * A vault position's part of the wallet's ledger: the stored events of every vault share, lair and syrup position
 * it has history on (the vaults tool's history job), tracked now or not, each row named and valued at its block
 * as stored. The V2 and V3 positions' scopes (`only`) have none of them.
 */
export const vaultPositionLedger: LedgerSource = async (db, scope, wallet) => {
  if (scope.only) return { txHashes: [], tokenAddresses: [], tokens: [], scannedTo: [], rows: () => [] };
  const positions = await findVaultPositionsWithHistory(db, scope.chainId, wallet);
  const events = await findVaultEvents(
    db,
    positions.map((p) => p.position_id),
  );
  const byId = new Map(positions.map((p) => [p.position_id, p]));
  const withEvents = new Set(events.map((e) => e.position_id));
  return {
    txHashes: events.map((e) => e.tx_hash),
    tokenAddresses: [],
    tokens: [],
    scannedTo: positions.filter((p) => withEvents.has(p.position_id)).map(scannedToBlock),
    rows: () =>
      events.map((event) => {
        const position = byId.get(event.position_id)!;
        const movement = JSON.parse(event.movement) as StoredVaultMovement;
        const figures = position.newest ? parseVaultFigures(position.newest.figures) : null;
        return {
          id: `vault:${event.tx_hash}:${event.log_index}:${event.position_id}`,
          position: {
            tool: 'vault' as const,
            farm_address: position.contract_address,
            token_id: null,
            label: vaultPositionLabel(position, figures),
          },
          kind: event.kind as LedgerRowKind,
          tx_hash: event.tx_hash,
          block_number: Number(event.block_number),
          block_time: event.block_time,
          sent: movement.sent.map(amountOf),
          received: movement.received.map(amountOf),
          underlying: movement.underlying.map(amountOf),
          counterparty: event.counterparty,
          usd: movement.usd,
          usd_error: movement.usd_error,
          logIndex: event.log_index,
          sentUsd: movement.sent_usd,
          receivedUsd: movement.received_usd,
        };
      }),
  };
};
