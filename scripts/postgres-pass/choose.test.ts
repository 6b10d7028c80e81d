import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { choosePostgresPass, isAboutTheDatabase } from './choose.ts';

const repo = 'file:///app/apps/server/src/core/x-repository.ts';
const route = 'file:///app/apps/server/src/features/x/routes.ts';
const isPostgresCode = (url: string) => url.endsWith('-repository.ts');

describe('choosePostgresPass', () => {
  it('keeps the fewest, quickest files that run every block of PostgreSQL code, and the database’s own tests', () => {
    const choice = choosePostgresPass(
      [
        { file: 'slow-all.test.ts', seconds: 30, blocks: [`${repo}:0-10`, `${repo}:20-30`, `${route}:0-5`] },
        { file: 'quick-a.test.ts', seconds: 2, blocks: [`${repo}:0-10`] },
        { file: 'quick-b.test.ts', seconds: 3, blocks: [`${repo}:20-30`, `${route}:9-12`] },
        { file: 'routes-only.test.ts', seconds: 1, blocks: [`${route}:0-5`] },
        { file: 'wallets-migration.test.ts', seconds: 9, blocks: [`${repo}:0-10`] },
      ],
      isPostgresCode,
    );
    expect(choice).toEqual({
      kept: ['quick-b.test.ts', 'wallets-migration.test.ts'],
      leftOut: ['quick-a.test.ts', 'routes-only.test.ts', 'slow-all.test.ts'],
      blocks: 2,
    });
  });

  it('keeps a file that alone runs a block', () => {
    const choice = choosePostgresPass(
      [
        { file: 'a.test.ts', seconds: 1, blocks: [`${repo}:0-10`] },
        { file: 'b.test.ts', seconds: 50, blocks: [`${repo}:0-10`, `${repo}:40-50`] },
      ],
      isPostgresCode,
    );
    expect(choice.kept).toEqual(['b.test.ts']);
  });
});

describe('apps/server/test/postgres-pass.json', () => {
  const leftOut = (
    JSON.parse(
      readFileSync(new URL('../../apps/server/test/postgres-pass.json', import.meta.url), 'utf8'),
    ) as {
      leftOut: string[];
    }
  ).leftOut;

  it('names only test files that exist, and none whose subject is the database', () => {
    const missing = leftOut.filter(
      (file) => !existsSync(new URL(`../../apps/server/test/${file}`, import.meta.url)),
    );
    expect(missing).toEqual([]);
    expect(leftOut.filter(isAboutTheDatabase)).toEqual([]);
  });
});
