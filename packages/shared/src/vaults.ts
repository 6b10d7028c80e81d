import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { tokenRefSchema } from './farms.ts';
import { positionProfitSchema } from './ledger.ts';

/**
 * The vaults tool (issue 45): what a wallet holds in managed vaults (Gamma, Steer, ICHI, DefiEdge), in QuickSwap's Dragon's
 * Lairs (dQUICK, new and old) and in its
 * syrup pools (QUICK or dQUICK staked for another token, nearly all ended). Wire conventions as in farms.ts: token
 * amounts are exact decimal strings in whole tokens, USD numbers are null when unknown (never 0), instants are
 * ISO-8601, `block_number` is the block every figure was read at.
 */

/** The tool's labels and URL segment live zod-free in vaults-tool.ts, for the start-up bundle. */
export { vaultsTool } from './vaults-tool.ts';

const usd = z.number().nullable();

/** An amount of one token with its USD (null: no price). */
const tokenAmountSchema = z.object({ token: tokenRefSchema, amount: z.string(), usd });

/**
 * dQUICK in one Dragon's Lair: `dquick` held, and the QUICK the lair pays for it now (its own `QUICKBalance`,
 * which is `dQUICKForQUICK` of the balance), valued at QUICK's price.
 */
export const lairStakeSchema = z.object({
  lair: z.string(),
  dquick: tokenAmountSchema,
  quick: tokenAmountSchema,
  usd,
});
export type LairStake = z.infer<typeof lairStakeSchema>;

/** Stake and unclaimed rewards in one syrup pool (a StakingRewards), with its end by the chain's clock. */
export const syrupStakeSchema = z.object({
  pool: z.string(),
  staked: tokenAmountSchema,
  earned: tokenAmountSchema,
  ends_at: z.string(),
  is_ended: z.boolean(),
  /** Staked plus earned; null when either has no price. */
  usd,
});
export type SyrupStake = z.infer<typeof syrupStakeSchema>;

/** A range of a vault's position as prices (token1 per token0), and whether the pool's price is inside it. */
const vaultRangeSchema = z.object({ lower: z.string(), upper: z.string(), is_in_range: z.boolean() });

/** The managers of the vaults QuickSwap's interface integrates. */
export const vaultManagerSchema = z.enum(['gamma', 'steer', 'ichi', 'defiedge']);
export type VaultManager = z.infer<typeof vaultManagerSchema>;

/**
 * Shares of a managed vault (Gamma, Steer, ICHI or DefiEdge): the wallet's shares held and staked, its part of the
 * vault's own totals (getTotalAmounts; DefiEdge's getAUMWithFees with its fees: positions, idle tokens and fees
 * owed to it), the vault's main (base) and second (limit) ranges, and the rewards its staking owes the staked
 * shares.
 */
export const vaultShareSchema = z.object({
  vault: z.string(),
  manager: vaultManagerSchema,
  /** Whole shares (18 decimals): held in the wallet, staked in the MasterChef, and the vault's supply. */
  shares: z.object({ held: z.string(), staked: z.string(), total_supply: z.string() }),
  amounts: z.tuple([tokenAmountSchema, tokenAmountSchema]),
  /** The pool's price now (its sqrtPrice), token1 per token0. */
  price: z.string(),
  /** The base range (Gamma, ICHI), the first position (Steer, DefiEdge). */
  base_range: vaultRangeSchema,
  /** The limit range (Gamma, ICHI), the second position (Steer, DefiEdge); null when the vault has one. */
  limit_range: vaultRangeSchema.nullable(),
  /**
   * Where the staked shares are, null when none are: Gamma's MasterChef ('masterchef'), DefiEdge's MiniChefV2
   * ('minichef') with the pool's `pid`, or Steer's staking pool ('staking-rewards', no pid).
   */
  staking: z
    .object({
      address: z.string(),
      kind: z.enum(['masterchef', 'minichef', 'staking-rewards']),
      pid: z.number().int().nullable(),
    })
    .nullable(),
  /** Pending rewards of the staked shares (the staking's own token, then its rewarders'). */
  rewards: z.array(tokenAmountSchema),
  /** False when a reward of the staked shares could not be read: `rewards` lists only those that could. */
  rewards_complete: z.boolean(),
  /** Amounts and rewards; null when a part has no price, or the staked shares' rewards could not be read. */
  usd,
});
export type VaultShare = z.infer<typeof vaultShareSchema>;

