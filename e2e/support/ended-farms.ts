import { farmKindList } from '@tidewatch/shared/farm-kinds';
import {
  type Anvil,
  placeFarmsAt,
  placeRouterAt,
  stakeInFarms,
  type TestAccount,
  TxSender,
  type World,
  type WorldFarm,
} from '@tidewatch/testkit';
import { type Address, getAddress, parseAbi } from 'viem';

/**
 * Two of QuickSwap's own farms on Polygon, both in its published lists (and so in the app's farm registry):
 * the WBTC-USDC LP farm, and an ended dual farm over a WETH pair.
 */
const realFarmAddresses = {
  lp: getAddress('0xBF0b0DEF82C1D473e6B8770458Ddc82f5C8C7504'),
  dual: getAddress('0x3C943fB971BCaB9C4919e5FA71612655Ebd663e5'),
} as const;

const tokenAbi = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);
const periodAbi = parseAbi(['function periodFinish() view returns (uint256)']);

export type EndedStakes = {
  /** The world with the router at QuickSwap's Polygon address. */
  world: World;
  /** The world's farms as placed at the real addresses (their pairs and reward tokens unchanged). */
  farms: { lp: WorldFarm; dual: WorldFarm };
  /** LP tokens the account staked in each. */
  staked: { lp: bigint; dual: bigint };
};

/**
 * Issue 33's wallet: stake in exactly two ended farms, one LP and one dual, run by QuickSwap's own farm
 * bytecode at real Polygon addresses and with Uniswap V2's Router02 at QuickSwap's router address. The
 * world's `lpKey` and `dualKey` farms are copied to `realFarmAddresses` (placeFarmsAt) and given the old
 * dQUICK the originals hold (placeFarmsAt tops up QUICK and WMATIC only); the deployer gives `account` a
 * hundredth of each pair's LP supply, which it stakes in the copies; then the clock moves an hour past the
 * later period end, so both farms ended with rewards owed. Runs before the app starts: its farm index, built
 * at start-up, finds both farms ended.
 */
export async function stakeInTwoEndedFarms(
  anvil: Anvil,
  deployed: World,
  account: TestAccount,
  keys: { lp: keyof World['farms']; dual: keyof World['farms'] },
): Promise<EndedStakes> {
  const world = await placeRouterAt(anvil, deployed);
  const sources = { lp: world.farms[keys.lp], dual: world.farms[keys.dual] };
  if (sources.lp.kind !== 'lp' || sources.dual.kind !== 'dual') {
    throw new Error(`${keys.lp} must be an LP farm and ${keys.dual} a dual farm`);
  }
  const client = anvil.client;
  const deployer = world.accounts.deployer.address;
  const dquick = world.tokens.DQUICK.address;
  const periodFinish = (farm: Address) =>
    client.readContract({ address: farm, abi: periodAbi, functionName: 'periodFinish' });

  await placeFarmsAt(anvil, world, [
    { farm: asGenerationFarm(world, sources.lp), to: realFarmAddresses.lp },
    { farm: asGenerationFarm(world, sources.dual), to: realFarmAddresses.dual },
  ]);
  const farms = {
    lp: { ...sources.lp, address: realFarmAddresses.lp },
    dual: { ...sources.dual, address: realFarmAddresses.dual },
  };

  const tx = new TxSender(anvil);
  const staked = { lp: 0n, dual: 0n };
  for (const side of farmKindList) {
    const held = await client.readContract({
      address: dquick,
      abi: tokenAbi,
      functionName: 'balanceOf',
      args: [sources[side].address],
    });
    await tx.call(deployer, dquick, tokenAbi, 'transfer', [farms[side].address, held]);
    const supply = await client.readContract({
      address: farms[side].pair,
      abi: tokenAbi,
      functionName: 'totalSupply',
    });
    staked[side] = supply / 100n;
    await tx.call(deployer, farms[side].pair, tokenAbi, 'transfer', [account.address, staked[side]]);
  }
  await tx.assertAllSucceeded();
  await stakeInFarms(
    anvil,
    account.address,
    farmKindList.map((side) => ({
      farm: farms[side].address,
      kind: farms[side].kind,
      pair: farms[side].pair,
      amount: staked[side],
    })),
  );

  const ends = await Promise.all([periodFinish(farms.lp.address), periodFinish(farms.dual.address)]);
  // Seconds since 1970 fit a number exactly.
  const lastEnd = Math.max(...ends.map(Number));
  const now = Number((await client.getBlock()).timestamp);
  if (lastEnd > now) await anvil.increaseTime(lastEnd - now + 3_600);
  return { world, farms, staked };
}

/** A world farm in the shape placeFarmsAt takes (its factory, and the period it was notified with). */
function asGenerationFarm(world: World, farm: WorldFarm) {
  return {
    address: farm.address,
    kind: farm.kind,
    factory: farm.kind === 'lp' ? world.lpFarmFactory : world.dualFarmFactory,
    pair: farm.pair,
    pairKey: farm.pairKey,
    duration: 0,
  };
}
