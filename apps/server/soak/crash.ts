/**
 * `npm run soak:crash [-- --runs 50 --seed N]`: kills the real server with SIGKILL at random moments of
 * snapshot refreshes, imports and scheduled snapshots, `runs` times on SQLite and (with TEST_DATABASE_URL,
 * as `npm run soak:crash` sets through scripts/with-postgres.sh) as many on PostgreSQL, restarting it each
 * time. After each kill the database must pass findInconsistencies, and after each restart the app must
 * serve a logged-in read. Last line: `soak:crash runs=N inconsistencies=N`.
 */
import { parseArgs } from 'node:util';
import { startAnvil } from '@tidewatch/testkit';
import { type CrashWorld, crashOnce, prepareCrashWorld, prepareDatabase } from './crash-run.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '50' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
  },
});
const runs = Number(values.runs);
let state = Number(values.seed);
/** mulberry32: the kill moments are reproducible from the printed seed. */
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const anvil = await startAnvil();
let total = 0;
let inconsistencies = 0;
try {
  const dialects = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
  const world: CrashWorld = await prepareCrashWorld(anvil, { importable: runs * 8 + 10 });
  for (const dialect of dialects) {
    const target = await prepareDatabase(world, dialect);
    try {
      for (let run = 1; run <= runs; run++) {
        const result = await crashOnce(world, target, { killAfterMs: 200 + Math.floor(random() * 2_800) });
        total += 1;
        inconsistencies += result.problems.length;
        console.log(
          `${dialect} run ${run}: killed after ${result.killedAfterMs} ms (${result.requests} requests answered, ${result.imports} imports completed${result.isImportCut ? ', one cut' : ''})${
            result.problems.length ? ` INCONSISTENT: ${result.problems.join('; ')}` : ''
          }`,
        );
      }
      const last = await target.checkServes();
      if (last) {
        inconsistencies += 1;
        console.log(`${dialect}: after the last restart: ${last}`);
      }
    } finally {
      await target.drop();
    }
  }
  console.log(`seed ${values.seed}`);
  console.log(`soak:crash runs=${total} inconsistencies=${inconsistencies}`);
} finally {
  await anvil.stop();
}
if (inconsistencies > 0) process.exitCode = 1;
