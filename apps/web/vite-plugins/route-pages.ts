import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';
import type * as Prerender from '../src/app/prerender.tsx';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** dist/pages/routes.json: which page file the server sends for which path (apps/server/src/core/http/spa.ts). */
type RoutePagesIndex = {
  /** Patterns in React Router's syntax (`:param`, `:param?`); files relative to the build folder. */
  pages: { pattern: string; file: string }[];
  /** For paths no route matches: the bare document, the app decides what to show. */
  fallback: string;
};

const routePagesFolder = 'pages';
const screenFolder = 'src/app/routes/';

/** The files `keys` load before running: themselves and their static imports, transitively. */
function collectStaticImports(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk '${key}'`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return new Set([...seen].map((key) => manifest[key]!.file));
}

/**
 * The shared schema modules the start-up code loads on first use (src/lib/start-up-schemas.ts): the entry's
 * dynamic imports that need zod, screens aside.
 */
export function listOnDemandSchemas(manifest: Manifest): string[] {
  const zod = Object.keys(manifest).find((key) => manifest[key]!.name === 'zod');
  if (!zod) return [];
  return Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((entry) => entry.dynamicImports ?? [])
    .filter((key) => !key.startsWith(screenFolder) && manifest[key]?.imports?.includes(zod));
}

/** A URL the pattern matches, for rendering its shell: optional segments left out, the others filled in. */
function sampleUrl(pattern: string): string {
  const segments = pattern
    .split('/')
    .filter((segment) => segment !== '' && !segment.endsWith('?'))
    .map((segment) => (segment.startsWith(':') ? 'x' : segment));
  return `/${segments.join('/')}`;
}

function pageFileName(pattern: string): string {
  const slug = pattern.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${routePagesFolder}/${slug}.html`;
}

export type PageInputs = { outDir: string; base: string; manifest: Manifest; template: string };

/**
 * index.html with the body drawn inside an inert #root and the screen's chunks as module preloads. A page
 * that waits for data (`needsData`: its body is the loading shell) also preloads zod and every schema module
 * the start-up code loads on first use (the session's, the header's alerts, the loaders' farms and wallets),
 * at low priority: they are needed once the answers are in, not for the first paint, and asked for only then
 * they cost a phone two more round trips after the entry.
 */
export function composePage(
  inputs: PageInputs,
  body: string,
  screen: string | null,
  needsData: boolean,
): string {
  const { manifest, template, base } = inputs;
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const named = collectStaticImports(manifest, entryKeys);
  const preloads: string[] = [];
  const add = (files: Set<string>, attributes = '') => {
    for (const file of files) {
      if (named.has(file) || !file.endsWith('.js')) continue;
      named.add(file);
      preloads.push(`<link rel="modulepreload" crossorigin href="${base}${file}"${attributes}>`);
    }
  };
  if (screen) add(collectStaticImports(manifest, [`${screenFolder}${screen}.tsx`]));
  if (needsData) add(collectStaticImports(manifest, listOnDemandSchemas(manifest)), ' fetchpriority="low"');
  return template
    .replace(/\n( *)<\/head>/, (head, indent: string) =>
      preloads
        .map((link) => `\n${indent}  ${link}`)
        .join('')
        .concat(head),
    )
    .replace('<div id="root"></div>', `<div id="root"><div inert>${body}</div></div>`);
}

async function writePages(inputs: PageInputs, prerender: typeof Prerender): Promise<void> {
  const { outDir, template } = inputs;
  await mkdir(join(outDir, routePagesFolder), { recursive: true });
  const index: RoutePagesIndex = { pages: [], fallback: `${routePagesFolder}/fallback.html` };
  await writeFile(join(outDir, index.fallback), template);
  for (const { pattern, screen } of prerender.listPages()) {
    const needsData = !prerender.prerenderedPatterns.includes(pattern);
    const body = needsData
      ? await prerender.renderShell(sampleUrl(pattern))
      : await prerender.renderScreen(pattern);
    const file = pattern === '/' ? 'index.html' : pageFileName(pattern);
    if (index.pages.some((known) => known.file === file)) throw new Error(`two routes would write ${file}`);
    index.pages.push({ pattern, file });
    await writeFile(join(outDir, file), composePage(inputs, body, screen, needsData));
  }
  await writeFile(join(outDir, routePagesFolder, 'routes.json'), `${JSON.stringify(index, null, 2)}\n`);
}

/**
 * After the build: one HTML page per path of the route table (decision 016). A screen every visitor sees alike
 * (the landing page, log in, …) is rendered in full; any other gets the header over a loading line. Either is a
 * picture, inert, that the app replaces on its first render, so the first paint no longer waits for the
 * script. Each page also names its screen's chunks as module preloads, fetched beside the entry instead of
 * after it. index.html becomes the landing page; dist/pages/routes.json tells the server which file is whose.
 */
export function writeRoutePages(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'tidewatch:route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
      base = config.base;
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      if (listOnDemandSchemas(manifest).length === 0) {
        throw new Error('the build has no schema chunk loaded on first use: data pages would preload none');
      }
      if (!template.includes('<div id="root"></div>')) throw new Error('index.html lacks an empty #root');
      // A module runner that stays open while the pages render: lazy routes import their screens meanwhile.
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const prerender = (await server.ssrLoadModule('/src/app/prerender.tsx')) as typeof Prerender;
        await writePages({ outDir, base, manifest, template }, prerender);
      } finally {
        await server.close();
      }
    },
  };
}
