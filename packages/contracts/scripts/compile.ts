/**
 * Compiles the Solidity sources offline with solc-js and writes src/generated.ts: each contract's ABI
 * `as const` (so viem infers argument and return types), its creation bytecode and its runtime bytecode.
 * Four compilers, all shipped in npm packages (each carries its own soljson.js; nothing is downloaded):
 * - solidity/*.sol (test ERC-20s, Dragon's Lair, the QUICK converter, Multicall3, Merkl's distributor) with
 *   solc 0.8 (`solc`);
 * - solidity/v0.5.16/*.sol (QuickSwap's farms and farm factories) with solc 0.5.16 (`solc-0.5.16`, an npm
 *   alias of solc@0.5.16), the compiler QuickSwap deployed them with, because 0.5.x behaves differently:
 *   e.g. an array read past the end executes INVALID and burns all the gas it was given;
 * - solidity/v0.7.6/gamma/ (Gamma's Hypervisor and UniProxy for Algebra pools, vendored unchanged with their
 *   imports) with solc 0.7.6 (`solc-0.7.6`) and solidity/v0.6.12/gamma/ (Gamma's MasterChef and Rewarder) with
 *   solc 0.6.12 (`solc-0.6.12`), each with the settings of Gamma's hardhat.config.ts (see compilations());
 * - solidity/v0.7.6/restated/ (Steer's vault and staking pool, ICHI's vault and DefiEdge's strategy, restated from
 *   the ABI files QuickSwap's interface-v2 reads them with) with solc 0.7.6, compiled together with Gamma's
 *   vendored libraries (OpenZeppelin, Uniswap's TickMath, FullMath and LiquidityAmounts, Algebra's interfaces),
 *   which they import under those libraries' own source unit names;
 * - solidity/v0.6.12/defiedge/ (Sushi's MiniChefV2, the chef DefiEdge's strategies are staked in, with
 *   BoringSolidity) with solc 0.6.12 and Sushi's hardhat settings.
 * Uniswap V2's pair, factory and Router02 are not compiled here: their artifacts come as published in
 * @uniswap/v2-core and @uniswap/v2-periphery (the bytecode QuickSwap deployed; pair init code hash 0x96e8ac42…).
 * Nor is Algebra V1.0 (QuickSwap V3): its core, periphery and farming come as built in @cryptoalgebra/v1-core,
 * @cryptoalgebra/periphery and @cryptoalgebra/v1-farmings (pool init code hash 0x6ec6c9c8…, Polygon's).
 * Run with `npm run contracts:compile` at the repo root.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import solc from 'solc';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const solidityDir = join(packageDir, 'solidity');
/** Folder of the sources written for solc 0.5.16 (QuickSwap's farms and factories). */
const solidity0516Dir = 'v0.5.16';
/** Gamma's sources as its repository and npm packages laid them out (README.md in each says from where). */
const gammaHypervisorDir = 'v0.7.6/gamma';
const gammaMasterChefDir = 'v0.6.12/gamma';
/** Vault managers' contracts written here from QuickSwap's ABI files (README.md in the folder says which). */
const restatedDir = 'v0.7.6/restated';
/** Sushi's MiniChefV2 and BoringSolidity as their repositories had them (README.md in the folder). */
const miniChefDir = 'v0.6.12/defiedge';
export const generatedPath = join(packageDir, 'src', 'generated.ts');
const require = createRequire(import.meta.url);

/** Contracts we export; helper interfaces and abstract bases compiled alongside are skipped. */
const exportedContracts = [
  'TestERC20',
  'TestERC20Bytes32',
  'TestWNative',
  'StakingRewards',
  'StakingDualRewards',
  'StakingRewardsFactory',
  'StakingRewardsDualFactory',
  'DragonLair',
  'TokenSwap',
  'Multicall3',
  'Distributor',
  'Hypervisor',
  'UniProxy',
  'MasterChef',
  'Rewarder',
  'SteerVault',
  'SteerStakingRewards',
  'ICHIVault',
  'DefiEdgeStrategy',
  'MiniChefV2',
] as const;

