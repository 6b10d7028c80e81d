import { testErc20 } from '@tidewatch/contracts';
import { type Address, getAddress, type Hex, toHex } from 'viem';
import type { Anvil } from '../anvil.ts';
import type { GenerationFarm } from './farm-generations.ts';
import { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';

/** Storage slots copied: a farm's plain variables (addresses, period, rate, totals) sit in the first few. */
const copiedSlots = 32;

/**
 * Copies a deployed contract to `to`: its runtime code (`anvil_setCode`) and its first storage slots (its plain
 * variables: addresses, period, rate, totals; mappings are not copied, so copy before anyone uses it).
 */
export async function copyContract(anvil: Anvil, from: Address, to: Address): Promise<void> {
  const client = anvil.client;
  const code = await client.getCode({ address: from });
  if (!code || code === '0x') throw new Error(`no code at ${from} to place at ${to}`);
  await client.request({ method: 'anvil_setCode', params: [to, code] } as never);
  for (let slot = 0; slot < copiedSlots; slot++) {
    const value = (await client.request({
      method: 'eth_getStorageAt',
      params: [from, toHex(slot), 'latest'],
    } as never)) as Hex;
    if (BigInt(value) === 0n) continue;
    await client.request({
      method: 'anvil_setStorageAt',
      params: [to, toHex(slot, { size: 32 }), value],
    } as never);
  }
}

/**
 * Farms that only QuickSwap's published lists know: each deployed farm is copied to an address of the
 * registry, as real bytecode with its storage (`anvil_setCode` + `anvil_setStorageAt`), and the copy is
 * given the reward tokens the original holds. Copy before anyone stakes (mappings are not copied). The
 * originals stay where their factory put them.
 */
export async function placeFarmsAt(
  anvil: Anvil,
  world: World,
  moves: { farm: GenerationFarm; to: Address }[],
): Promise<GenerationFarm[]> {
  const client = anvil.client;
  const tx = new TxSender(anvil);
  const rewards = [world.tokens.QUICK.address, world.tokens.WMATIC.address];
  const deployer = world.accounts.deployer.address;
  const placed: GenerationFarm[] = [];
  for (const { farm, to } of moves) {
    await copyContract(anvil, farm.address, to);
    for (const token of rewards) {
      const balance = (await client.readContract({
        address: token,
        abi: testErc20.abi,
        functionName: 'balanceOf',
        args: [farm.address],
      })) as bigint;
      if (balance > 0n) await tx.call(deployer, token, testErc20.abi, 'mint', [to, balance]);
    }
    placed.push({ ...farm, address: getAddress(to) });
  }
  await tx.assertAllSucceeded();
  return placed;
}

/** QuickSwap's V2 router on Polygon (Uniswap V2 Router02 code). */
export const QUICKSWAP_ROUTER_POLYGON_ADDRESS = '0xa5E0829CaCEd8fFDD4De3c43696c57F7D7A678ff' as const;

/**
 * Places the world's router at QuickSwap's router address on Polygon (or `to`), the way placeFarmsAt places
 * farms: `anvil_setCode` of the deployed router's runtime code. Router02 has no storage: its factory and
 * WETH are immutables, written into that runtime code at deployment, so the copy is the whole contract.
 * Returns the world with `router` at the new address (the original stays where it was deployed).
 * @example
 * world = await placeRouterAt(anvil, world); // world.router === QUICKSWAP_ROUTER_POLYGON_ADDRESS
 */
export async function placeRouterAt(
  anvil: Anvil,
  world: World,
  to: Address = QUICKSWAP_ROUTER_POLYGON_ADDRESS,
): Promise<World> {
  const code = await anvil.client.getCode({ address: world.router });
  if (!code || code === '0x') throw new Error(`no router code at ${world.router}`);
  await anvil.client.request({ method: 'anvil_setCode', params: [to, code] } as never);
  return { ...world, router: getAddress(to) };
}
