import { z } from 'zod';
import { hexAddressSchema } from './address.ts';
import { indexedFarmSchema, indexStateSchema } from './discovery.ts';
import { vaultManagerSchema } from './vaults.ts';

/**
 * Get it out (issue 33): the recovery plan of a wallet (everything left in ended farms and the steps that
 * turn it back into tokens in the wallet) and the record of a transaction the browser sent for one step.
 * The server never builds calldata: it names the verified contract, the function and the amounts; the
 * browser builds, simulates and shows each transaction before the wallet asks.
 */

/** GET /api/recovery/plan?wallet_address=0x…: a saved or watch-only wallet of the signed-in user. */
export const recoveryPlanQuerySchema = z.strictObject({ wallet_address: hexAddressSchema });

/** At most this many pairs in `include_wallet_lp` (a wallet's loose LP of ended farms' pairs is a short list). */
const maxIncludedPairs = 100;

/** At most this many vaults and lairs in `include_vaults`. */
const maxIncludedVaults = 50;

/**
 * GET /api/recovery/plan?wallet_address=0x…&include_wallet_lp=0x<pair>,0x<pair>: the plan's scope is what
 * is left in ended farms; LP the wallet holds outside a farm is removed only for the pairs listed here (the
 * person ticked them). Empty or absent: none.
 */
export const recoveryPlanRequestSchema = z.strictObject({
  wallet_address: hexAddressSchema,
  include_wallet_lp: z
    .string()
    .regex(
      new RegExp(`^(0x[0-9a-fA-F]{40}(,0x[0-9a-fA-F]{40}){0,${maxIncludedPairs - 1}})?$`),
      `must be up to ${maxIncludedPairs} comma-separated 0x-prefixed 20-byte pair addresses`,
    )
    .transform((list) => (list === '' ? [] : list.split(',')))
    .optional(),
  /**
   * Vault shares, dQUICK in the (new) Dragon's Lair and stakes in running syrup pools to take out too (issue 45):
   * the vaults', the lair's and the pools' addresses, as the plan's `vault_positions` lists them. They still earn, so only those listed here are in the
   * plan. Empty or absent: none.
   */
  include_vaults: z
    .string()
    .regex(
      new RegExp(`^(0x[0-9a-fA-F]{40}(,0x[0-9a-fA-F]{40}){0,${maxIncludedVaults - 1}})?$`),
      `must be up to ${maxIncludedVaults} comma-separated 0x-prefixed 20-byte vault or lair addresses`,
    )
    .transform((list) => (list === '' ? [] : list.split(',')))
    .optional(),
});

/** An amount of one token: `raw` is the on-chain integer (decimal string), `amount` the whole tokens. */
const tokenAmountSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  raw: z.string(),
  amount: z.string(),
  /** null: no price for this token (never 0 for unknown). */
  usd: z.number().nullable(),
});
export type TokenAmount = z.infer<typeof tokenAmountSchema>;

/** A step's gas: units × the gas price of the plan's block, in POL and USD. */
const stepGasSchema = z.object({
  units: z.string(),
  pol: z.string(),
  usd: z.number().nullable(),
  /**
   * 'estimated': eth_estimateGas from the wallet at the plan's block; 'typical': the step needs an earlier
   * step first (the tokens it spends are not in the wallet yet), so this is the usual gas of its function.
   */
  source: z.enum(['estimated', 'typical']),
});
export type StepGas = z.infer<typeof stepGasSchema>;

/**
 * The kinds of step, each one wallet prompt (remove_liquidity with a permit: a signature, then the one
 * transaction):
 * - exit: `exit()` on a farm (withdraw all and claim);
 * - withdraw: `withdraw(uint256)` of the whole stake, without claiming (the farm holds too few reward
 *   tokens to pay what it owes: `getReward`, and so `exit`, would revert);
 * - claim: `getReward()` (rewards left, no stake);
 * - approve: `approve(address,uint256)` of a token for the router (where the wallet cannot sign a permit)
 *   or of old QUICK for the converter;
 * - remove_liquidity: `removeLiquidityWithPermit(…)` (or `removeLiquidity(…)` after approve) on the router;
 * - leave_lair: `leave(uint256)` on a Dragon's Lair (old dQUICK -> old QUICK; new dQUICK -> QUICK);
 * - convert_quick: `quickToQuickX(uint256)` on QuickSwap's converter (old QUICK -> 1000x new QUICK);
 * - unstake_vault: `withdrawAndHarvest(pid, amount, to)` on a vault's MasterChef or MiniChefV2 (its shares back
 *   with the rewards); a Steer staking pool is left with `exit` like a farm;
 * - withdraw_vault: a vault's shares for its tokens, by its manager's function: Gamma `withdraw(shares, to, from,
 *   minAmounts[4])`, Steer `withdraw(shares, amount0Min, amount1Min, to)`, ICHI `withdraw(shares, to)`, DefiEdge
 *   `burn(shares, amount0Min, amount1Min)`.
 */
