import {
  type RecoveryPlan,
  type RecoveryStep,
  recoveryPlanSchema,
  type TokenAmount,
} from '@tidewatch/shared/recovery';
import { fakeWalletAccount } from '../../../lib/wallet/testing/fake-wallet.ts';

/** The contracts of the fixture plans (stand-ins: the fake chain answers for them). */
export const planContracts = {
  farm: '0xf000000000000000000000000000000000000001',
  pair: '0xa000000000000000000000000000000000000002',
  weth: '0xa000000000000000000000000000000000000003',
  usdc: '0xa000000000000000000000000000000000000004',
  router: '0xb000000000000000000000000000000000000005',
  lair: '0xb000000000000000000000000000000000000006',
  oldQuick: '0xb000000000000000000000000000000000000007',
  newQuick: '0xb000000000000000000000000000000000000008',
  converter: '0xb000000000000000000000000000000000000009',
  factory: '0xb00000000000000000000000000000000000000a',
  /** A pair whose LP the wallet holds outside any farm, and its other token. */
  loosePair: '0xa00000000000000000000000000000000000000b',
  wmatic: '0xa00000000000000000000000000000000000000c',
} as const;

const amount = (
  address: string,
  symbol: string,
  decimals: number,
  raw: string,
  whole: string,
  usd: number | null,
): TokenAmount => ({ address, symbol, decimals, raw, amount: whole, usd });

const lpStake = amount(planContracts.pair, 'WETH-USDC LP', 18, '2000000000000000000', '2', 400);
const dquickEarned = amount(planContracts.lair, 'dQUICK (old)', 18, '5000000000000000000', '5', null);
const wethOut = amount(planContracts.weth, 'WETH', 18, '100000000000000000', '0.1', 200);
const usdcOut = amount(planContracts.usdc, 'USDC', 6, '200000000', '200', 200);

const farmStep: RecoveryStep = {
  id: `exit:${planContracts.farm}`,
  kind: 'exit',
  contract: planContracts.farm,
  contract_label: 'farm WETH-USDC',
  function: 'exit()',
  spends: null,
  spender: null,
  receives: [lpStake, dquickEarned],
  usd: null,
  gas: { units: '180000', pol: '0.0054', usd: 0.0135, source: 'estimated' },
  is_ready: true,
  note: null,
  vault: null,
};

export const removeStep: RecoveryStep = {
  id: `remove_liquidity:${planContracts.router}:${planContracts.pair}`,
  kind: 'remove_liquidity',
  contract: planContracts.router,
  contract_label: 'QuickSwap V2 router',
  function:
    'removeLiquidityWithPermit(address,address,uint256,uint256,uint256,address,uint256,bool,uint8,bytes32,bytes32)',
  spends: lpStake,
  spender: null,
  receives: [wethOut, usdcOut],
  usd: 400,
  gas: { units: '150000', pol: '0.0045', usd: 0.00225, source: 'typical' },
  is_ready: false,
  note: null,
  vault: null,
};

/**
 * A wallet with 2 LP staked and 5 old dQUICK unclaimed in one ended LP farm: exit, then remove the
 * liquidity (which waits for the exit). `withStakeInWallet`: the exit already ran, the LP is in the wallet.
 */
export function recoveryPlan(
  options: { isWatchOnly?: boolean; isRewardShort?: boolean; withStakeInWallet?: boolean } = {},
): RecoveryPlan {
  const exit: RecoveryStep = options.isRewardShort
    ? {
        ...farmStep,
        id: `withdraw:${planContracts.farm}`,
        kind: 'withdraw',
        function: 'withdraw(uint256)',
        spends: lpStake,
        receives: [lpStake],
        usd: 400,
        note: 'The farm holds only 1 dQUICK (old) of the 5 it owes you: claiming (and so exit) would revert.',
      }
    : farmStep;
  const steps = options.withStakeInWallet ? [{ ...removeStep, is_ready: true }] : [exit, removeStep];
  return recoveryPlanSchema.parse({
    wallet_address: fakeWalletAccount.address,
    chain_id: 137,
    block_number: 100,
    is_watch_only: options.isWatchOnly ?? false,
    contracts: {
      router: planContracts.router,
      lair: planContracts.lair,
      old_quick: planContracts.oldQuick,
      new_quick: planContracts.newQuick,
      converter: planContracts.converter,
    },
    farms: options.withStakeInWallet
      ? []
      : [
          {
            farm: {
              address: planContracts.farm,
              kind: 'lp',
              pair_address: planContracts.pair,
              token0: { address: planContracts.weth, symbol: 'WETH', decimals: 18 },
              token1: { address: planContracts.usdc, symbol: 'USDC', decimals: 6 },
              reward_token_a: { address: planContracts.lair, symbol: 'dQUICK (old)', decimals: 18 },
              reward_token_b: null,
              reward_rate_a: '0',
              reward_rate_b: null,
              period_finish: '2023-05-01T00:00:00.000Z',
              is_ended: true,
              is_paused: false,
              total_staked: '1000',
              tvl_usd: 200000,
              apr: 0,
              is_imported: false,
            },
            staked: lpStake,
            earned: [dquickEarned],
            reward_balances: [
              amount(
                planContracts.lair,
                'dQUICK (old)',
                18,
                options.isRewardShort ? '1000000000000000000' : '9000000000000000000',
                options.isRewardShort ? '1' : '9',
                null,
              ),
            ],
            is_reward_short: options.isRewardShort ?? false,
          },
        ],
    syrups: [],
    in_wallet: options.withStakeInWallet ? [lpStake] : [],
    wallet_lp: [],
    vault_positions: [],
    steps,
    gas_price_wei: '30000000000',
    pol_usd: 2.5,
    total: { usd: null, gas_pol: '0.0099', gas_usd: 0.01575 },
    index: { refreshed_at: '2026-11-26T04:00:00.000Z', is_stale: false, is_empty: false },
  });
}

/** A wallet with nothing left in ended farms. */
export function emptyRecoveryPlan(): RecoveryPlan {
  return {
    ...recoveryPlan(),
    farms: [],
    in_wallet: [],
    steps: [],
    total: { usd: 0, gas_pol: '0', gas_usd: 0 },
  };
}

/** 3 WMATIC-USDC LP ($600) the wallet holds outside any farm. */
const looseLp = amount(planContracts.loosePair, 'WMATIC-USDC LP', 18, '3000000000000000000', '3', 600);

const looseRemoveStep: RecoveryStep = {
  ...removeStep,
  id: `remove_liquidity:${planContracts.router}:${planContracts.loosePair}`,
  spends: looseLp,
  receives: [
    amount(planContracts.wmatic, 'WMATIC', 18, '1000000000000000000000', '1000', 300),
    amount(planContracts.usdc, 'USDC', 6, '300000000', '300', 300),
  ],
  usd: 600,
  gas: { units: '150000', pol: '0.0045', usd: 0.00225, source: 'estimated' },
  is_ready: true,
};

/**
 * The plan of `recoveryPlan()` for a wallet that also holds `looseLp`, with the server's totals (dQUICK
 * priced here): listed apart and outside the plan ($400, the farm's), or ticked and removed too ($1,000).
 */
export function planWithLooseLp(isIncluded: boolean): RecoveryPlan {
  const plan = recoveryPlan();
  return {
    ...plan,
    wallet_lp: [{ lp: looseLp, is_included: isIncluded }],
    in_wallet: isIncluded ? [looseLp] : [],
    steps: isIncluded ? [...plan.steps, looseRemoveStep] : plan.steps,
    total: { ...plan.total, usd: isIncluded ? 1000 : 400 },
  };
}
