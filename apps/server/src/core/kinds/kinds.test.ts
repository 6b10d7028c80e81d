import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { positionKinds } from './index.ts';

// Issue 42, Build 2: a kind of position is one folder implementing PositionKind, listed once; the dashboard, the
// alerts' pipeline and the books read the list and name no kind. A kind added outside its folder, or a shared
// part that names one, fails here.
const src = join(import.meta.dirname, '../..');
const kindsDir = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('kinds of position', () => {
  it('are one folder each, named as the kind, and each folder is a listed kind', () => {
    const folders = readdirSync(kindsDir).filter((name) => statSync(join(kindsDir, name)).isDirectory());
    const kinds = positionKinds.map((kind) => kind.kind.replaceAll('_', '-'));
    expect([...folders].sort()).toEqual([...kinds].sort());
  });

  it('are not named by the portfolio, the alerts pipeline or the books, which read the one list', () => {
    const shared = ['core/portfolio', 'core/books', 'core/alerts', 'features/alerts', 'features/books'];
    const names = positionKinds.map((kind) => kind.kind);
    const naming = shared
      .flatMap((dir) => sourceFiles(join(src, dir)))
      .filter((file) => {
        // The code, its comments aside: a kind's name as a string, or an import of one kind's folder.
        const code = readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '');
        return names.some((name) => code.includes(`'${name}'`)) || /from '[^']*\bkinds\/[^'/]+\//.test(code);
      })
      .map((file) => relative(src, file));
    expect(naming).toEqual([]);
  });
});
