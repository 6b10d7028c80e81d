/**
 * The choice of the PostgreSQL pass (decision 039), pure: given what each server database test ran, the smallest
 * set of files (by a greedy cover, the quickest new blocks first) that still runs every block of PostgreSQL code
 * the whole set runs, plus the files whose subject is the database itself.
 */

/** One test file's run on PostgreSQL: its code blocks run (`url:start-end`) and its time. */
export type FileRun = { file: string; seconds: number; blocks: string[] };

export type PostgresPassChoice = { kept: string[]; leftOut: string[]; blocks: number };

/** Test files that always run on PostgreSQL: their subject is the database (migrations, locks, races, restarts). */
export const isAboutTheDatabase = (file: string) =>
  /migration|concurrency|fuzz|startup|crash|lease/.test(file);

export function choosePostgresPass(
  runs: FileRun[],
  isPostgresCode: (url: string) => boolean,
): PostgresPassChoice {
  const blocksOf = new Map(
    runs.map((run) => [
      run.file,
      new Set(run.blocks.filter((block) => isPostgresCode(block.slice(0, block.lastIndexOf(':'))))),
    ]),
  );
  const secondsOf = new Map(runs.map((run) => [run.file, Math.max(run.seconds, 0.5)]));
  const all = new Set([...blocksOf.values()].flatMap((blocks) => [...blocks]));
  const kept = runs.map((run) => run.file).filter(isAboutTheDatabase);
  const covered = new Set(kept.flatMap((file) => [...(blocksOf.get(file) ?? [])]));
  const newBlocks = (file: string) => [...(blocksOf.get(file) ?? [])].filter((block) => !covered.has(block));
  const candidates = new Set(runs.map((run) => run.file).filter((file) => !kept.includes(file)));
  while (covered.size < all.size) {
    let best: string | undefined;
    let bestRate = 0;
    for (const file of candidates) {
      const rate = newBlocks(file).length / (secondsOf.get(file) ?? 1);
      if (rate > bestRate) [best, bestRate] = [file, rate];
    }
    if (!best) break;
    for (const block of newBlocks(best)) covered.add(block);
    candidates.delete(best);
    kept.push(best);
  }
  // A file chosen early may be covered by those chosen after it: the slowest such go first.
  for (const file of [...kept].sort((a, b) => (secondsOf.get(b) ?? 0) - (secondsOf.get(a) ?? 0))) {
    if (isAboutTheDatabase(file)) continue;
    const others = new Set(
      kept.filter((other) => other !== file).flatMap((other) => [...(blocksOf.get(other) ?? [])]),
    );
    if ([...(blocksOf.get(file) ?? [])].every((block) => others.has(block)))
      kept.splice(kept.indexOf(file), 1);
  }
  const leftOut = runs.map((run) => run.file).filter((file) => !kept.includes(file));
  return { kept: kept.sort(), leftOut: leftOut.sort(), blocks: all.size };
}
