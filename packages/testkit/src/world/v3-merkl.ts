import { merklDistributor, testErc20 } from '@tidewatch/contracts';
import { type Address, getAddress, zeroHash } from 'viem';
import type { Anvil } from '../anvil.ts';
import { buildMerklTree, type MerklReward, type MerklTree } from '../merkl/tree.ts';
import type { TokenKey } from './spec.ts';
import { TxSender } from './tx-sender.ts';
import { fundToken } from './v3-liquidity.ts';
import type { V3World } from './v3-types.ts';

/**
 * Deploys Merkl's Distributor (restated) with the deployer as governor, its epoch set to one second so a new
 * tree is the active root from the next block on (Merkl's own epoch is an hour, plus a dispute period). Sends only.
 */
export async function deployMerklDistributor(tx: TxSender, governor: Address): Promise<Address> {
  const distributor = await tx.deploy(governor, merklDistributor, [governor], 'Merkl distributor');
  await tx.call(governor, distributor, merklDistributor.abi, 'setEpochDuration', [1]);
  return distributor;
}

type MerklWorld = Pick<V3World, 'tokens' | 'accounts'> & { merkl: Pick<V3World['merkl'], 'distributor'> };

/** A world token as a Merkl reward's token. */
export function merklToken(world: Pick<V3World, 'tokens'>, token: TokenKey): MerklReward['token'] {
  const t = world.tokens[token];
  return { address: t.address, symbol: t.symbol, decimals: t.decimals };
}

/**
 * Publishes a new Merkl tree of cumulative rewards on the world's distributor, as Merkl's updater does: the
 * distributor is topped up with whatever the tree lets users claim beyond what they already claimed, then the
 * governor sets the tree's root (active from the next block). Serve the same rewards with startMerklServer and a
 * claim with its proofs succeeds. Returns the tree.
 * @example
 * const tree = await publishMerklRewards(anvil, v3World, rewards);
 * const merkl = await startMerklServer({ rewards });
 */
export async function publishMerklRewards(
  anvil: Anvil,
  v3World: MerklWorld,
  rewards: readonly MerklReward[],
): Promise<MerklTree> {
  const tree = buildMerklTree(rewards);
  const distributor = v3World.merkl.distributor;
  const owedByToken = new Map<Address, bigint>();
  for (const reward of rewards) {
    const [claimed] = await anvil.client.readContract({
      address: distributor,
      abi: merklDistributor.abi,
      functionName: 'claimed',
      args: [reward.recipient, reward.token.address],
    });
    const token = getAddress(reward.token.address);
    owedByToken.set(token, (owedByToken.get(token) ?? 0n) + reward.amount - claimed);
  }
  const tx = new TxSender(anvil);
  for (const [token, owed] of owedByToken) {
    const balance = await anvil.client.readContract({
      address: token,
      abi: testErc20.abi,
      functionName: 'balanceOf',
      args: [distributor],
    });
    if (balance >= owed) continue;
    const key = Object.values(v3World.tokens).find((t) => getAddress(t.address) === token)?.key;
    if (!key) throw new Error(`${token} is not a world token: the kit cannot fund it`);
    await fundToken(tx, v3World, key, distributor, owed - balance);
  }
  await tx.call(v3World.accounts.deployer.address, distributor, merklDistributor.abi, 'updateTree', [
    { merkleRoot: tree.root, ipfsHash: zeroHash },
  ]);
  await tx.assertAllSucceeded();
  return tree;
}
