import type { LedgerTokenAmount } from '@tidewatch/shared';
import type { AssembledRow } from '../../core/books/ledger-types.ts';
import { writeCsv } from '../../core/csv/write-csv.ts';
import { usdCell } from './csv-cells.ts';

/** The app's own export: every field of a ledger row, one column each. */
export const tidewatchHeader = [
  'id',
  'chain',
  'chain_id',
  'tool',
  'farm_address',
  'token_id',
  'label',
  'kind',
  'tx_hash',
  'block_number',
  'block_time',
  'local_time',
  'sent',
  'received',
  'underlying',
  'counterparty',
  'usd',
  'usd_error',
  'gas_status',
  'gas_fee_pol',
  'gas_fee_pol_display',
  'gas_fee_usd',
  'gas_pol_usd',
  'gas_used',
  'effective_gas_price',
] as const;

/** Token amounts as '1.5 WMATIC; 0.25 USDC' (exact decimals). */
const amounts = (list: LedgerTokenAmount[]) => list.map((a) => `${a.amount_display} ${a.symbol}`).join('; ');

/** Every ledger row with every field flattened; an unknown USD is an empty cell, never 0. */
export function renderTidewatchCsv(rows: AssembledRow[]): string {
  const records = rows.map(({ row }) => [
    row.id,
    row.chain.name,
    String(row.chain.id),
    row.position.tool,
    row.position.farm_address ?? '',
    row.position.token_id ?? '',
    row.position.label,
    row.kind,
    row.tx_hash,
    String(row.block_number),
    row.block_time,
    row.local_time,
    amounts(row.sent),
    amounts(row.received),
    amounts(row.underlying),
    row.counterparty ?? '',
    usdCell(row.usd),
    row.usd_error ?? '',
    row.gas.status,
    row.gas.fee_pol ?? '',
    row.gas.fee_pol_display ?? '',
    usdCell(row.gas.fee_usd),
    usdCell(row.gas.pol_usd),
    row.gas.gas_used ?? '',
    row.gas.effective_gas_price ?? '',
  ]);
  return writeCsv(tidewatchHeader, records);
}