const recoveryStepKindSchema = z.enum([
  'exit',
  'withdraw',
  'claim',
  'approve',
  'remove_liquidity',
  'leave_lair',
  'convert_quick',
  'unstake_vault',
  'withdraw_vault',
]);
export type RecoveryStepKind = z.infer<typeof recoveryStepKindSchema>;

/**
 * What a transaction the runner sends does: a recovery plan's step, or an action on a QuickSwap V3 position
 * (issue 46, v3-action-calls.ts): collect its fees, claim its farming rewards, leave farming, close it, or claim
 * the wallet's Merkl rewards. The server's record of a send names it.
 */
const sentTransactionKindSchema = z.enum([
  ...recoveryStepKindSchema.options,
  'v3_collect',
  'v3_claim_rewards',
  'v3_leave_farming',
  'v3_close',
  'merkl_claim',
]);
export type SentTransactionKind = z.infer<typeof sentTransactionKindSchema>;

const recoveryStepSchema = z.object({
  /** Stable across recomputations of the plan: `${kind}:${contract}` (approve: `approve:${token}:${spender}`). */
  id: z.string(),
  kind: recoveryStepKindSchema,
  /** The contract the transaction calls: a farm of the index, a pair (approve), the router, lair or converter. */
  contract: z.string(),
  /** What that contract is, for the confirmation: 'farm WETH-USDC', 'QuickSwap V2 router', … */
  contract_label: z.string(),
  /** The function as its signature: 'exit()', 'withdraw(uint256)', 'removeLiquidityWithPermit(…)'. */
  function: z.string(),
  /** The token the step spends or withdraws (LP, old dQUICK, old QUICK) and how much; null for claim/exit. */
  spends: tokenAmountSchema.nullable(),
  /** approve: the spender (router or converter). */
  spender: z.string().nullable(),
  /** What arrives in the wallet, as projected from the plan's block. */
  receives: z.array(tokenAmountSchema),
  /** The USD of `receives`; null when a part has no price. */
  usd: z.number().nullable(),
  gas: stepGasSchema.nullable(),
  /** True when the step can run now; false: it waits for an earlier step of the plan. */
  is_ready: z.boolean(),
  /** Why the step is as it is (e.g. the farm's reward balance is short), or null. */
  note: z.string().nullable(),
  /** unstake_vault and withdraw_vault: the vault's manager and the chef's pool id (null for none). */
  vault: z.object({ manager: vaultManagerSchema, pid: z.number().int().nullable() }).nullable(),
});
export type RecoveryStep = z.infer<typeof recoveryStepSchema>;

/** What one ended farm still holds for the wallet. */
const recoveryFarmSchema = z.object({
  farm: indexedFarmSchema,
  /** The wallet's stake (LP tokens). */
  staked: tokenAmountSchema,
  /** Unclaimed rewards, A then B. */
  earned: z.array(tokenAmountSchema),
  /** What the farm itself holds of each reward token, A then B. */
  reward_balances: z.array(tokenAmountSchema),
  /** The farm holds less of a reward token than it owes the wallet: claiming would revert. */
  is_reward_short: z.boolean(),
});
export type RecoveryFarm = z.infer<typeof recoveryFarmSchema>;

/** What one ended syrup pool (QUICK or dQUICK staked for another token) still holds for the wallet. */
const recoverySyrupSchema = z.object({
  pool: z.string(),
  /** The wallet's stake (QUICK or dQUICK, as the pool itself names its staking token). */
  staked: tokenAmountSchema,
  /** Unclaimed rewards. */
  earned: tokenAmountSchema,
  /** What the pool itself holds of its reward token. */
  reward_balance: tokenAmountSchema,
  /** The pool holds less of its reward than it owes the wallet: claiming would revert. */
  is_reward_short: z.boolean(),
});
export type RecoverySyrup = z.infer<typeof recoverySyrupSchema>;

