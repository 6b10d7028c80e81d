/**
 * `npm run fuzz [-- --runs 1000 --seed N]`: every operation of the OpenAPI document fed `runs` generated
 * requests against the app on the local chain (SQLite). Last line: `fuzz: N requests, N operations, N 5xx`.
 */
import { parseArgs } from 'node:util';
import { createFarmUser, importWorldFarms, startFarmsWorld } from '../test/farms-setup.ts';
import { fuzzApp } from './run.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string', default: String(Date.now()) },
  },
});
const w = await startFarmsWorld();
try {
  await importWorldFarms(w, ['wethUsdc', 'dualWethWmatic']);
  const user = await createFarmUser(w, [w.t.world.accounts.user.address]);
  const report = await fuzzApp(w.testApp.app, {
    runs: Number(values.runs),
    seed: Number(values.seed),
    token: user.token,
    csrf: await w.testApp.csrf(),
    db: w.testApp.database.db,
    skip: (op) =>
      op.path === '/api/internal/logout' || (op.path === '/api/internal/account' && op.method === 'DELETE'),
  });
  for (const error of report.serverErrors.slice(0, 20)) console.log(JSON.stringify(error));
  for (const bad of report.badBodies.slice(0, 20)) console.log(`error body without its shape: ${bad}`);
  for (const write of report.writesByRefused.slice(0, 20)) console.log(`refused request wrote: ${write}`);
  console.log(`seed ${values.seed}`);
  console.log(
    `fuzz: ${report.requests} requests, ${report.operations} operations, ${report.serverErrors.length} 5xx, ${report.writesByRefused.length} writes by refused requests`,
  );
} finally {
  await w.close();
}
