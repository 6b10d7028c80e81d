import type { RecoveryPlan, RecoveryStep } from '@tidewatch/shared';
import { formatEther } from 'viem';
import { findImportedAddresses, findIndexRows } from '../../core/farm-index/index-repository.ts';
import { readIndexState, toIndexedFarm } from '../../core/farm-index/indexed-farm.ts';
import { planTokenPrices } from '../../core/snapshots/index.ts';
import { type RecoveryContext, requireChain, requireUserWallet } from './context.ts';
import type { FarmState } from './plan/chain-state.ts';
import { findRecoveryHoldings } from './plan/find-holdings.ts';
import { createPlanPricing } from './plan/plan-prices.ts';
import { planSteps } from './plan/plan-steps.ts';
import { readRecoveryState } from './plan/read-chain-state.ts';
import { estimateStepGas, toStepGas } from './plan/step-gas.ts';
import { exitTokens, toLairExit, toSyrupExit, toVaultExit } from './plan/vault-positions.ts';
import { isIncluded, planLairExit, planSyrupExit, planVaultExit } from './plan/vault-steps.ts';
import { readReturnedLp, splitWalletLp } from './plan/wallet-lp.ts';
import { listRecordedLpSteps } from './repository.ts';

/**
 * The recovery plan of one of the user's wallets, recomputed from the chain: the ended farms of the index
 * where it has stake or rewards and the LP of their pairs it holds (find stage: one aggregate3 over the index), then everything the steps need
 * at that same block (one aggregate3, prices inside), then the gas price and each ready step's
 * eth_estimateGas (one JSON-RPC batch). Nothing is stored. Its scope is what is left in ended farms: LP
 * the wallet held outside a farm still earns fees, so it is listed apart (`wallet_lp`) and removed only for
 * the pairs in `include.walletLp`; LP the wallet's recorded farm steps returned is the farm's (the receipts
 * say how much, readReturnedLp) and removed as part of the plan. Vault shares and new dQUICK (issue 45) also
 * still earn: listed apart (`vault_positions`, read by the vaults tool at the plan's block) and taken out only for
 * the vaults and lair in `include.vaults`.
 */
