import { SimpleMerkleTree } from '@openzeppelin/merkle-tree';
import { type Address, encodeAbiParameters, getAddress, type Hex, keccak256 } from 'viem';

/** One Merkl reward of one user in one token, as the API reports it. */
export type MerklReward = {
  recipient: Address;
  token: { address: Address; symbol: string; decimals: number };
  /** Cumulative amount earned, in base units: the tree's leaf amount. */
  amount: bigint;
  /** What the API says was claimed (its indexer's view of the distributor); 0 when omitted. */
  claimed?: bigint;
  /** Earned but not yet in a tree (the API's `pending`); 0 when omitted. */
  pending?: bigint;
  /** The campaign the reward comes from (breakdowns); a fixed made-up id when omitted. */
  campaignId?: Hex;
};

export type MerklTree = {
  root: Hex;
  /** The sibling hashes that prove a reward's leaf, bottom up. */
  proofOf(recipient: Address, token: Address): Hex[];
};

/** The leaf Merkl's distributor verifies: keccak256(abi.encode(user, token, amount)). */
function merklLeaf(recipient: Address, token: Address, amount: bigint): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
      [recipient, token, amount],
    ),
  );
}

const keyOf = (recipient: Address, token: Address) => `${getAddress(recipient)}:${getAddress(token)}`;

/**
 * Builds the Merkle tree of cumulative rewards the way Merkl's distributor checks claims, with OpenZeppelin's
 * merkle-tree library (SimpleMerkleTree: the leaves as given, sorted-pair keccak256 parents, which is the
 * distributor's `_verifyProof`): leaves keccak256(abi.encode(user, token, amount)). Deterministic: the same rewards
 * in any order give the same root and proofs.
 * @example
 * const tree = buildMerklTree(rewards);
 * // distributor.claim([user], [token], [amount], [tree.proofOf(user, token)])
 */
export function buildMerklTree(rewards: readonly MerklReward[]): MerklTree {
  if (rewards.length === 0) throw new Error('a Merkl tree needs at least one reward');
  const leafByKey = new Map<string, Hex>();
  for (const reward of rewards) {
    const key = keyOf(reward.recipient, reward.token.address);
    if (leafByKey.has(key)) throw new Error(`two rewards for ${key}: amounts are cumulative, give one`);
    leafByKey.set(key, merklLeaf(reward.recipient, reward.token.address, reward.amount));
  }
  // Sorted first: the tree's shape (and so every proof) does not depend on the rewards' order.
  const leaves = [...leafByKey.values()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const tree = SimpleMerkleTree.of(leaves, { sortLeaves: false });
  return {
    root: tree.root as Hex,
    proofOf(recipient, token) {
      const leaf = leafByKey.get(keyOf(recipient, token));
      if (!leaf) throw new Error(`no reward for ${keyOf(recipient, token)} in the tree`);
      return tree.getProof(leaf) as Hex[];
    },
  };
}
