import { type Address, getAddress, type Hex } from 'viem';
import type { DbOrTrx } from '../../../core/db/index.ts';
import type { V3IncentiveRecord, V3IncentiveState, V3IncentiveStore } from './incentives.ts';

type StoredIncentive = {
  id: string;
  key: { rewardToken: string; bonusRewardToken: string; pool: string; startTime: string; endTime: string };
  virtualPool: string;
};

const toStored = (record: V3IncentiveRecord): StoredIncentive => ({
  id: record.id,
  key: { ...record.key, startTime: record.key.startTime.toString(), endTime: record.key.endTime.toString() },
  virtualPool: record.virtualPool,
});

const fromStored = (row: StoredIncentive): V3IncentiveRecord => ({
  id: row.id as Hex,
  key: {
    rewardToken: getAddress(row.key.rewardToken),
    bonusRewardToken: getAddress(row.key.bonusRewardToken),
    pool: getAddress(row.key.pool),
    startTime: BigInt(row.key.startTime),
    endTime: BigInt(row.key.endTime),
  },
  virtualPool: getAddress(row.virtualPool),
});

/**
 * The incentive index kept in the database (migration 029), one row per chain and farming contract: what any
 * process read of the farming's logs, so a new process starts from it (issue 43, finding 3).
 * @example createV3IncentiveIndex({ chain, eternalFarming, fromBlock, store: createV3IncentiveStore(db, 137, eternalFarming) })
 */
export function createV3IncentiveStore(
  db: DbOrTrx,
  chainId: number,
  eternalFarming: Address,
): V3IncentiveStore {
  const farming = eternalFarming.toLowerCase();
  return {
    async load(): Promise<V3IncentiveState | undefined> {
      const row = await db
        .selectFrom('v3_incentive_index')
        .select(['scanned_to_block', 'incentives'])
        .where('chain_id', '=', chainId)
        .where('eternal_farming', '=', farming)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        scannedTo: BigInt(row.scanned_to_block),
        incentives: (JSON.parse(row.incentives) as StoredIncentive[]).map(fromStored),
      };
    },
    async save(state) {
      const values = {
        scanned_to_block: state.scannedTo.toString(),
        incentives: JSON.stringify(state.incentives.map(toStored)),
        updated_at: new Date().toISOString(),
      };
      await db
        .insertInto('v3_incentive_index')
        .values({ chain_id: chainId, eternal_farming: farming, ...values })
        .onConflict((oc) =>
          oc
            .columns(['chain_id', 'eternal_farming'])
            .doUpdateSet(values)
            // Only forward: a process that read less never replaces what another read further.
            .where('v3_incentive_index.scanned_to_block', '<', state.scannedTo.toString()),
        )
        .execute();
    },
  };
}
