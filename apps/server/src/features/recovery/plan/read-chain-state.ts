import { dragonLair, pair, pairFactory, testErc20 } from '@tidewatch/contracts';
import { type Address, getAddress, zeroAddress } from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import { planTokenReads, type TokenInfo } from '../../../core/chain/erc20.ts';
import { farmContracts } from '../../../core/chain/farm-contracts.ts';
import { ReadPlan } from '../../../core/chain/read-plan.ts';
import type { SyrupStake } from '../../../core/chain/syrup-stakes.ts';
import { labelSymbol, type OldTokens } from '../../../core/chain/token-labels.ts';
import type { IndexRow } from '../../../core/farm-index/index-repository.ts';
import type { WalletFarm } from '../../../core/farm-index/wallet-farms.ts';
import type { TokenPrice } from '../../../core/snapshots/index.ts';
import type {
  FarmState,
  PairState,
  PlanToken,
  RecoveryChainState,
  RecoveryContracts,
  SyrupState,
} from './chain-state.ts';

export type ReadRecoveryInput = {
  chain: ChainClient;
  contracts: RecoveryContracts;
  /** QuickSwap's pair factory: every index farm stakes one of its pairs; its `feeTo` turns the fee on. */
  pairFactory: Address;
  oldTokens: OldTokens;
  wallet: Address;
  /** The find stage's answer: the index farms where the wallet has something, read at `blockNumber`. */
  found: WalletFarm[];
  /** Pairs of ended farms whose LP the wallet holds (one index row each). */
  heldPairs: IndexRow[];
  /** Ended syrup pools where the wallet has something (the find stage's). */
  syrups: SyrupStake[];
  /** Syrup pools still paying where the wallet has something (the find stage's). */
  runningSyrups: SyrupStake[];
  blockNumber: bigint;
  /** Tokens priced beside the plan's own (WMATIC: POL's price for the gas). */
  extraPricedTokens: Address[];
  /** The price rule's reads planned into the same aggregate3 (planTokenPrices). */
  planPrices: (plan: ReadPlan, tokens: Address[]) => () => Promise<Map<string, TokenPrice>>;
};

const erc20 = testErc20.abi;

/**
 * The recovery plan's second read, at the find stage's block so both see one state: each found farm's
 * period end and what it holds of its reward tokens, each pair's (the found farms' and those whose LP the
 * wallet holds) reserves, balances, supply, kLast, the wallet's LP and router allowance, the factory's feeTo, the old lair, old and new QUICK (the wallet's,
 * the converter's), each ended syrup's tokens and reward balance, and every price: one aggregate3. Farms whose period has not ended at that block's time
 * are left out (the plan is for ended farms; the index's own flag may be a day old).
 */
