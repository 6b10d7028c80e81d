import { describe, expect, it } from 'vitest';
import { alreadyTaken, type Failure, RetryLaterError, runWork, type WorkKind } from './work-engine.ts';

const at = new Date('2026-01-01T00:00:00Z');
const policy = { firstMs: 1_000, maxMs: 8_000 };

/** A kind over numbers that writes what each stage saw; `fails` says which units' work throws. */
function numbers(units: number[][], fails: (unit: number[]) => Error | undefined) {
  const seen: string[] = [];
  const kind: WorkKind<number[], number> = {
    claim: async () => units,
    take: alreadyTaken,
    perform: async (unit) => {
      seen.push(`perform ${unit}`);
      const error = fails(unit);
      if (error) throw error;
      return unit.length;
    },
    split: (unit, error) => ((error as Error).message === 'revert' ? unit.map((n) => [n]) : []),
    record: async (unit, done) => {
      seen.push(`record ${unit} (${done})`);
    },
    retry: policy,
    backOff: async (unit, failure: Failure) => {
      seen.push(`back off ${unit} until +${failure.nextTryAt(2, at).getTime() - at.getTime()} ms`);
    },
  };
  return { kind, seen };
}

describe('runWork', () => {
  it('splits a unit whose failure divides, and backs off only the part that still fails', async () => {
    const { kind, seen } = numbers([[1, 2, 3]], (unit) =>
      unit.includes(2) ? new Error('revert') : undefined,
    );
    const report = await runWork(kind);
    expect(seen).toEqual([
      'perform 1,2,3',
      'perform 1',
      'record 1 (1)',
      'perform 2',
      'back off 2 until +4000 ms',
      'perform 3',
      'record 3 (1)',
    ]);
    expect(report).toEqual({ claimed: 1, performed: 4, recorded: 2, failed: 1 });
  });

  it("backs off at the time a failure names, over the kind's back-off", async () => {
    const later = new Date(at.getTime() + 30_000);
    const { kind, seen } = numbers([[1]], () => new RetryLaterError('429', later));
    await runWork(kind);
    expect(seen).toContain('back off 1 until +30000 ms');
  });

  it('runs a lane in order, ends it when its lane is held, and takes nothing once stopped', async () => {
    const stopping = new AbortController();
    const order: string[] = [];
    const kind: WorkKind<string, void> = {
      claim: async () => ['a1', 'b1', 'a2', 'b2', 'c1'],
      laneOf: (unit) => unit[0]!,
      take: async (unit) => {
        if (unit === 'b1') return { status: 'lane-held' };
        return { status: 'taken', unit };
      },
      perform: async (unit) => {
        order.push(unit);
        if (unit === 'a2') stopping.abort();
      },
      record: async () => {},
      backOff: async () => {},
    };
    await runWork(kind, { concurrency: 1, stopSignal: stopping.signal });
    // b2 waits behind its held lane; c1 is not taken once the pass stops.
    expect(order).toEqual(['a1', 'a2']);
  });

  it("hands a failure the kind throws on to the caller, after letting go of the unit's hold", async () => {
    const released: string[] = [];
    const kind: WorkKind<string, void> = {
      claim: async () => ['x'],
      take: alreadyTaken,
      perform: async () => {},
      record: async () => {
        throw new Error('database away');
      },
      backOff: async (_unit, failure) => {
        throw failure.error;
      },
      release: async (unit) => {
        released.push(unit);
      },
    };
    await expect(runWork(kind)).rejects.toThrow('database away');
    expect(released).toEqual(['x']);
  });
});
