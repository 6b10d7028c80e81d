// The server's one layering rule (docs/architecture.md, "The server's one rule"), checked by `npm run lint`.
// Layers, lowest first: core/ <- features/<name>/ <- composition (jobs/, app.ts, runtime.ts, main.ts,
// worker.ts, chain-probe.ts). An import points to the same or a lower layer; outside its own folder a
// feature is reached through its index.ts only. Tests (*.test.ts, apps/server/test) may import anything.
const server = '^apps/server/src/';
const notTests = '\\.test\\.ts$';
const composition = `${server}(jobs/|[^/]+\\.ts$)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-upward',
      comment:
        'core/ is the lowest layer: it may not import a feature or the composition (jobs/, app.ts, ...).',
      severity: 'error',
      from: { path: `${server}core/`, pathNot: notTests },
      to: { path: [`${server}features/`, composition] },
    },
    {
      name: 'feature-imports-composition',
      comment: 'A feature may not import jobs/ or the top-level composition files (app.ts, runtime.ts, ...).',
      severity: 'error',
      from: { path: `${server}features/`, pathNot: notTests },
      to: { path: composition },
    },
    {
      name: 'feature-reaches-into-another',
      comment:
        'A feature reaches another only through its index.ts; what several features share belongs in core/.',
      severity: 'error',
      from: { path: `${server}features/([^/]+)/`, pathNot: notTests },
      to: {
        path: `${server}features/[^/]+/`,
        pathNot: [`${server}features/$1/`, `${server}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'kind-reached-through-its-index',
      comment:
        "A kind of position (core/kinds/<kind>/) is reached through its index.ts (or core/kinds/index.ts's list): what it implements stays in its folder.",
      severity: 'error',
      from: { path: server, pathNot: [notTests, `${server}core/kinds/([^/]+)/`] },
      to: {
        path: `${server}core/kinds/[^/]+/`,
        pathNot: `${server}core/kinds/[^/]+/index\\.ts$`,
      },
    },
    {
      name: 'composition-reaches-into-feature',
      comment: "jobs/ and app.ts use a feature's public surface, its index.ts, never its other files.",
      severity: 'error',
      from: { path: composition, pathNot: notTests },
      to: { path: `${server}features/[^/]+/`, pathNot: `${server}features/[^/]+/index\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: server,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