/** GET /api/quickswap/vaults/positions?wallet_address=: one of the user's saved or watch-only wallets. */
export const vaultsWalletQuerySchema = z.strictObject({ wallet_address: hexAddressSchema });
export const vaultsWalletPositionsSchema = z.object({
  wallet_address: z.string(),
  block_number: z.number().int(),
  /** The chain's clock at that block (syrups end by it). */
  block_time: z.string(),
  lairs: z.array(lairStakeSchema),
  syrups: z.array(syrupStakeSchema),
  vaults: z.array(vaultShareSchema),
  /** How many vaults were read: every one QuickSwap listed (Gamma, ICHI, DefiEdge) and Steer's API lists. */
  vaults_listed: z.number().int(),
  /** Lists of vaults that could not be had now ('steer': Steer's API): their vaults are unknown, not empty. */
  unavailable_lists: z.array(z.enum(['steer'])),
  /** How many syrup pools QuickSwap listed were read (every one, active and ended). */
  syrups_listed: z.number().int(),
  /**
   * Listed contracts (pools, lairs, vaults) that could not be read, no contract there or not this shape, and vaults
   * the wallet has shares of that could not be valued: unknown, not empty.
   */
  unreadable: z.array(z.string()),
  /** Every lair, syrup and vault position above added up; null when one has no price. */
  value_usd: usd,
});
export type VaultsWalletPositions = z.infer<typeof vaultsWalletPositionsSchema>;

/** What the vaults tool tracks: dQUICK in a Dragon's Lair, a stake in a syrup pool, or a vault's shares. */
export const vaultPositionTypeSchema = z.enum(['lair', 'syrup', 'gamma', 'steer', 'ichi', 'defiedge']);

/** POST /api/quickswap/vaults/tracked: track what one of the user's wallets holds in a lair or a syrup pool. */
export const vaultsTrackSchema = z.strictObject({
  wallet_address: hexAddressSchema,
  /** The lair (its dQUICK), the syrup pool or the vault. */
  contract_address: hexAddressSchema,
});

/** DELETE /api/quickswap/vaults/tracked/:id */
export const vaultsTrackedIdParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'must be a tracked position id' }).int('must be a whole number').positive(),
});

/** A tracked position valued at one block: its lair, syrup or vault figures, null when the wallet held nothing there. */
const vaultSnapshotSchema = z.object({
  block_number: z.number().int(),
  created_on: z.string(),
  value_usd: usd,
  rewards_usd: usd,
  ends_at: z.string().nullable(),
  lair: lairStakeSchema.nullable(),
  syrup: syrupStakeSchema.nullable(),
  vault: vaultShareSchema.nullable(),
});
export type VaultSnapshot = z.infer<typeof vaultSnapshotSchema>;

/**
 * A tracked position's returns against holding at its newest snapshot: its worth without pending rewards, what the
 * tokens put in (less those taken out) would be worth held instead at that snapshot's prices, the difference, the
 * rewards apart (claimed and pending), a vault's fee income since tracked (estimated: the growth of its amounts per
 * share beyond what the price move explains, from snapshot to snapshot), and its one profit. Each null when
 * unknown (`profit.unknown_because` says why for the parts that need its history).
 */
export const vaultReturnsSchema = z.object({
  as_of_block: z.number().int(),
  /** The first snapshot: since when the fee income is estimated. */
  since: z.string(),
  value_now_usd: usd,
  hold_value_usd: usd,
  vs_hold_usd: usd,
  rewards_usd: usd,
  fee_income_usd: usd,
  profit: positionProfitSchema.nullable(),
});
export type VaultReturns = z.infer<typeof vaultReturnsSchema>;

export const trackedVaultPositionSchema = z.object({
  id: z.number().int(),
  wallet_address: z.string(),
  contract_address: z.string(),
  position_type: vaultPositionTypeSchema,
  tracked_at: z.string(),
  /** The newest snapshot; null before the first. */
  snapshot: vaultSnapshotSchema.nullable(),
  /** Returns against holding at the newest snapshot; null before the first. */
  returns: vaultReturnsSchema.nullable(),
});
export type TrackedVaultPosition = z.infer<typeof trackedVaultPositionSchema>;

/** GET /api/quickswap/vaults/tracked: the user's tracked lair and syrup positions, each with its newest snapshot. */
export const trackedVaultPositionsSchema = z.object({ positions: z.array(trackedVaultPositionSchema) });
export type TrackedVaultPositions = z.infer<typeof trackedVaultPositionsSchema>;
