import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * A setup file of the server's database tests that, when POSTGRES_PASS_COVERAGE_DIR is set, records for each test
 * file the code blocks it ran (V8's block coverage through the inspector) and how long it took: what
 * `npm run postgres-pass:select` chooses the PostgreSQL pass from (decision 039). Without the variable it does
 * nothing.
 */
const outDir = process.env.POSTGRES_PASS_COVERAGE_DIR;

type ScriptCoverage = {
  url: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
};

/** One inspector session per worker (its module graph is shared by the files it runs, decision 034). */
async function coverageSession(): Promise<Session> {
  const held = globalThis as { postgresPassCoverage?: Promise<Session> };
  held.postgresPassCoverage ??= (async () => {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    return session;
  })();
  return held.postgresPassCoverage;
}

if (outDir) {
  let startedAt = 0;
  beforeAll(async () => {
    // Taking the coverage resets its counters: what the previous file ran is not counted for this one.
    await (await coverageSession()).post('Profiler.takePreciseCoverage');
    startedAt = performance.now();
  });
  afterAll(async () => {
    const seconds = (performance.now() - startedAt) / 1000;
    const { result } = (await (await coverageSession()).post('Profiler.takePreciseCoverage')) as {
      result: ScriptCoverage[];
    };
    const blocks = result
      .filter((script) => script.url.includes('/apps/server/src/') && !script.url.includes('node_modules'))
      .flatMap((script) =>
        script.functions.flatMap((fn) =>
          fn.ranges
            .filter((range) => range.count > 0)
            .map((range) => `${script.url}:${range.startOffset}-${range.endOffset}`),
        ),
      );
    const testPath = expect.getState().testPath ?? 'unknown';
    const name = testPath.split('/').pop() ?? 'unknown';
    writeFileSync(join(outDir, `${name}.json`), JSON.stringify({ file: name, seconds, blocks }));
  });
}
