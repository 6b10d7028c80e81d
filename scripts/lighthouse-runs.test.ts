import { describe, expect, it } from 'vitest';
import { pickMedianRun, readRunsOption, readScores } from './lighthouse-runs.ts';

/** A Lighthouse result as far as these functions read it, with a name to tell runs apart. */
function run(name: string, performance: number | null, accessibility = 1) {
  return {
    name,
    categories: {
      performance: { score: performance },
      accessibility: { score: accessibility },
      'best-practices': { score: 0.96 },
    },
  };
}

describe('readScores', () => {
  it('reads each category out of 100, rounded', () => {
    expect(readScores(run('a', 0.945))).toEqual({
      performance: 95,
      accessibility: 100,
      'best-practices': 96,
    });
  });

  it('counts a category Lighthouse could not score as 0', () => {
    expect(readScores(run('a', null)).performance).toBe(0);
    expect(readScores({ categories: {} })).toEqual({
      performance: 0,
      accessibility: 0,
      'best-practices': 0,
    });
  });
});

describe('pickMedianRun', () => {
  it('picks the run with the median performance score, whatever the order of the runs', () => {
    const runs = [run('slow', 0.77), run('fast', 0.93), run('middle', 0.83)];
    expect(pickMedianRun(runs).name).toBe('middle');
    expect(pickMedianRun([...runs].reverse()).name).toBe('middle');
  });

  it('keeps the rest of the median run (its accessibility is reported with it)', () => {
    const picked = pickMedianRun([run('a', 0.5, 0.9), run('b', 0.7, 0.8), run('c', 0.9, 1)]);
    expect(readScores(picked)).toMatchObject({ performance: 70, accessibility: 80 });
  });

  it('takes the lower middle of an even count, and the only run of one', () => {
    expect(pickMedianRun([run('a', 0.9), run('b', 0.8)]).name).toBe('b');
    expect(pickMedianRun([run('only', 0.6)]).name).toBe('only');
  });

  it('refuses an empty list', () => {
    expect(() => pickMedianRun([])).toThrow('no Lighthouse run');
  });
});

describe('readRunsOption', () => {
  it('is 3 without --runs, and the number given with it', () => {
    expect(readRunsOption([])).toBe(3);
    expect(readRunsOption(['--runs', '5'])).toBe(5);
  });

  it('refuses a count that is not a whole number of at least 1', () => {
    for (const value of ['0', '-2', '1.5', 'many', undefined]) {
      const args = value === undefined ? ['--runs'] : ['--runs', value];
      expect(() => readRunsOption(args)).toThrow('--runs wants a whole number');
    }
  });
});
