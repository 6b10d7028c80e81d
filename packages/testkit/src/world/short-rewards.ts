import { encodeAbiParameters, erc20Abi, keccak256, toHex } from 'viem';
import type { Anvil } from '../anvil.ts';
import type { FarmKey } from './spec.ts';
import type { World } from './types.ts';

/** Storage slots probed for a token's `balanceOf` mapping: ERC-20s declare it among their first variables. */
const probedSlots = 16;

/**
 * Leaves a farm holding only `leave` of its reward token A (old dQUICK on every QuickSwap V2 farm), while
 * what it owes its stakers (`earned`) stays as it was: the real case of an ended farm whose reward balance
 * ran short. Then `getReward()` and `exit()` revert for a staker owed more than `leave` (the token's transfer
 * fails: 'ERC20: transfer amount exceeds balance'), and `withdraw(amount)` still returns the stake.
 * Returns the farm's balance before.
 *
 * The balance is written into the token's storage (`anvil_setStorageAt`) rather than sent away, so no
 * transaction, event or other holder changes: only the farm's own balance. A Solidity `mapping(address =>
 * uint256)` at slot p keeps an account's value at keccak256(abi.encode(account, p)); p depends on the
 * token's variable layout, so each candidate slot is tried and kept only if `balanceOf(farm)` then reads
 * `leave` (a wrong slot is put back as it was).
 * @example
 * await shortenFarmRewards(anvil, world, 'quickWmaticEnded', 0n); // getReward() now reverts
 */
export async function shortenFarmRewards(
  anvil: Anvil,
  world: World,
  farmKey: FarmKey,
  leave: bigint,
): Promise<bigint> {
  const farm = world.farms[farmKey];
  const token = farm.rewardTokenAddresses[0];
  const balanceOfFarm = () =>
    anvil.client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [farm.address],
    });
  const before = await balanceOfFarm();
  if (leave >= before)
    throw new Error(`${farmKey} holds ${before}, not more than ${leave}: nothing to shorten`);
  for (let slot = 0n; slot < BigInt(probedSlots); slot++) {
    const key = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [farm.address, slot]),
    );
    const previous =
      (await anvil.client.getStorageAt({ address: token, slot: key })) ?? toHex(0n, { size: 32 });
    await anvil.client.setStorageAt({ address: token, index: key, value: toHex(leave, { size: 32 }) });
    if ((await balanceOfFarm()) === leave) return before;
    await anvil.client.setStorageAt({ address: token, index: key, value: previous });
  }
  throw new Error(`no balanceOf mapping found in the first ${probedSlots} slots of ${token}`);
}