export async function readRecoveryState(
  input: ReadRecoveryInput,
): Promise<{ state: RecoveryChainState; prices: Map<string, TokenPrice> }> {
  const { wallet, contracts, oldTokens } = input;
  const plan = new ReadPlan();
  const block = plan.addBlock(input.chain.multicall3Address);
  const token = (address: string, symbol: string, decimals: number): PlanToken => ({
    address: getAddress(address),
    symbol: labelSymbol(oldTokens, address, symbol),
    decimals,
  });

  const farms = input.found.map((f) => {
    const { farm: row } = f;
    const rewards = [token(row.reward_a_address, row.reward_a_symbol, row.reward_a_decimals)];
    if (row.reward_b_address && row.reward_b_symbol && row.reward_b_decimals !== null) {
      rewards.push(token(row.reward_b_address, row.reward_b_symbol, row.reward_b_decimals));
    }
    const state: FarmState & { periodFinish: bigint } = {
      row,
      address: getAddress(row.address),
      pair: getAddress(row.pair_address),
      staked: f.staked,
      rewards,
      earned: rewards.map((_, k) => f.earned[k] ?? 0n),
      rewardBalances: rewards.map(() => 0n),
      periodFinish: 0n,
    };
    const abi = farmContracts[row.kind].farmAbi;
    plan.add<bigint>(
      {
        label: `farm ${state.address}: periodFinish()`,
        address: state.address,
        abi,
        functionName: 'periodFinish',
      },
      (v) => {
        state.periodFinish = v;
      },
    );
    rewards.forEach((reward, k) => {
      plan.add<bigint>(
        {
          label: `token ${reward.address}: balanceOf(${state.address})`,
          address: reward.address,
          abi: erc20,
          functionName: 'balanceOf',
          args: [state.address],
        },
        (v) => {
          state.rewardBalances[k] = v;
        },
      );
    });
    return state;
  });

  // Each ended syrup's tokens (named as the pool itself says) and what it holds of its reward.
  const syrupState = (found: SyrupStake) => {
    const state: SyrupState = {
      address: found.pool,
      stakeToken: token(found.stakingToken, '', 18),
      staked: found.staked,
      rewards: [token(found.rewardsToken, '', 18)],
      earned: [found.earned],
      rewardBalances: [0n],
    };
    planTokenReads(plan, found.stakingToken, (info) => {
      state.stakeToken = token(info.address, info.symbol, info.decimals);
    });
    planTokenReads(plan, found.rewardsToken, (info) => {
      state.rewards = [token(info.address, info.symbol, info.decimals)];
    });
    plan.add<bigint>(
      {
        label: `token ${found.rewardsToken}: balanceOf(${found.pool})`,
        address: found.rewardsToken,
        abi: erc20,
        functionName: 'balanceOf',
        args: [found.pool],
      },
      (v) => {
        state.rewardBalances = [v];
      },
    );
    return state;
  };
  const syrups = input.syrups.map(syrupState);
  const runningSyrups = input.runningSyrups.map(syrupState);

  const pairs = new Map<string, PairState>();
  for (const row of [...input.found.map((f) => f.farm), ...input.heldPairs]) {
    const key = row.pair_address.toLowerCase();
    if (pairs.has(key)) continue;
    const token0 = token(row.token0_address, row.token0_symbol, row.token0_decimals);
    const token1 = token(row.token1_address, row.token1_symbol, row.token1_decimals);
    const state: PairState = {
      address: getAddress(row.pair_address),
      lp: {
        address: getAddress(row.pair_address),
        symbol: `${token0.symbol}-${token1.symbol} LP`,
        decimals: 18,
      },
      token0,
      token1,
      reserve0: 0n,
      reserve1: 0n,
      balance0: 0n,
      balance1: 0n,
      totalSupply: 0n,
      kLast: 0n,
      ownLp: 0n,
      walletLp: 0n,
      routerAllowance: 0n,
    };
    pairs.set(key, state);
    planPairReads(plan, state, wallet, contracts.router);
  }

  let feeTo: Address = zeroAddress;
  plan.add<Address>(
    {
      label: `factory ${input.pairFactory}: feeTo()`,
      address: input.pairFactory,
      abi: pairFactory.abi,
      functionName: 'feeTo',
    },
    (v) => {
      feeTo = v;
    },
  );
  const lair = {
    token: token(contracts.lair, 'dQUICK', 18),
    quickHeld: 0n,
    totalSupply: 0n,
    walletBalance: 0n,
  };
  const oldQuick = {
    token: token(contracts.oldQuick, 'QUICK', 18),
    walletBalance: 0n,
    converterAllowance: 0n,
  };
  const newQuick = { token: token(contracts.newQuick, 'QUICK', 18), converterBalance: 0n };
  // The three tokens' own symbol and decimals (the index rows name the others).
  const named = (target: { token: PlanToken }) => (info: TokenInfo) => {
    target.token = token(info.address, info.symbol, info.decimals);
  };
  planTokenReads(plan, contracts.lair, named(lair));
  planTokenReads(plan, contracts.oldQuick, named(oldQuick));
  planTokenReads(plan, contracts.newQuick, named(newQuick));
  const balance = (of: Address, who: Address, apply: (v: bigint) => void) =>
    plan.add<bigint>(
      {
        label: `token ${of}: balanceOf(${who})`,
        address: of,
        abi: erc20,
        functionName: 'balanceOf',
        args: [who],
      },
      apply,
    );
  balance(contracts.oldQuick, contracts.lair, (v) => {
    lair.quickHeld = v;
  });
  plan.add<bigint>(
    {
      label: `lair ${contracts.lair}: totalSupply()`,
      address: contracts.lair,
      abi: dragonLair.abi,
      functionName: 'totalSupply',
    },
    (v) => {
      lair.totalSupply = v;
    },
  );
  balance(contracts.lair, wallet, (v) => {
    lair.walletBalance = v;
  });
  balance(contracts.oldQuick, wallet, (v) => {
    oldQuick.walletBalance = v;
  });
  plan.add<bigint>(
    {
      label: `token ${contracts.oldQuick}: allowance(${wallet}, ${contracts.converter})`,
      address: contracts.oldQuick,
      abi: erc20,
      functionName: 'allowance',
      args: [wallet, contracts.converter],
    },
    (v) => {
      oldQuick.converterAllowance = v;
    },
  );
  balance(contracts.newQuick, contracts.converter, (v) => {
    newQuick.converterBalance = v;
  });

  const priced = new Map<string, Address>();
  for (const address of [
    ...[...pairs.values()].flatMap((p) => [p.token0.address, p.token1.address]),
    ...farms.flatMap((f) => f.rewards.map((r) => r.address)),
    ...[...input.syrups, ...input.runningSyrups].flatMap((s) => [s.stakingToken, s.rewardsToken]),
    contracts.lair,
    contracts.oldQuick,
    contracts.newQuick,
    ...input.extraPricedTokens,
  ]) {
    priced.set(address.toLowerCase(), getAddress(address));
  }
  const pricesOf = input.planPrices(plan, [...priced.values()]);
  await plan.run(input.chain, input.blockNumber, input.chain.maxCalldataBytes);
  const prices = await pricesOf();

  const ended = farms.filter((f) => f.periodFinish > 0n && f.periodFinish <= block.timestamp);
  const usedPairs = new Set([
    ...ended.map((f) => f.pair.toLowerCase()),
    ...input.heldPairs.map((row) => row.pair_address.toLowerCase()),
  ]);
  return {
    state: {
      wallet,
      blockNumber: block.number,
      blockTimestamp: block.timestamp,
      farms: ended.map(({ periodFinish: _, ...farm }) => farm),
      syrups,
      runningSyrups,
      pairs: new Map([...pairs].filter(([key]) => usedPairs.has(key))),
      isFeeOn: feeTo !== zeroAddress,
      lair,
      oldQuick,
      newQuick,
    },
    prices,
  };
}

