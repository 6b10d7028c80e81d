import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The fault suite's last line (issue 43, Build 8): the counts every fault file wrote, added up.
const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx scripts/faults-report.ts <report dir>');
const totals = { injected: 0, screens_broken: 0, lost: 0, duplicated: 0, stuck_over_lease: 0 };
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const counts = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Partial<typeof totals>;
  for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += counts[key] ?? 0;
}
console.log(
  `faults: injected=${totals.injected} screens_broken=${totals.screens_broken} lost=${totals.lost} ` +
    `duplicated=${totals.duplicated} stuck_over_lease=${totals.stuck_over_lease}`,
);
