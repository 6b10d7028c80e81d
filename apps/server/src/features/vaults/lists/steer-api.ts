import { type Address, getAddress, isAddress } from 'viem';
import { z } from 'zod';
import type { ListedVault } from '../../../core/farm-index/vault-registry.ts';

/** Steer's API did not answer usably: down, slow, an HTTP error, or an answer not of the shape its callers read. */
class SteerApiError extends Error {
  override readonly name = 'SteerApiError';
}

const address = z.string().refine((value) => isAddress(value, { strict: false }), 'not an address');

/**
 * `GET {STEER_API_URL}/getSmartPools?chainId=137&dexName=quickswap`, the part QuickSwap's interface reads
 * (interface-v2 src/hooks/v3/useSteerData.ts): the vaults of each pool, keyed by pool address.
 */
const smartPoolsSchema = z.object({
  pools: z.record(z.string(), z.array(z.object({ vaultAddress: address }).loose())),
});

/**
 * `GET {STEER_STAKING_POOLS_URL}`, the part QuickSwap's interface reads: every chain's staking pools, of which it
 * keeps `chainId === 137 && protocol === 'QuickSwapV3'`; `stakingPool` stakes the vault `stakingToken`.
 * `isDualFactory` pools pay two tokens through `earnedA`/`earnedB`: not read here (see decision 041).
 */
const stakingPoolsSchema = z.object({
  pools: z.array(
    z
      .object({
        chainId: z.number().int(),
        protocol: z.string(),
        stakingPool: address,
        stakingToken: address,
        isDualFactory: z.boolean().optional(),
        periodFinish: z.union([z.number(), z.string()]).optional(),
      })
      .loose(),
  ),
});

/** QuickSwap's name for itself on Steer's API, per chain (interface-v2 `getSteerDexName`). */
const dexNameOf = (chainId: number) => (chainId === 137 ? 'quickswap' : 'quickswapv3');

export type SteerApiOptions = { apiUrl: string; stakingPoolsUrl: string; timeoutMs: number };

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new SteerApiError(`Steer's API answered HTTP ${response.status}`);
    return await response.json();
  } catch (error) {
    if (error instanceof SteerApiError) throw error;
    const isTimeout = error instanceof Error && error.name === 'TimeoutError';
    throw new SteerApiError(
      isTimeout
        ? `Steer's API did not answer within ${timeoutMs} ms`
        : "Steer's API could not be reached or did not answer JSON",
      { cause: error },
    );
  }
}

/**
 * Steer's vaults on QuickSwap as QuickSwap's interface finds them: the smart pools' vaults, each with the staking
 * pool (a StakingRewards of its shares) the staking-pools list names for it, the newest-ending one when several do.
 * Throws SteerApiError when either answer is missing or not of its shape: the caller marks Steer's vaults unknown.
 */
export async function fetchSteerVaults(options: SteerApiOptions, chainId: number): Promise<ListedVault[]> {
  const poolsUrl = `${options.apiUrl}/getSmartPools?chainId=${chainId}&dexName=${dexNameOf(chainId)}`;
  const [poolsBody, stakingBody] = await Promise.all([
    getJson(poolsUrl, options.timeoutMs),
    getJson(options.stakingPoolsUrl, options.timeoutMs),
  ]);
  const pools = smartPoolsSchema.safeParse(poolsBody);
  if (!pools.success) throw new SteerApiError("Steer's API answered something that is not its smart pools");
  const staking = stakingPoolsSchema.safeParse(stakingBody);
  if (!staking.success) throw new SteerApiError("Steer's staking pools list is not of its shape");
  const stakingOf = new Map<string, { pool: Address; finish: number }>();
  for (const pool of staking.data.pools) {
    if (pool.chainId !== chainId || pool.protocol !== 'QuickSwapV3' || pool.isDualFactory) continue;
    const vault = pool.stakingToken.toLowerCase();
    const finish = Number(pool.periodFinish ?? 0);
    const known = stakingOf.get(vault);
    if (!known || finish > known.finish) stakingOf.set(vault, { pool: getAddress(pool.stakingPool), finish });
  }
  const vaults = new Map<string, ListedVault>();
  for (const entry of Object.values(pools.data.pools).flat()) {
    const vault = getAddress(entry.vaultAddress);
    const stake = stakingOf.get(vault.toLowerCase());
    vaults.set(vault.toLowerCase(), {
      address: vault,
      manager: 'steer',
      staking: stake ? { kind: 'staking-rewards', address: stake.pool, pid: 0 } : null,
    });
  }
  return [...vaults.values()];
}
