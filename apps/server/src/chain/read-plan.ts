import type { ChainClient } from './client.ts';
import { executeReads, type ReadCall, requireAll } from './multicall.ts';

type Entry = { call: ReadCall; apply: (value: unknown) => void; isOptional: boolean };

/**
 * Collects reads with what to do with each result, runs them in one batched aggregate3 at one block, and
 * applies results only when every required read succeeded: callers never see a half-filled result.
 */
export class ReadPlan {
  private readonly entries: Entry[] = [];

  get size(): number {
    return this.entries.length;
  }

  add<T>(call: ReadCall, apply: (value: T) => void): void {
    this.entries.push({ call, apply: apply as (value: unknown) => void, isOptional: false });
  }

  /** A read that may fail (e.g. `name()` on tokens without one): it then yields `null`. */
  addOptional<T>(call: ReadCall, apply: (value: T | null) => void): void {
    this.entries.push({ call, apply: apply as (value: unknown) => void, isOptional: true });
  }

  async run(chain: ChainClient, block: bigint | 'latest', maxCalldataBytes?: number): Promise<void> {
    const outcomes = await executeReads(
      chain,
      this.entries.map((e) => e.call),
      { block, maxCalldataBytes },
    );
    const required = outcomes.filter((_, i) => !this.entries[i]!.isOptional);
    requireAll(required, block === 'latest' ? undefined : block);
    outcomes.forEach((outcome, i) => {
      this.entries[i]!.apply(outcome.isOk ? outcome.value : null);
    });
  }
}