/** Artifacts taken as published: Uniswap V2's own build (QuickSwap deployed the same code). */
const packagedContracts = {
  UniswapV2Pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  UniswapV2Factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  // Router02 as published in @uniswap/v2-periphery: the code QuickSwap's V2 router runs. Its pair init code
  // hash is compiled in (pairFor computes pair addresses by CREATE2), so it only finds pairs of the v2-core
  // pair bytecode above.
  UniswapV2Router02: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  // Algebra V1.0, the code of QuickSwap V3 on Polygon (hardhat artifacts, solc 0.7.6). Core from v1-core only:
  // the periphery package also pulls @cryptoalgebra/core@2.0.0, a coverage-instrumented build too big to deploy.
  AlgebraFactory: '@cryptoalgebra/v1-core/artifacts/contracts/AlgebraFactory.sol/AlgebraFactory.json',
  AlgebraPoolDeployer:
    '@cryptoalgebra/v1-core/artifacts/contracts/AlgebraPoolDeployer.sol/AlgebraPoolDeployer.json',
  AlgebraPool: '@cryptoalgebra/v1-core/artifacts/contracts/AlgebraPool.sol/AlgebraPool.json',
  NonfungiblePositionManager:
    '@cryptoalgebra/periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  NonfungibleTokenPositionDescriptor:
    '@cryptoalgebra/periphery/artifacts/contracts/NonfungibleTokenPositionDescriptor.sol/NonfungibleTokenPositionDescriptor.json',
  NFTDescriptor:
    '@cryptoalgebra/periphery/artifacts/contracts/libraries/NFTDescriptor.sol/NFTDescriptor.json',
  SwapRouter: '@cryptoalgebra/periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json',
  FarmingCenter: '@cryptoalgebra/v1-farmings/artifacts/contracts/FarmingCenter.sol/FarmingCenter.json',
  FarmingCenterVault:
    '@cryptoalgebra/v1-farmings/artifacts/contracts/FarmingCenterVault.sol/FarmingCenterVault.json',
  AlgebraEternalFarming:
    '@cryptoalgebra/v1-farmings/artifacts/contracts/farmings/eternalFarming/AlgebraEternalFarming.sol/AlgebraEternalFarming.json',
  AlgebraLimitFarming:
    '@cryptoalgebra/v1-farmings/artifacts/contracts/farmings/limitFarming/AlgebraLimitFarming.sol/AlgebraLimitFarming.json',
} as const;

/** Library placeholders in creation code: source file -> library -> where its 20-byte address goes. */
type LinkReferences = Record<string, Record<string, { start: number; length: number }[]>>;

type PackagedArtifact = {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
  linkReferences?: LinkReferences;
};

/** Hardhat's artifact format (the Algebra packages): bytecode at the top level, 0x-prefixed. */
type HardhatArtifact = {
  _format: string;
  abi: unknown[];
  bytecode: string;
  deployedBytecode: string;
  linkReferences: LinkReferences;
};

/** Reads a published artifact, Uniswap's (solc standard JSON output) or hardhat's, as one shape. */
function readPackagedArtifact(specifier: string): PackagedArtifact {
  const json = JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as
    | PackagedArtifact
    | HardhatArtifact;
  if (!('_format' in json)) return json;
  return {
    abi: json.abi,
    evm: { bytecode: { object: json.bytecode }, deployedBytecode: { object: json.deployedBytecode } },
    linkReferences: json.linkReferences,
  };
}

type SolcOutput = {
  errors?: Array<{ severity: 'error' | 'warning' | 'info'; formattedMessage: string }>;
  contracts: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
};

/** The part of solc-js's API we use (the same in the 0.5.16, 0.6.12 and 0.7.6 wrappers and 0.8's). */
type SolcJs = { version(): string; compile(input: string): string };

/** The older compilers, each an npm alias of solc at that version in package.json, not yet loaded. */
const pinnedSolcPackages = {
  'solc-0.5.16': () => require('solc-0.5.16'),
  'solc-0.6.12': () => require('solc-0.6.12'),
  'solc-0.7.6': () => require('solc-0.7.6'),
};

type PinnedSolc = keyof typeof pinnedSolcPackages;

const pinnedSolcs = new Map<PinnedSolc, SolcJs>();

