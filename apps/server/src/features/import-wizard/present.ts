import type { WizardData, WizardVariant } from '@tidewatch/shared';
import { wizardTexts } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { roleTokens, type StoredImport } from './stored-import.ts';

/**
 * The `data` a state answers with: always import_id, variant, url and the choice lists (spec section
 * 3), then what the step presents from the pinned-block read gathered entering FETCHING_FARM_ABI.
 * Later steps keep the earlier steps' fields, so a reload shows everything found so far.
 */
export function presentData(
  id: number,
  variant: WizardVariant,
  state: string,
  stored: StoredImport,
): WizardData {
  const data: WizardData = {
    import_id: id,
    variant,
    url: stored.url,
    farm_address: stored.farmAddress,
    ...(stored.farmUrl ? { farm_url: stored.farmUrl } : {}),
    // Every step names its farm: the pair's symbols from the farm index until the chain reads give them.
    ...(stored.indexedSymbols
      ? { symbol0: stored.indexedSymbols[0], symbol1: stored.indexedSymbols[1] }
      : {}),
    token0_choices: stored.choices.token0 ?? [],
    token1_choices: stored.choices.token1 ?? [],
    ...(variant === 'dual'
      ? { reward_a_choices: stored.choices.reward_a ?? [], reward_b_choices: stored.choices.reward_b ?? [] }
      : {}),
  };
  const collected = stored.collected;
  const farm = collected?.read.farms[0];
  if (!collected || !farm) return data;
  const valued = collected.farms[0];
  const pool = collected.pools[0];
  const tokens = roleTokens(stored);
  const view = (role: string) => {
    const t = tokens.find((x) => x.role === role);
    return (
      t && {
        address: t.address,
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
        price_usd: t.sourcePrice,
      }
    );
  };
  const rewards = tokens.filter((t) => t.role.startsWith('reward'));
  Object.assign(data, {
    block_number: Number(collected.blockNumber),
    interface: variant === 'dual' ? 'StakingDualRewards' : 'StakingRewards',
    staking_token: farm.stakingToken,
    reward_tokens: rewards.map((t) => view(t.role)),
    reward_rates: valued?.rewardRates ?? [],
    period_finish: valued?.periodFinish.toISOString(),
    is_ended: valued?.isEnded ?? false,
    is_paused: valued?.isPaused ?? false,
    pool_address: farm.pair.address,
    factory: farm.pair.factory,
    reserve0: pool?.reserve0,
    reserve1: pool?.reserve1,
    pool_total_supply: pool?.totalSupply,
    token0_data: view('token0'),
    token1_data: view('token1'),
    symbol0: view('token0')?.symbol ?? '',
    symbol1: view('token1')?.symbol ?? '',
    account_addresses: stored.accounts,
  });
  if (stored.priceSource) data.price_source = stored.priceSource;
  if (state === 'got unresolvable token' && stored.currentToken) {
    data.address = getAddress(stored.currentToken);
    data.message = wizardTexts.unresolvableToken(data.address);
  }
  if (state === 'got status' && stored.lastStatus) {
    data.status = stored.lastStatus.status;
    data.message = stored.lastStatus.message;
  }
  if (state.startsWith('CREATING_') || state === 'completed') {
    Object.assign(data, {
      token_snapshots: collected.tokens.map((t) => ({
        address: t.address,
        price_usd: t.usd,
        price_source: t.source,
      })),
      pool_snapshot: pool && {
        total_liquidity_usd: pool.totalLiquidityUsd,
        price0_usd: pool.price0Usd,
        price1_usd: pool.price1Usd,
      },
      farm_snapshot: valued && {
        total_liquidity_usd: valued.totalLiquidityUsd,
        share_of_pool: valued.shareOfPool,
        apr: valued.apr,
        total_supply: valued.totalSupply,
      },
      reward_snapshots: valued?.rewardTokens.map((address, k) => ({
        address,
        reward_rate: valued.rewardRates[k],
        price_usd: valued.rewardPricesUsd[k] ?? null,
      })),
      position_snapshots: collected.positions.map((p) => ({
        account_address: p.account,
        staked: p.staked,
        total_liquidity_usd: p.totalLiquidityUsd,
        share_of_farm: p.shareOfFarm,
        earned: p.earned,
      })),
    });
  }
  if (state === 'completed') {
    data.message = wizardTexts.completed(data.symbol0 ?? '', data.symbol1 ?? '');
  }
  return data;
}
