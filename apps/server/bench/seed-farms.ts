import type { FarmKind } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { Database } from '../src/core/db/index.ts';
import { upsertImportedFarm } from '../src/core/farms/repository.ts';
import type { SnapshotPipeline } from '../src/core/snapshots/index.ts';

type FarmRef = { address: Address; kind: FarmKind };
type TokenRead = { address: Address; symbol: string; name: string | null; decimals: number };

/** Imports farms as the wizard stores them (farm, pool, tokens; no snapshots), `farmsPerBatch` per chain read. */
export async function importBenchFarms(
  db: Kysely<Database>,
  pipeline: SnapshotPipeline,
  options: { chainId: number; farms: FarmRef[]; farmsPerBatch?: number },
): Promise<void> {
  const perBatch = options.farmsPerBatch ?? 50;
  const asInput = (t: TokenRead) => ({
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
  });
  for (let i = 0; i < options.farms.length; i += perBatch) {
    const { read } = await pipeline.readForSnapshots({
      farms: options.farms.slice(i, i + perBatch),
      accounts: [],
    });
    await db.transaction().execute(async (trx) => {
      for (const farm of read.farms) {
        await upsertImportedFarm(trx, {
          chainId: options.chainId,
          farm: {
            address: farm.address,
            kind: farm.kind,
            url: 'https://quickswap.exchange/#/farm/v2',
            createdBy: null,
          },
          pool: {
            address: farm.pair.address,
            token0: asInput(farm.pair.token0),
            token1: asInput(farm.pair.token1),
          },
          rewardTokens: farm.rewards.map((r) => asInput(r.token)),
        });
      }
    });
  }
}

/**
 * A confirmed user tracking every imported farm with every wallet, or with one wallet each in turn
 * (`isSpread`), its wallets saved when asked. Returns the user's id.
 */
export async function trackEveryFarm(
  db: Kysely<Database>,
  options: {
    email: string;
    passwordHash: string;
    wallets: Address[];
    now: Date;
    isSpread?: boolean;
    /** Also saves the wallets as the user's verified ones on this chain (as a signature would). */
    savedOnChainId?: number;
  },
): Promise<number> {
  const at = options.now.toISOString();
  const user = await db
    .insertInto('users')
    .values({
      email: options.email,
      password_hash: options.passwordHash,
      email_confirmed_at: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const farmIds = await db.selectFrom('farms').select('id').execute();
  const walletsOf = (index: number) =>
    options.isSpread ? [options.wallets[index % options.wallets.length]!] : options.wallets;
  const tracked = farmIds.flatMap(({ id }, index) =>
    walletsOf(index).map((wallet) => ({
      user_id: user.id,
      farm_id: id,
      wallet_address: wallet,
      created_at: at,
    })),
  );
  if (options.savedOnChainId !== undefined) {
    await db
      .insertInto('wallets')
      .values(
        options.wallets.map((address) => ({
          user_id: user.id,
          name: 'MetaMask',
          address,
          chain_id: options.savedOnChainId!,
          verified_at: at,
          created_at: at,
        })),
      )
      .execute();
  }
  for (let i = 0; i < tracked.length; i += 500)
    await db
      .insertInto('tracked_farms')
      .values(tracked.slice(i, i + 500))
      .execute();
  return user.id;
}