/**
 * An older solc from its npm alias, loaded on first use. Its Emscripten build registers
 * `process.on('unhandledRejection', abort)` when loaded; that listener is removed again so an unrelated
 * rejection in the host process (a test runner, say) is not turned into a compiler abort.
 */
function loadPinnedSolc(alias: PinnedSolc): SolcJs {
  const cached = pinnedSolcs.get(alias);
  if (cached) return cached;
  const before = new Set(process.listeners('unhandledRejection'));
  const loaded = pinnedSolcPackages[alias]() as SolcJs;
  for (const listener of process.listeners('unhandledRejection')) {
    if (!before.has(listener)) process.removeListener('unhandledRejection', listener);
  }
  const version = alias.slice('solc-'.length);
  if (!loaded.version().startsWith(`${version}+`)) throw new Error(`${alias} is ${loaded.version()}`);
  pinnedSolcs.set(alias, loaded);
  return loaded;
}

type Compilation = {
  /** Folder under solidity/ ('' for solidity/ itself); its *.sol files are compiled together. */
  folder: string;
  /**
   * 'flat': the folder's own *.sol files, named by their path under solidity/ (sources written here).
   * 'tree': every *.sol file under the folder, named by its path inside it: a vendored project keeps the
   * source unit names of its own build (contracts/…, @openzeppelin/contracts/…), so its imports resolve as
   * they are written.
   */
  layout: 'flat' | 'tree';
  /** Which solc: 0.8 (`solc`) or an older one's npm alias, loaded only when compiling. */
  compiler: 'solc' | PinnedSolc;
  evmVersion: string;
  /** Optimizer runs; null for the optimizer off. */
  optimizerRuns: number | null;
  /** 'none' leaves the metadata hash out of the bytecode; without it solc appends its default (ipfs). */
  bytecodeHash?: 'none';
  /**
   * Sources of another folder ('tree' layout) compiled alongside, under their own source unit names: those whose
   * name starts with one of `prefixes` (libraries the folder's sources import; never an exported contract).
   */
  libraries?: { folder: string; prefixes: string[] };
  /** Why these settings, for the generated file's header. */
  note: string;
};

function compilations(): Compilation[] {
  return [
    {
      folder: '',
      layout: 'flat',
      compiler: 'solc',
      // paris: no PUSH0, so the bytecode also runs on chains and tools that lag behind Shanghai.
      evmVersion: 'paris',
      optimizerRuns: 200,
      note: "test ERC-20s, Dragon's Lair, QUICK converter, Multicall3, Merkl's distributor",
    },
    {
      folder: solidity0516Dir,
      layout: 'flat',
      compiler: 'solc-0.5.16',
      // quickswap-core's settings: truffle-config.js (solc 0.5.16, optimizer enabled, runs 999999) and
      // .waffle.json (evmVersion istanbul, runs 999999).
      evmVersion: 'istanbul',
      optimizerRuns: 999_999,
      note: "QuickSwap's farms and factories, with quickswap-core's compiler settings",
    },
    {
      folder: gammaHypervisorDir,
      layout: 'tree',
      compiler: 'solc-0.7.6',
      // Gamma's hardhat.config.ts at the vendored commit: version 0.7.6, optimizer enabled with 800 runs,
      // metadata.bytecodeHash none. It names no evmVersion, so solc's default for 0.7.6 (istanbul) applied.
      evmVersion: 'istanbul',
      optimizerRuns: 800,
      bytecodeHash: 'none',
      note: "Gamma's Hypervisor and UniProxy for Algebra pools, with Gamma's hardhat settings",
    },
    {
      folder: gammaMasterChefDir,
      layout: 'tree',
      compiler: 'solc-0.6.12',
      // Gamma's hardhat.config.ts lists `{ version: '0.6.12' }` without settings, the only version the files'
      // `pragma solidity 0.6.12` allows: hardhat's default (2.8.0, its lock file's) then applies, optimizer
      // off with runs 200, and solc's own for the rest (evmVersion istanbul, ipfs metadata hash).
      evmVersion: 'istanbul',
      optimizerRuns: null,
      note: "Gamma's MasterChef and Rewarder, with Gamma's hardhat settings for 0.6.12",
    },
    {
      folder: restatedDir,
      layout: 'tree',
      compiler: 'solc-0.7.6',
      // The settings of the Gamma build whose libraries they share.
      evmVersion: 'istanbul',
      optimizerRuns: 800,
      bytecodeHash: 'none',
      libraries: {
        folder: gammaHypervisorDir,
        prefixes: ['@openzeppelin/', '@uniswap/', 'contracts/algebra/'],
      },
      note: "Steer's, ICHI's and DefiEdge's vault contracts restated, with Gamma's libraries",
    },
    {
      folder: miniChefDir,
      layout: 'tree',
      compiler: 'solc-0.6.12',
      // Sushi's hardhat.config.ts at the vendored commit: 0.6.12, optimizer enabled with 200 runs; no evmVersion
      // (istanbul, 0.6.12's default) and the default ipfs metadata hash.
      evmVersion: 'istanbul',
      optimizerRuns: 200,
      note: "Sushi's MiniChefV2 (DefiEdge's chef), with Sushi's hardhat settings",
    },
  ];
}

