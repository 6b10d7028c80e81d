import { findV2Scans, loadV2EventsOf } from '../../books/books-repository.ts';
import { farmsWithHistory, type LedgerSource, scannedToBlock } from '../../books/ledger-sources.ts';
import { type V2EventInput, v2Rows } from '../../books/v2-rows.ts';

/**
 * A V2 farm stake's part of the wallet's ledger: its stored events (stakes, withdrawals, rewards paid) in
 * every farm it has history on, tracked now or not, with the farm's pair and tokens.
 */
export const v2FarmStakeLedger: LedgerSource = async (db, scope, wallet) => {
  const farms = await farmsWithHistory(db, scope, wallet);
  const farmIds = farms.map((f) => f.id);
  const [events, scans] = await Promise.all([
    loadV2EventsOf(db, farmIds, wallet),
    findV2Scans(db, farmIds, wallet),
  ]);
  const farmById = new Map(farms.map((f) => [f.id, f.farm]));
  const inputs: V2EventInput[] = events.map((event) => ({ farm: farmById.get(event.farm_id)!, event }));
  // Only the scans of farms with events here: one with none yet lists nothing to be final.
  const withEvents = new Set(events.map((e) => e.farm_id));
  return {
    txHashes: events.map((e) => e.tx_hash),
    tokenAddresses: events.flatMap((e) => (e.reward_token_address ? [e.reward_token_address] : [])),
    tokens: [],
    scannedTo: scans.filter((s) => withEvents.has(s.farm_id)).map(scannedToBlock),
    rows: (tokens) => v2Rows(inputs, tokens),
  };
};