export const recoveryPlanSchema = z.object({
  wallet_address: z.string(),
  chain_id: z.number().int(),
  block_number: z.number().int(),
  /** A watch-only wallet: the plan is shown, its actions are disabled (no signature proved the address). */
  is_watch_only: z.boolean(),
  /** The constants the browser may send to besides index farms and pairs (the operator's configuration). */
  contracts: z.object({
    router: z.string(),
    lair: z.string(),
    old_quick: z.string(),
    new_quick: z.string(),
    converter: z.string(),
  }),
  farms: z.array(recoveryFarmSchema),
  /** Ended syrup pools (of every one QuickSwap listed) where the wallet has stake or rewards. */
  syrups: z.array(recoverySyrupSchema),
  /**
   * Already in the wallet and part of the plan: LP tokens those farms returned to it in steps already run
   * (and the loose LP the request included), old dQUICK, old QUICK.
   */
  in_wallet: z.array(tokenAmountSchema),
  /**
   * 'also in your wallet, still earning fees': LP of ended farms' pairs the wallet held outside any farm
   * (not returned by one of the plan's farm steps), its amount and USD value. Outside the plan's steps and
   * total unless the request listed its pair in `include_wallet_lp` (`is_included`).
   */
  wallet_lp: z.array(z.object({ lp: tokenAmountSchema, is_included: z.boolean() })),
  /**
   * Vault shares (held and staked), dQUICK in the Dragon's Lair and stakes in syrup pools still running that the
   * wallet has: they still earn, so each is outside the plan's steps and total unless the request listed it in
   * `include_vaults` (`is_included`). `contract` is the vault, the lair or the pool; `staking` where a vault's
   * shares are staked (null: none staked, or not a vault); `value` what taking it out pays now (the vault's tokens
   * and the staking's rewards; the lair's QUICK; the pool's stake and rewards).
   */
  /** Why `vault_positions` could not be read now (unknown, not empty); null when it was. */
  vault_positions_unavailable: z.string().nullable().default(null),
  vault_positions: z.array(
    z.object({
      kind: z.enum(['vault', 'lair', 'syrup']),
      contract: z.string(),
      label: z.string(),
      manager: vaultManagerSchema.nullable(),
      staking: z.object({ address: z.string(), pid: z.number().int().nullable() }).nullable(),
      value: z.array(tokenAmountSchema),
      usd: z.number().nullable(),
      is_included: z.boolean(),
    }),
  ),
  steps: z.array(recoveryStepSchema),
  /** The gas price of the plan's block (wei) and POL's price (null: unknown). */
  gas_price_wei: z.string(),
  pol_usd: z.number().nullable(),
  total: z.object({
    /** USD of everything the plan gets back; null when a part has no price. */
    usd: z.number().nullable(),
    gas_pol: z.string(),
    gas_usd: z.number().nullable(),
  }),
  index: indexStateSchema,
});
export type RecoveryPlan = z.infer<typeof recoveryPlanSchema>;

/**
 * POST /api/recovery/transactions: the browser reports a transaction it sent for a step (after its
 * receipt, or when the wallet replaced it). The server reads the receipt itself, checks it is from the
 * wallet to a verified contract, stores its gas, and snapshots the position it changed.
 */
export const recordTransactionSchema = z.strictObject({
  wallet_address: hexAddressSchema,
  tx_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte transaction hash'),
  step_kind: sentTransactionKindSchema,
});
export type RecordTransaction = z.infer<typeof recordTransactionSchema>;

export const walletTransactionSchema = z.object({
  tx_hash: z.string(),
  wallet_address: z.string(),
  step_kind: sentTransactionKindSchema,
  /** The contract called. */
  to: z.string(),
  status: z.enum(['success', 'reverted']),
  block_number: z.number().int(),
  gas_used: z.string(),
  effective_gas_price: z.string(),
  /** gas_used × effective_gas_price in POL, and in USD at that block (null: unknown). */
  gas_pol: z.string(),
  gas_usd: z.number().nullable(),
  /** The farm the step changed, when it is one Tidewatch has imported. */
  farm_address: z.string().nullable(),
  /** A snapshot of that position was taken at the receipt's block or later. */
  snapshot_taken: z.boolean(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;
/** GET /api/recovery/transactions?wallet_address=0x…: the wallet's recorded transactions, newest first. */
export const walletTransactionListSchema = z.object({ transactions: z.array(walletTransactionSchema) });

/**
 * GET /api/recovery/pol-price: POL's USD price (WMATIC's, by the app's price rule) at the latest block, for
 * the gas line of actions outside the recovery plan (which carries its own `pol_usd`). `usd` null: no route
 * prices it (never 0); `block_number`: the block it was read at.
 */
export const polPriceSchema = z.object({
  usd: z.number().nullable(),
  block_number: z.number().int(),
});
export type PolPrice = z.infer<typeof polPriceSchema>;
