import { BlockNotFoundError, type Hex, type RpcBlock } from 'viem';
import type { BlockStamp } from './block-at-time.ts';
import { type ChainClient, nodeAnswer } from './client.ts';

/**
 * Which blocks count as final (FINALITY, FINALITY_DEPTH): 'finalized' takes the node's `finalized` block and,
 * where the node lacks that tag, `depth` blocks below the head; 'depth' always `depth` blocks below the head.
 */
export type FinalityRule = { finality: 'finalized' | 'depth'; depth: number };

/** A block's number, time and hash. */
export type HashedBlockStamp = BlockStamp & { hash: Hex };

/**
 * The last block the history and the books may read: the node's `finalized` block, or `depth` below the head
 * (never below block 0) under FINALITY=depth or when the node answers the tag with an error or no block
 * (anvil answers head − 2 × slots per epoch; bor and geth the checkpointed block). A node that cannot be
 * reached fails the call, as any other read.
 * @example const final = await finalStamp(chain, { finality: 'finalized', depth: 128 });
 */
export async function finalStamp(chain: ChainClient, rule: FinalityRule): Promise<HashedBlockStamp> {
  if (rule.finality === 'finalized') {
    const finalized = await finalizedBlock(chain);
    if (finalized) return finalized;
  }
  const head = await chain.publicClient.getBlock({ blockTag: 'latest' });
  const depth = BigInt(rule.depth);
  if (depth === 0n) return stampOf(head);
  const number = head.number > depth ? head.number - depth : 0n;
  return stampOf(await chain.publicClient.getBlock({ blockNumber: number }));
}

/** The node's `finalized` block; undefined when it answers the tag with an error or with no block. */
async function finalizedBlock(chain: ChainClient): Promise<HashedBlockStamp | undefined> {
  try {
    const block = (await chain.publicClient.request({
      method: 'eth_getBlockByNumber',
      params: ['finalized', false],
    })) as RpcBlock | null;
    if (!block?.number || !block.hash) return undefined;
    return { number: BigInt(block.number), timestamp: BigInt(block.timestamp), hash: block.hash };
  } catch (error) {
    if (nodeAnswer(error)) return undefined;
    throw error;
  }
}

/**
 * The hash the chain now has at `number`; null when it has no such block (the head is below it, as after a
 * reorganisation to a shorter chain).
 */
export async function blockHashAt(chain: ChainClient, number: bigint): Promise<Hex | null> {
  try {
    const block = await chain.publicClient.getBlock({ blockNumber: number });
    return block.hash;
  } catch (error) {
    if (error instanceof BlockNotFoundError) return null;
    throw error;
  }
}

function stampOf(block: { number: bigint | null; timestamp: bigint; hash: Hex | null }): HashedBlockStamp {
  return { number: block.number ?? 0n, timestamp: block.timestamp, hash: block.hash ?? '0x' };
}