/** A pair's reads for its burn and the wallet's LP, into `state` once the plan ran. */
function planPairReads(plan: ReadPlan, state: PairState, wallet: Address, router: Address): void {
  const { address } = state;
  const abi = pair.abi;
  plan.add<readonly [bigint, bigint, number]>(
    { label: `pair ${address}: getReserves()`, address, abi, functionName: 'getReserves' },
    (v) => {
      state.reserve0 = v[0];
      state.reserve1 = v[1];
    },
  );
  const reads: [string, readonly unknown[], (v: bigint) => void][] = [
    ['totalSupply', [], (v) => (state.totalSupply = v)],
    ['kLast', [], (v) => (state.kLast = v)],
    ['balanceOf', [address], (v) => (state.ownLp = v)],
    ['balanceOf', [wallet], (v) => (state.walletLp = v)],
    ['allowance', [wallet, router], (v) => (state.routerAllowance = v)],
  ];
  for (const [functionName, args, apply] of reads) {
    plan.add<bigint>(
      { label: `pair ${address}: ${functionName}(${args.join(', ')})`, address, abi, functionName, args },
      apply,
    );
  }
  for (const [side, tokenAddress] of [
    [0, state.token0.address],
    [1, state.token1.address],
  ] as const) {
    plan.add<bigint>(
      {
        label: `token ${tokenAddress}: balanceOf(${address})`,
        address: tokenAddress,
        abi: erc20,
        functionName: 'balanceOf',
        args: [address],
      },
      (v) => {
        if (side === 0) state.balance0 = v;
        else state.balance1 = v;
      },
    );
  }
}
