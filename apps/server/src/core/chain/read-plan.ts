import { multicall3 } from '@tidewatch/contracts';
import type { Address } from 'viem';
import type { ChainClient } from './client.ts';
import { executeReads, type ReadCall, requireAll } from './multicall.ts';

type Entry = { call: ReadCall; apply: (value: unknown) => void; isOptional: boolean };

/** The block a plan's reads ran at, filled when the plan ran (see `ReadPlan.addBlock`). */
export type PlannedBlock = { number: bigint; timestamp: bigint };

/**
 * Collects reads with what to do with each result, runs them in one batched aggregate3 at one block, and
 * applies results only when every required read succeeded: callers never see a half-filled result.
 */
export class ReadPlan {
  private readonly entries: Entry[] = [];
  private blockEntry: number | undefined;

  add<T>(call: ReadCall, apply: (value: T) => void): void {
    this.entries.push({ call, apply: apply as (value: unknown) => void, isOptional: false });
  }

  /** A read that may fail (e.g. `name()` on tokens without one): it then yields `null`. */
  addOptional<T>(call: ReadCall, apply: (value: T | null) => void): void {
    this.entries.push({ call, apply: apply as (value: unknown) => void, isOptional: true });
  }

  /**
   * Reads the block number and timestamp through Multicall3 inside the same aggregate3, so they are
   * those of the very state the other reads saw, at no extra request.
   */
  addBlock(multicall3Address: Address): PlannedBlock {
    const block: PlannedBlock = { number: 0n, timestamp: 0n };
    const abi = multicall3.abi;
    this.blockEntry = this.entries.length;
    this.add<bigint>(
      {
        label: 'Multicall3: getBlockNumber()',
        address: multicall3Address,
        abi,
        functionName: 'getBlockNumber',
      },
      (v) => {
        block.number = v;
      },
    );
    this.add<bigint>(
      {
        label: 'Multicall3: getCurrentBlockTimestamp()',
        address: multicall3Address,
        abi,
        functionName: 'getCurrentBlockTimestamp',
      },
      (v) => {
        block.timestamp = v;
      },
    );
    return block;
  }

  async run(chain: ChainClient, block: bigint | 'latest', maxCalldataBytes?: number): Promise<void> {
    if (this.entries.length === 0) return;
    const outcomes = await executeReads(
      chain,
      this.entries.map((e) => e.call),
      { block, maxCalldataBytes },
    );
    const required = outcomes.filter((_, i) => !this.entries[i]!.isOptional);
    const blockOutcome = this.blockEntry === undefined ? undefined : outcomes[this.blockEntry];
    const readAt =
      block !== 'latest' ? block : blockOutcome?.isOk ? (blockOutcome.value as bigint) : undefined;
    requireAll(required, readAt);
    outcomes.forEach((outcome, i) => {
      this.entries[i]!.apply(outcome.isOk ? outcome.value : null);
    });
  }
}
