import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** What a fault file counts (issue 43, Build 8): the suite's last line adds the files' counts up. */
export type FaultCounts = {
  /** Faults played: one per (source, fault, screen or step) met. */
  injected: number;
  /** A screen that answered 500, or a 5xx where only a part of it failed, or changed figures it does not take from the source. */
  screens_broken: number;
  /** An event or a delivery that was never sent and is not waiting to be. */
  lost: number;
  /** A delivery a receiver got twice under two ids, or after it was recorded as sent. */
  duplicated: number;
  /** A lease still held past one lease period after its holder stopped or died. */
  stuck_over_lease: number;
};

/** Where the files write their counts; scripts/faults.sh sets it and prints the sum. */
const reportDir = () => process.env.FAULTS_REPORT_DIR ?? join(tmpdir(), 'tidewatch-faults');

/**
 * The counts of one fault file, written at its end (also when a check failed, so the last line tells what
 * was seen). Each problem is also kept with what happened, for the file's own assertion message.
 * @example const tally = createTally(import.meta.filename); … afterAll(() => tally.write());
 */
export function createTally(file: string) {
  const counts: FaultCounts = { injected: 0, screens_broken: 0, lost: 0, duplicated: 0, stuck_over_lease: 0 };
  const problems: string[] = [];
  return {
    counts,
    problems,
    injected(n = 1) {
      counts.injected += n;
    },
    problem(kind: Exclude<keyof FaultCounts, 'injected'>, what: string) {
      counts[kind] += 1;
      problems.push(`${kind}: ${what}`);
    },
    write() {
      mkdirSync(reportDir(), { recursive: true });
      writeFileSync(join(reportDir(), `${basename(file)}.json`), JSON.stringify(counts));
    },
  };
}