type SolcArtifact = SolcOutput['contracts'][string][string];

const compilerOf = (key: Compilation['compiler']): SolcJs => (key === 'solc' ? solc : loadPinnedSolc(key));

/** A folder's sources by source unit name (see Compilation.layout). */
function readSources(folder: string, layout: Compilation['layout']): Record<string, { content: string }> {
  const dir = join(solidityDir, folder);
  const files =
    layout === 'flat'
      ? readdirSync(dir)
      : readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(sep).join('/'));
  const sources: Record<string, { content: string }> = {};
  for (const file of files.sort()) {
    if (!file.endsWith('.sol')) continue;
    const name = layout === 'tree' || !folder ? file : `${folder}/${file}`;
    sources[name] = { content: readFileSync(join(dir, file), 'utf8') };
  }
  return sources;
}

/** Compiles one folder's *.sol files together. */
/** A compilation's sources by source unit name, its libraries' included. */
function sourcesOf({ folder, layout, libraries }: Compilation): Record<string, { content: string }> {
  const sources = readSources(folder, layout);
  if (libraries) {
    for (const [name, source] of Object.entries(readSources(libraries.folder, 'tree'))) {
      if (!libraries.prefixes.some((prefix) => name.startsWith(prefix))) continue;
      if (name in sources) throw new Error(`${name} is in both ${folder} and ${libraries.folder}`);
      sources[name] = source;
    }
  }
  return sources;
}

function compileFolder(compilation: Compilation): Map<string, SolcArtifact> {
  const { evmVersion, optimizerRuns, bytecodeHash } = compilation;
  const compiler = compilerOf(compilation.compiler);
  const sources = sourcesOf(compilation);
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion,
      // Runs 200 when off: hardhat's default, which Gamma's 0.6.12 build passed to solc.
      optimizer: { enabled: optimizerRuns !== null, runs: optimizerRuns ?? 200 },
      ...(bytecodeHash ? { metadata: { bytecodeHash } } : {}),
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(compiler.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `solc ${compiler.version()} failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  }
  const byName = new Map<string, SolcArtifact>();
  for (const file of Object.keys(output.contracts ?? {})) {
    for (const [name, artifact] of Object.entries(output.contracts[file] ?? {})) byName.set(name, artifact);
  }
  return byName;
}

/** Compiles every source and renders the generated module's text (deterministic for equal sources). */
export function renderGeneratedModule(): string {
  const byName = new Map<string, SolcArtifact>();
  const header = [
    '// Generated by packages/contracts/scripts/compile.ts from packages/contracts/solidity. Do not edit.',
  ];
  for (const compilation of compilations()) {
    for (const [name, artifact] of compileFolder(compilation)) {
      const isExported = (exportedContracts as readonly string[]).includes(name);
      if (isExported && byName.has(name)) throw new Error(`contract ${name} is defined by both compilers`);
      if (isExported || !byName.has(name)) byName.set(name, artifact);
    }
    const { folder, layout, evmVersion, optimizerRuns, bytecodeHash, note } = compilation;
    const compiler = compilerOf(compilation.compiler);
    const sources = `solidity/${folder ? `${folder}/` : ''}${layout === 'tree' ? '**/' : ''}*.sol`;
    const optimizer = optimizerRuns === null ? 'optimizer off' : `optimizer ${optimizerRuns} runs`;
    const metadata = bytecodeHash ? `, bytecodeHash ${bytecodeHash}` : '';
    header.push(
      `// ${sources} (${note}): solc ${compiler.version()}, evmVersion ${evmVersion}, ${optimizer}${metadata}.`,
    );
  }

  header.push(`// Sources digest: ${sourcesDigest()}`);
  const parts = [...header, ''];
  const artifacts: [string, PackagedArtifact][] = [
    ...exportedContracts.map((name): [string, PackagedArtifact] => {
      const artifact = byName.get(name);
      if (!artifact) throw new Error(`contract ${name} not found in solc output`);
      return [name, artifact];
    }),
    ...Object.entries(packagedContracts).map(([name, specifier]): [string, PackagedArtifact] => [
      name,
      readPackagedArtifact(specifier),
    ]),
  ];
  for (const [name, artifact] of artifacts) {
    const hex = (code: string) => (code.startsWith('0x') ? code.slice(2) : code);
    parts.push(
      `export const ${name} = {`,
      `  abi: ${JSON.stringify(artifact.abi, null, 2).replaceAll('\n', '\n  ')} as const,`,
      `  bytecode: '0x${hex(artifact.evm.bytecode.object)}' as \`0x\${string}\`,`,
      `  deployedBytecode: '0x${hex(artifact.evm.deployedBytecode.object)}' as \`0x\${string}\`,`,
      ...linkReferencesLines(artifact.linkReferences),
      '};',
      '',
    );
  }
  return parts.join('\n');
}

