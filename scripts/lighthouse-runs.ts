/*
 * The pure parts of `npm run bench:web` (scripts/bench-web.ts): reading a run's scores, choosing the run that
 * counts, and the `--runs` option. Unit-tested in lighthouse-runs.test.ts.
 */

/** The part of a Lighthouse result these functions read. */
export type LighthouseRun = {
  categories: Record<string, { score: number | null } | undefined>;
};

/** The Lighthouse categories the bench runs and reports. */
export const categories = ['performance', 'accessibility', 'best-practices'] as const;

export type Scores = Record<(typeof categories)[number], number>;

/** A run's category scores out of 100; a category Lighthouse could not score counts as 0. */
export function readScores(run: LighthouseRun): Scores {
  const score = (id: string) => Math.round((run.categories[id]?.score ?? 0) * 100);
  return Object.fromEntries(categories.map((id) => [id, score(id)])) as Scores;
}

/** `--runs N` from the command line: Lighthouse runs per page and form factor, 3 when not given. */
export function readRunsOption(args: readonly string[]): number {
  const index = args.indexOf('--runs');
  if (index === -1) return 3;
  const runs = Number(args[index + 1]);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number of at least 1`);
  return runs;
}

/**
 * The run whose performance score is the median of the page's runs (the lower middle for an even count).
 * One Lighthouse run on a shared 2-core machine swings by several points (an empty page's blocking time
 * ranged 0-300 ms here); Lighthouse's own advice on variability is to run several times and take the median.
 */
export function pickMedianRun<Run extends LighthouseRun>(runs: readonly Run[]): Run {
  if (runs.length === 0) throw new Error('no Lighthouse run to pick from');
  const sorted = [...runs].sort((a, b) => readScores(a).performance - readScores(b).performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
