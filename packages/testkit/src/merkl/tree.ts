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

/** The distributor's node hash: the two children sorted, then keccak256(abi.encode(lower, higher)). */
function hashPair(a: Hex, b: Hex): Hex {
  const [lower, higher] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
  return keccak256(`0x${lower.slice(2)}${higher.slice(2)}`);
}

const keyOf = (recipient: Address, token: Address) => `${getAddress(recipient)}:${getAddress(token)}`;

/**
 * Builds the Merkle tree of cumulative rewards the way Merkl's distributor checks claims: leaves
 * keccak256(abi.encode(user, token, amount)), sorted-pair parents, an odd node carried up unpaired.
 * Deterministic: the same rewards in any order give the same root and proofs.
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
  const leaves = [...leafByKey.values()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const levels: Hex[][] = [leaves];
  while ((levels.at(-1) ?? []).length > 1) {
    const level = levels.at(-1) ?? [];
    const parents: Hex[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Hex;
      const right = level[i + 1];
      parents.push(right ? hashPair(left, right) : left);
    }
    levels.push(parents);
  }
  const root = levels.at(-1)?.[0] as Hex;

  return {
    root,
    proofOf(recipient, token) {
      const leaf = leafByKey.get(keyOf(recipient, token));
      if (!leaf) throw new Error(`no reward for ${keyOf(recipient, token)} in the tree`);
      const proof: Hex[] = [];
      let index = leaves.indexOf(leaf);
      for (const level of levels.slice(0, -1)) {
        const sibling = level[index % 2 === 0 ? index + 1 : index - 1];
        if (sibling) proof.push(sibling);
        index = Math.floor(index / 2);
      }
      return proof;
    },
  };
}
