import { dragonLair, nonfungiblePositionManager, testErc20 } from '@tidewatch/contracts';
import { type Address, getAddress, maxUint256, parseAbiItem, zeroAddress } from 'viem';
import type { Anvil } from '../anvil.ts';
import { lairSpecs, type TokenKey } from './spec.ts';
import type { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';

/** Deadline for the periphery's calls: never in the way, whatever the chain clock says. */
export const NO_DEADLINE = maxUint256;

/** A whole number of tokens in a token's base units. */
export function tokenUnits(world: Pick<World, 'tokens'>, token: TokenKey, whole: number): bigint {
  return BigInt(whole) * 10n ** BigInt(world.tokens[token].decimals);
}

/** Gives `to` tokens: minted for the test ERC-20s, sent from the deployer's dQUICK for a Dragon's Lair. */
export async function fundToken(
  tx: TxSender,
  world: Pick<World, 'tokens' | 'accounts'>,
  token: TokenKey,
  to: Address,
  amount: bigint,
): Promise<void> {
  const d = world.accounts.deployer.address;
  const address = world.tokens[token].address;
  if (token in lairSpecs) await tx.call(d, address, dragonLair.abi, 'transfer', [to, amount]);
  else await tx.call(d, address, testErc20.abi, 'mint', [to, amount]);
}

/** Lets `spender` take any amount of `tokens` from `owner`. */
export async function approveAll(
  tx: TxSender,
  owner: Address,
  tokens: readonly Address[],
  spender: Address,
): Promise<void> {
  for (const token of tokens) await tx.call(owner, token, testErc20.abi, 'approve', [spender, maxUint256]);
}

export type PositionMint = {
  /** Pays the tokens (must have them and have approved the position manager). */
  from: Address;
  /** Receives the position NFT. */
  recipient: Address;
  token0: Address;
  token1: Address;
  tickLower: number;
  tickUpper: number;
  amount0Desired: bigint;
  amount1Desired: bigint;
};

const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
);

/**
 * Mints positions through the NonfungiblePositionManager, in order, and returns their token ids in the same
 * order (from the position manager's mint Transfer events, so burnt or earlier positions do not matter).
 */
export async function mintPositions(
  anvil: Anvil,
  tx: TxSender,
  positionManager: Address,
  mints: readonly PositionMint[],
): Promise<bigint[]> {
  const fromBlock = (await anvil.client.getBlockNumber()) + 1n;
  for (const mint of mints) {
    await tx.call(mint.from, positionManager, nonfungiblePositionManager.abi, 'mint', [
      {
        token0: mint.token0,
        token1: mint.token1,
        tickLower: mint.tickLower,
        tickUpper: mint.tickUpper,
        amount0Desired: mint.amount0Desired,
        amount1Desired: mint.amount1Desired,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: mint.recipient,
        deadline: NO_DEADLINE,
      },
    ]);
  }
  await tx.assertAllSucceeded();
  const logs = await anvil.client.getLogs({
    address: positionManager,
    event: transferEvent,
    args: { from: zeroAddress },
    fromBlock,
  });
  const ids = logs.map((log) => log.args.tokenId as bigint);
  if (ids.length !== mints.length)
    throw new Error(`minted ${ids.length} positions, expected ${mints.length}`);
  return ids;
}

/** The liquidity of a position NFT (positions(tokenId).liquidity). */
export async function positionLiquidity(
  anvil: Anvil,
  positionManager: Address,
  tokenId: bigint,
): Promise<bigint> {
  const position = await anvil.client.readContract({
    address: positionManager,
    abi: nonfungiblePositionManager.abi,
    functionName: 'positions',
    args: [tokenId],
  });
  return position[6];
}

/** Lets the kit send from any address (anvil impersonation), with gas money if it has none. */
export async function impersonate(anvil: Anvil, address: Address): Promise<void> {
  const request = anvil.client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>;
  await request({ method: 'anvil_impersonateAccount', params: [getAddress(address)] });
  const balance = await anvil.client.getBalance({ address });
  if (balance < 10n ** 18n) {
    await request({
      method: 'anvil_setBalance',
      params: [getAddress(address), `0x${(10n ** 20n).toString(16)}`],
    });
  }
}