export async function getRecoveryPlan(
  ctx: RecoveryContext,
  userId: number,
  walletInput: string,
  include: { walletLp: readonly string[]; vaults: readonly string[] },
): Promise<RecoveryPlan> {
  const { chain, prices } = requireChain(ctx);
  const wallet = await requireUserWallet(ctx, userId, walletInput);
  const rows = await findIndexRows(ctx.db, ctx.chainId);
  const { found, heldPairs, syrups, runningSyrups, blockNumber } = await findRecoveryHoldings(
    chain,
    rows,
    wallet.address,
    ctx.syrups,
  );
  // Vault shares and new dQUICK at the same block, as the vaults tool reads them: listed apart, taken out when
  // the person includes them (they still earn), as a syrup pool still paying is.
  // A vault read that fails (a node refusing the lens, say) leaves them unknown and the rest of the plan standing.
  let held: Awaited<ReturnType<NonNullable<typeof ctx.vaults>['read']>> = { vaults: [], lairs: [] };
  let vaultsUnavailable: string | null = null;
  if (ctx.vaults) {
    try {
      held = await ctx.vaults.read(wallet.address, blockNumber);
    } catch (error) {
      ctx.logWarn?.({ err: error }, 'recovery plan: the vault positions could not be read');
      vaultsUnavailable = 'the vault shares and dQUICK could not be read now: they are unknown, not empty';
    }
  }
  const vaultExits = held.vaults.map(toVaultExit);
  const lairExits = held.lairs.map(toLairExit);
  const { state, prices: tokenPrices } = await readRecoveryState({
    chain,
    contracts: ctx.contracts,
    pairFactory: ctx.pairFactory,
    oldTokens: ctx.oldTokens,
    wallet: wallet.address,
    found,
    heldPairs,
    syrups,
    runningSyrups,
    blockNumber,
    extraPricedTokens: [ctx.wmatic, ...exitTokens(vaultExits, lairExits)],
    planPrices: (plan, tokens) =>
      planTokenPrices({ db: ctx.db, chainId: ctx.chainId, prices }, plan, tokens, { isLive: true }),
  });
  const pricing = createPlanPricing(state, tokenPrices);
  // Ended pools are the plan's own (`syrups`); a running one is the person's choice, as a vault is.
  const syrupExits = state.runningSyrups.map(toSyrupExit);
  // Most value first, as find my farms orders them; unknown values count as 0 there too.
  const usdLeftIn = (farm: FarmState) =>
    (pricing.usdOf({ token: state.pairs.get(farm.pair.toLowerCase())!.lp, raw: farm.staked }) ?? 0) +
    farm.rewards.reduce(
      (sum, token, k) => sum + (pricing.usdOf({ token, raw: farm.earned[k] ?? 0n }) ?? 0),
      0,
    );
  state.farms.sort((a, b) => usdLeftIn(b) - usdLeftIn(a) || a.row.id - b.row.id);
  const returned = await readReturnedLp(chain, {
    state,
    recorded: await listRecordedLpSteps(ctx.db, ctx.chainId, wallet.address),
    rows,
  });
  const walletLp = splitWalletLp(state, returned, include.walletLp);
  const planned = planSteps(state, ctx.contracts, walletLp.inPlan);
  const exits = [
    ...vaultExits
      .filter((v) => isIncluded(include.vaults, v.vault))
      .map((v) => planVaultExit(v, wallet.address)),
    ...lairExits.filter((l) => isIncluded(include.vaults, l.lair)).map(planLairExit),
    ...syrupExits.filter((s) => isIncluded(include.vaults, s.pool)).map(planSyrupExit),
  ];
  // What the person chose to take out first: they came for it, and its steps wait on nothing of the rest.
  const plannedSteps = [...exits.flatMap((exit) => exit.steps), ...planned.steps];
  const finalFlows = [...planned.finalFlows, ...exits.flatMap((exit) => exit.finalFlows)];
  const { gasPrice, gas } = await estimateStepGas(chain, plannedSteps, wallet.address, state.blockNumber);
  const polUsd = pricing.priceOf(ctx.wmatic);

  let gasUnits = 0n;
  const steps: RecoveryStep[] = plannedSteps.map((step, i) => {
    const units = gas[i]!;
    if (units.units !== null) gasUnits += units.units;
    const refused = units.units === null ? `The node would not estimate its gas: ${units.reason}` : null;
    return {
      id: step.id,
      kind: step.kind,
      contract: step.contract,
      contract_label: step.contractLabel,
      function: step.function,
      spends: step.spends && pricing.toTokenAmount(step.spends),
      spender: step.spender,
      receives: step.receives.map(pricing.toTokenAmount),
      usd: pricing.sumUsd(step.receives),
      gas: units.units === null ? null : toStepGas(units.units, units.source, gasPrice, polUsd),
      is_ready: step.isReady,
      note: [step.note, refused].filter(Boolean).join(' ') || null,
      vault: step.vault ?? null,
    };
  });
  const imported = await findImportedAddresses(
    ctx.db,
    ctx.chainId,
    planned.farms.map((f) => f.address),
  );
  const gasPol = formatEther(gasUnits * gasPrice);
  return {
    wallet_address: wallet.address,
    chain_id: ctx.chainId,
    block_number: Number(state.blockNumber),
    is_watch_only: wallet.isWatchOnly,
    contracts: {
      router: ctx.contracts.router,
      lair: ctx.contracts.lair,
      old_quick: ctx.contracts.oldQuick,
      new_quick: ctx.contracts.newQuick,
      converter: ctx.contracts.converter,
    },
    farms: planned.farms.map((farm) => ({
      farm: toIndexedFarm(farm.row, imported, ctx.oldTokens),
      staked: pricing.toTokenAmount({
        token: state.pairs.get(farm.pair.toLowerCase())!.lp,
        raw: farm.staked,
      }),
      earned: farm.rewards.map((token, k) => pricing.toTokenAmount({ token, raw: farm.earned[k] ?? 0n })),
      reward_balances: farm.rewards.map((token, k) =>
        pricing.toTokenAmount({ token, raw: farm.rewardBalances[k] ?? 0n }),
      ),
      is_reward_short: farm.isRewardShort,
    })),
    syrups: planned.syrups.map((syrup) => ({
      pool: syrup.address,
      staked: pricing.toTokenAmount({ token: syrup.stakeToken, raw: syrup.staked }),
      earned: pricing.toTokenAmount({ token: syrup.rewards[0], raw: syrup.earned[0] }),
      reward_balance: pricing.toTokenAmount({ token: syrup.rewards[0], raw: syrup.rewardBalances[0] }),
      is_reward_short: syrup.isRewardShort,
    })),
    in_wallet: planned.inWallet.map(pricing.toTokenAmount),
    wallet_lp: walletLp.loose.map((loose) => ({
      lp: pricing.toTokenAmount({ token: loose.pair.lp, raw: loose.raw }),
      is_included: loose.isIncluded,
    })),
    vault_positions_unavailable: vaultsUnavailable,
    vault_positions: [
      ...vaultExits.map((v) => {
        const value = [...v.amounts, ...v.rewards];
        return {
          kind: 'vault' as const,
          contract: v.vault,
          label: v.label,
          manager: v.manager,
          staking: v.staking && v.staked > 0n ? { address: v.staking.address, pid: v.staking.pid } : null,
          value: value.map(pricing.toTokenAmount),
          usd: pricing.sumUsd(value),
          is_included: isIncluded(include.vaults, v.vault),
        };
      }),
      ...lairExits.map((l) => ({
        kind: 'lair' as const,
        contract: l.lair,
        label: `${l.dquick.token.symbol} in the Dragon's Lair`,
        manager: null,
        staking: null,
        value: [pricing.toTokenAmount(l.quick)],
        usd: pricing.sumUsd([l.quick]),
        is_included: isIncluded(include.vaults, l.lair),
      })),
      ...syrupExits.map((x) => ({
        kind: 'syrup' as const,
        contract: x.pool,
        label: x.label,
        manager: null,
        staking: null,
        value: [x.staked, x.earned].map(pricing.toTokenAmount),
        usd: pricing.sumUsd([x.staked, x.earned]),
        is_included: isIncluded(include.vaults, x.pool),
      })),
    ],
    steps,
    gas_price_wei: gasPrice.toString(),
    pol_usd: polUsd,
    total: {
      usd: pricing.sumUsd(finalFlows),
      gas_pol: gasPol,
      gas_usd: polUsd === null ? null : Number(gasPol) * polUsd,
    },
    index: await readIndexState(ctx.db, ctx.chainId, ctx.now()),
  };
}