/**
 * One sha256 over everything the generated module is made from: every compilation's sources (its libraries'
 * included) and settings, the compilers' package versions, and the packaged artifacts (not this script's own text:
 * a formatter's change to it is no change to the module; `npm run contracts:check` covers the script). The module
 * records it in its header: generated.test.ts compares it (milliseconds) instead of compiling everything again
 * (a quarter of a minute of CI on two cores, decision 043); `npm run contracts:compile` writes both anew.
 */
export function sourcesDigest(): string {
  const hash = createHash('sha256');
  for (const compilation of compilations()) {
    const { folder, layout, compiler, evmVersion, optimizerRuns, bytecodeHash, libraries } = compilation;
    const packageName = compiler === 'solc' ? 'solc' : compiler;
    const { version } = require(`${packageName}/package.json`) as { version: string };
    hash.update(
      JSON.stringify({ folder, layout, version, evmVersion, optimizerRuns, bytecodeHash, libraries }),
    );
    for (const [name, source] of Object.entries(sourcesOf(compilation)))
      hash.update(`${name}\n${source.content}`);
  }
  for (const specifier of Object.values(packagedContracts))
    hash.update(readFileSync(require.resolve(specifier)));
  return hash.digest('hex');
}

/** The digest a generated module's header records (sourcesDigest), or null when it has none. */
export function recordedDigest(generated: string): string | null {
  return /^\/\/ Sources digest: ([0-9a-f]{64})$/m.exec(generated)?.[1] ?? null;
}

/**
 * A `linkReferences` member for an artifact whose creation code has library placeholders (`__$…$__`): the
 * deployer writes each library's address at these byte offsets before deploying.
 */
function linkReferencesLines(references: LinkReferences | undefined): string[] {
  if (!references || Object.keys(references).length === 0) return [];
  return [`  linkReferences: ${JSON.stringify(references, null, 2).replaceAll('\n', '\n  ')} as const,`];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const rendered = renderGeneratedModule();
  const took = `${Math.round(performance.now() - started)} ms`;
  if (process.argv.includes('--check')) {
    // `npm run contracts:check`: the whole module compiled again, compared byte for byte.
    const isSame = readFileSync(generatedPath, 'utf8') === rendered;
    console.log(`src/generated.ts ${isSame ? 'is' : 'is NOT'} what the sources compile to (${took})`);
    process.exitCode = isSame ? 0 : 1;
  } else {
    writeFileSync(generatedPath, rendered);
    console.log(`wrote src/generated.ts in ${took}`);
  }
}
