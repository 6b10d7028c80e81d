import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import type { FinalityRule } from './chain/finality.ts';
import { polygon } from './chain/polygon.ts';
import { parseSnapshotInterval } from './jobs/interval.ts';

/**
 * The server's configuration, read once from the environment. The variable names are a contract
 * (README, .ci/run, e2e and outside scripts set them), so they are spelled out here in full.
 */

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const addressSchema = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => isAddress(value, { strict: false }), 'must be a 0x-prefixed 20-byte address');

/** 'a, b,,c' -> ['a', 'b', 'c']: the comma-separated lists of the environment. */
const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const addressListSchema = (fallback: readonly string[]) =>
  z
    .string()
    .default(fallback.join(','))
    .transform(splitList)
    .refine(
      (items) => items.every((item) => isAddress(item, { strict: false })),
      'must be comma-separated 0x-prefixed 20-byte addresses',
    );

/** OPERATOR_EMAILS: comma-separated e-mail addresses, compared lower-cased and trimmed as accounts store them. */
const emailListSchema = z
  .string()
  .default('')
  .transform((value) => splitList(value).map((item) => item.toLowerCase()))
  .refine(
    (items) => items.every((item) => z.email().safeParse(item).success),
    'must be comma-separated e-mail addresses',
  );

const httpUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65535, 'must be a port number')
    .default(3000),
  // Loopback by default: a dev machine should not expose the app to its network unasked.
  // Containers and servers set HOST=0.0.0.0.
  HOST: z.string().trim().min(1, 'must be a host name or IP address').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must be a directory path').default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(httpUrlSchema.optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  POLYGON_RPC_URL: z
    .string()
    .default('https://polygon-rpc.com')
    .transform(splitList)
    .pipe(
      z
        .array(z.url({ protocol: /^(https?|wss?)$/, error: 'must be http(s) or ws(s) URLs' }))
        .min(1, 'must list at least one URL'),
    ),
  // QuickSwap on Base (issue 47): its JSON-RPC URLs, comma-separated. Unset: Base is off, and says so.
  BASE_RPC_URL: optionalText.pipe(
    z
      .string()
      .transform(splitList)
      .pipe(
        z
          .array(z.url({ protocol: /^(https?|wss?)$/, error: 'must be http(s) or ws(s) URLs' }))
          .min(1, 'must list at least one URL'),
      )
      .optional(),
  ),
  CHAIN_ID: z.coerce.number({ error: 'must be a positive integer' }).int().positive().default(137),
  MULTICALL3_ADDRESS: addressSchema(polygon.multicall3),
  // Calldata per aggregate3 eth_call the RPC accepts: a refresh within it is one request; past it, two.
  MULTICALL_BATCH_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(10_000, 'must be at least 10000 bytes')
    .max(10_000_000, 'must be at most 10000000 bytes')
    .default(120_000),
  // QuickSwap's UniswapV2-style factory on Polygon.
  QUICKSWAP_FACTORY_ADDRESS: addressSchema(polygon.quickswapFactory),
  // Reference tokens for on-chain prices (a token is priced through its pair against USDC, or via WMATIC).
  USDC_ADDRESS: addressSchema(polygon.usdc),
  WMATIC_ADDRESS: addressSchema(polygon.wmatic),
  // The price rule's hubs: a token with neither pair is priced through its pair with one of these (decision 021).
  PRICE_HUB_ADDRESSES: addressListSchema([polygon.weth, polygon.wbtc]),
  // Old and new QUICK (1 old = 1000 new) and their Dragon's Lairs (dQUICK, priced through the lair's ratio).
  QUICK_ADDRESS: addressSchema(polygon.quick.old),
  NEW_QUICK_ADDRESS: addressSchema(polygon.quick.new),
  DQUICK_ADDRESS: addressSchema(polygon.dquick.old),
  NEW_DQUICK_ADDRESS: addressSchema(polygon.dquick.new),
  // Getting it out (issue 33): the V2 router that removes liquidity, the converter of old QUICK to new.
  QUICKSWAP_ROUTER_ADDRESS: addressSchema(polygon.quickswapRouter),
  QUICK_CONVERTER_ADDRESS: addressSchema(polygon.quickConverter),
  // QuickSwap V3 (Algebra V1.0, issue 34): where positions, their pools and their farming are read.
  V3_FACTORY_ADDRESS: addressSchema(polygon.v3.factory),
  V3_POOL_DEPLOYER_ADDRESS: addressSchema(polygon.v3.poolDeployer),
  V3_POSITION_MANAGER_ADDRESS: addressSchema(polygon.v3.positionManager),
  V3_FARMING_CENTER_ADDRESS: addressSchema(polygon.v3.farmingCenter),
  V3_ETERNAL_FARMING_ADDRESS: addressSchema(polygon.v3.eternalFarming),
  // Unset: Polygon's subgraph start block for Polygon's contract, the first block for any other.
  V3_ETERNAL_FARMING_FROM_BLOCK: z.coerce
    .number({ error: 'must be a block number' })
    .int('must be a block number')
    .min(0, 'must be a block number')
    .optional(),
  // Merkl: its distributor (what was claimed, on-chain) and its API (what was earned, cumulative).
  MERKL_DISTRIBUTOR_ADDRESS: addressSchema(polygon.merklDistributor),
  MERKL_API_URL: httpUrlSchema.default('https://api.merkl.xyz'),
  MERKL_API_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 ms')
    .max(60_000, 'must be at most 60000 ms')
    .default(5_000),
  // Steer: its vaults on QuickSwap and their staking pools come from its APIs, as QuickSwap's interface takes them.
  STEER_API_URL: httpUrlSchema.default('https://api.steer.finance'),
  STEER_STAKING_POOLS_URL: httpUrlSchema.default(
    'https://9i52h964s3.execute-api.us-east-1.amazonaws.com/dev/staking-pools',
  ),
  STEER_API_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 ms')
    .max(60_000, 'must be at most 60000 ms')
    .default(5_000),
  // QuickSwap's staking-rewards factories, newest first: a pasted pair is resolved to its farm through them.
  LP_FARM_FACTORIES: addressListSchema(polygon.lpFarmFactories),
  DUAL_FARM_FACTORIES: addressListSchema(polygon.dualFarmFactories),
  // QuickSwap's published farm lists (farm-index/farm-registry.json) beside the factories, or 'off'.
  FARM_REGISTRY: z.enum(['builtin', 'off']).default('builtin'),
  // The accounts that may make instance-wide choices (a token's price source); unset: the first account.
  OPERATOR_EMAILS: emailListSchema,
  CMC_API_KEY: optionalText,
  CMC_API_URL: httpUrlSchema.default('https://pro-api.coinmarketcap.com'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^smtps?:\/\//,
        'must be an smtp:// or smtps:// URL (leave it unset to write e-mails to DATA_DIR/outbox)',
      )
      .optional(),
  ),
  // Alert channels (issue 36): Telegram is offered only with a bot token; Discord URLs must start with the base.
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_API_URL: httpUrlSchema.default('https://api.telegram.org'),
  // How long one getUpdates call waits for a message (Telegram's long polling), in seconds.
  TELEGRAM_POLL_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be at least 0 seconds')
    .max(50, 'must be at most 50 seconds')
    .default(30),
  DISCORD_WEBHOOK_BASE_URL: httpUrlSchema.default('https://discord.com/api/webhooks'),
  // Test suites only: lets http and loopback receivers through the SSRF guard. Refused in production.
  ALERT_CHANNELS_ALLOW_LOOPBACK: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('false'),
  ALERT_DELIVERY_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 ms')
    .max(60_000, 'must be at most 60000 ms')
    .default(10_000),
  // Behind a reverse proxy: 'true' or the proxies' addresses/CIDRs (comma-separated), so request.ip (used by the
  // per-IP login throttle) is the client's, not the proxy's. Unset: trust no forwarded headers.
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(true|false|[\d.:a-fA-F/]+(,\s*[\d.:a-fA-F/]+)*)$/,
        'must be true, false or proxy IP addresses',
      )
      .optional(),
  ),
  // How often every tracked (farm, wallet) pair is snapshotted on its own; 'off' disables the scheduler.
  SNAPSHOT_INTERVAL: z
    .string()
    .default('1h')
    .transform((value, ctx) => {
      const parsed = parseSnapshotInterval(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.ms;
    }),
  // Snapshot retention: one a day after this many days, one a week after that many (first and last kept).
  RETENTION_DAILY_AFTER_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).default(30),
  RETENTION_WEEKLY_AFTER_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int()
    .min(1)
    .default(365),
  // History from the first stake (issue 13): days of daily points rebuilt at past blocks; 0 disables.
  BACKFILL_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int()
    .min(0)
    .max(3650, { error: 'must be at most 3650 days' })
    .default(90),
  // Blocks per eth_getLogs to start with; halved whenever the RPC answers that a range is too large.
  LOGS_BLOCK_RANGE: z.coerce.number({ error: 'must be a number of blocks' }).int().min(1).default(10_000),
  // Only final blocks count (issue 35): the history and the books read events up to the node's `finalized`
  // block ('finalized'; FINALITY_DEPTH below the head where the node lacks the tag) or always FINALITY_DEPTH
  // below the head ('depth').
  FINALITY: z.enum(['finalized', 'depth'], { error: "must be 'finalized' or 'depth'" }).default('finalized'),
  FINALITY_DEPTH: z.coerce.number({ error: 'must be a number of blocks' }).int().min(0).default(128),
  // 'off': this process serves HTTP only; snapshots are taken by `npm run worker` processes.
  WORKER: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  // Set only by `npm run demo`: enables the in-browser 'Demo wallet' backed by this local key.
  DEMO_WALLET_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
      .optional(),
  ),
});

export type Config = {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  /** Unset means SQLite at `${dataDir}/tidewatch.sqlite`. */
  databaseUrl: string | undefined;
  /** Origin (no trailing slash) used for links in e-mails and the CORS allow-list. */
  publicUrl: string;
  /** Unset until `resolveJwtSecret` fills it from the environment or DATA_DIR/jwt-secret. */
  jwtSecret: string | undefined;
  polygonRpcUrls: string[];
  /** Base's JSON-RPC URLs (BASE_RPC_URL); empty: Base is off. */
  baseRpcUrls: string[];
  chainId: number;
  multicall3Address: `0x${string}`;
  multicallBatchBytes: number;
  quickswapFactoryAddress: `0x${string}`;
  usdcAddress: `0x${string}`;
  wmaticAddress: `0x${string}`;
  /** The price rule's hubs (WETH, WBTC on Polygon): a second hop for a token with no USDC/WMATIC pair. */
  priceHubAddresses: `0x${string}`[];
  quick: { old: `0x${string}`; new: `0x${string}` };
  dquick: { old: `0x${string}`; new: `0x${string}` };
  /** QuickSwap's V2 router (removeLiquidity / removeLiquidityWithPermit), checksummed. */
  quickswapRouterAddress: `0x${string}`;
  /** QuickSwap's QUICK converter (quickToQuickX: 1 old QUICK -> 1000 new), checksummed. */
  quickConverterAddress: `0x${string}`;
  /** QuickSwap V3 (Algebra V1.0), checksummed: the API and jobs read positions through them. */
  v3: {
    factory: `0x${string}`;
    poolDeployer: `0x${string}`;
    positionManager: `0x${string}`;
    farmingCenter: `0x${string}`;
    eternalFarming: `0x${string}`;
    /** The first block eternal incentives are looked for in (Polygon's contract: its subgraph's start; else 0). */
    eternalFarmingFromBlock: bigint;
  };
  /** Merkl: the distributor (checksummed), the API's origin (no trailing slash) and how long a call may take. */
  merkl: { distributor: `0x${string}`; apiUrl: string; timeoutMs: number };
  /** Steer's API (its vaults on QuickSwap) and its staking pools list. */
  steer: { apiUrl: string; stakingPoolsUrl: string; timeoutMs: number };
  lpFarmFactories: `0x${string}`[];
  dualFarmFactories: `0x${string}`[];
  /** 'builtin': every farm of QuickSwap's published lists is a candidate for the farm index. */
  farmRegistry: 'builtin' | 'off';
  cmcApiKey: string | undefined;
  cmcApiUrl: string;
  smtpUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  /** Automatic snapshots every this many ms; null when SNAPSHOT_INTERVAL=off. */
  snapshotIntervalMs: number | null;
  retention: { dailyAfterDays: number; weeklyAfterDays: number };
  /**
   * History job: days of daily points (0: off), the first eth_getLogs range in blocks, and which blocks count
   * as final (events are read up to the last final block).
   */
  history: { backfillDays: number; logsBlockRange: number; finality: FinalityRule };
  /** False when WORKER=off: no scheduler in this process. */
  isWorkerEnabled: boolean;
  /** Fastify `trustProxy`: false unless TRUST_PROXY says otherwise. */
  trustProxy: boolean | string[];
  /** Alert channels (issue 36): where Telegram, Discord and webhook deliveries go, and how they are guarded. */
  alertChannels: AlertChannelsConfig;
  /** Demo mode only (npm run demo): the key behind the in-browser demo wallet. */
  demoWalletPrivateKey: `0x${string}` | undefined;
  /**
   * Lower-cased e-mails of the operators, who alone make instance-wide choices (decision 033); empty: the
   * instance's first account is its operator.
   */
  operatorEmails: string[];
};

/** The alert channels' settings (TELEGRAM_*, DISCORD_WEBHOOK_BASE_URL, ALERT_*). */
export type AlertChannelsConfig = {
  /** Unset: Telegram is not offered. */
  telegramBotToken: string | undefined;
  /** The Bot API origin, no trailing slash. */
  telegramApiUrl: string;
  telegramPollTimeoutSeconds: number;
  /** Discord webhook URLs must start with it (or discordapp.com's); no trailing slash. */
  discordWebhookBaseUrl: string;
  /** Test suites only: http and loopback receivers allowed. */
  allowLoopback: boolean;
  deliveryTimeoutMs: number;
};

/** Thrown for bad configuration; `message` is the one line shown to the operator. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * The repository root: the nearest directory above this file whose package.json declares workspaces.
 * Relative DATA_DIR values resolve against it, so `npm start` (cwd = repo root) and
 * `npm start -w @tidewatch/server` (cwd = apps/server) use the same ./data folder. Found by climbing, so the
 * server's build (apps/server/dist, decision 038) finds it as its sources do.
 */
export function findRepoRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, 'utf8')).workspaces) return dir;
      } catch {
        // An unreadable manifest is not the root; keep climbing.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

// Values that may carry credentials are never echoed into logs.
const secretNames = new Set([
  'JWT_SECRET',
  'CMC_API_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'DEMO_WALLET_PRIVATE_KEY',
  'TELEGRAM_BOT_TOKEN',
]);

/** Parses the environment; throws one ConfigError naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      if (problems.has(name)) continue;
      const raw = env[name];
      const shown =
        raw === undefined ? '' : secretNames.has(name) ? ' (value hidden)' : ` (got ${JSON.stringify(raw)})`;
      problems.set(name, `${name} ${issue.message}${shown}`);
    }
    throw new ConfigError(`Invalid configuration: ${[...problems.values()].join('; ')}`);
  }
  const e = result.data;
  // The demo wallet signs with its key for whoever can reach /api/demo/wallet: loopback only.
  if (e.DEMO_WALLET_PRIVATE_KEY && !isLoopbackHost(e.HOST)) {
    throw new ConfigError(
      `Invalid configuration: DEMO_WALLET_PRIVATE_KEY (demo mode) needs HOST to be a loopback address (127.0.0.1, ::1 or localhost), got HOST ${JSON.stringify(e.HOST)}`,
    );
  }
  // The SSRF guard's test switch would let any user make the server call its own network.
  if (e.ALERT_CHANNELS_ALLOW_LOOPBACK === 'true' && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: ALERT_CHANNELS_ALLOW_LOOPBACK is for test suites only and is refused when NODE_ENV=production',
    );
  }
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(findRepoRoot(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    jwtSecret: e.JWT_SECRET,
    polygonRpcUrls: e.POLYGON_RPC_URL,
    baseRpcUrls: e.BASE_RPC_URL ?? [],
    chainId: e.CHAIN_ID,
    multicall3Address: e.MULTICALL3_ADDRESS as `0x${string}`,
    multicallBatchBytes: e.MULTICALL_BATCH_BYTES,
    quickswapFactoryAddress: e.QUICKSWAP_FACTORY_ADDRESS as `0x${string}`,
    usdcAddress: e.USDC_ADDRESS as `0x${string}`,
    wmaticAddress: e.WMATIC_ADDRESS as `0x${string}`,
    priceHubAddresses: e.PRICE_HUB_ADDRESSES as `0x${string}`[],
    quick: { old: e.QUICK_ADDRESS as `0x${string}`, new: e.NEW_QUICK_ADDRESS as `0x${string}` },
    dquick: { old: e.DQUICK_ADDRESS as `0x${string}`, new: e.NEW_DQUICK_ADDRESS as `0x${string}` },
    // Checksummed: the recovery plan sends them to the browser, which compares them with what it sends to.
    quickswapRouterAddress: getAddress(e.QUICKSWAP_ROUTER_ADDRESS),
    quickConverterAddress: getAddress(e.QUICK_CONVERTER_ADDRESS),
    lpFarmFactories: e.LP_FARM_FACTORIES as `0x${string}`[],
    dualFarmFactories: e.DUAL_FARM_FACTORIES as `0x${string}`[],
    v3: {
      factory: getAddress(e.V3_FACTORY_ADDRESS),
      poolDeployer: getAddress(e.V3_POOL_DEPLOYER_ADDRESS),
      positionManager: getAddress(e.V3_POSITION_MANAGER_ADDRESS),
      farmingCenter: getAddress(e.V3_FARMING_CENTER_ADDRESS),
      eternalFarming: getAddress(e.V3_ETERNAL_FARMING_ADDRESS),
      // The subgraph's start block is a fact about Polygon's contract on Polygon only; any other one is read from
      // the chain's first block, and a local chain with the contract at Polygon's address says where to start.
      eternalFarmingFromBlock:
        e.V3_ETERNAL_FARMING_FROM_BLOCK !== undefined
          ? BigInt(e.V3_ETERNAL_FARMING_FROM_BLOCK)
          : getAddress(e.V3_ETERNAL_FARMING_ADDRESS) === polygon.v3.eternalFarming
            ? polygon.v3.eternalFarmingFromBlock
            : 0n,
    },
    merkl: {
      distributor: getAddress(e.MERKL_DISTRIBUTOR_ADDRESS),
      apiUrl: e.MERKL_API_URL.replace(/\/+$/, ''),
      timeoutMs: e.MERKL_API_TIMEOUT_MS,
    },
    steer: {
      apiUrl: e.STEER_API_URL.replace(/\/+$/, ''),
      stakingPoolsUrl: e.STEER_STAKING_POOLS_URL,
      timeoutMs: e.STEER_API_TIMEOUT_MS,
    },
    farmRegistry: e.FARM_REGISTRY,
    cmcApiKey: e.CMC_API_KEY,
    cmcApiUrl: e.CMC_API_URL.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    snapshotIntervalMs: e.SNAPSHOT_INTERVAL,
    isWorkerEnabled: e.WORKER === 'on',
    retention: {
      dailyAfterDays: e.RETENTION_DAILY_AFTER_DAYS,
      weeklyAfterDays: e.RETENTION_WEEKLY_AFTER_DAYS,
    },
    history: {
      backfillDays: e.BACKFILL_DAYS,
      logsBlockRange: e.LOGS_BLOCK_RANGE,
      finality: { finality: e.FINALITY, depth: e.FINALITY_DEPTH },
    },
    alertChannels: {
      telegramBotToken: e.TELEGRAM_BOT_TOKEN,
      telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
      telegramPollTimeoutSeconds: e.TELEGRAM_POLL_TIMEOUT_SECONDS,
      discordWebhookBaseUrl: e.DISCORD_WEBHOOK_BASE_URL.replace(/\/+$/, ''),
      allowLoopback: e.ALERT_CHANNELS_ALLOW_LOOPBACK === 'true',
      deliveryTimeoutMs: e.ALERT_DELIVERY_TIMEOUT_MS,
    },
    demoWalletPrivateKey: e.DEMO_WALLET_PRIVATE_KEY as `0x${string}` | undefined,
    operatorEmails: e.OPERATOR_EMAILS,
  };
}

/** 127.0.0.0/8, ::1 (also as ::ffff:127.x) or localhost. */
function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  return /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim());
}

/**
 * Creates DATA_DIR (0700: it holds the database, the generated secret and e-mails with reset links) and
 * proves it is writable, or throws a ConfigError saying what to do. An existing DATA_DIR that other local
 * users can read or enter is kept as it is, with a warning naming the fix.
 */
export function ensureDataDir(config: Config): void {
  try {
    if (existsSync(config.dataDir)) {
      const mode = statSync(config.dataDir).mode & 0o777;
      if (mode & 0o077) {
        process.emitWarning(
          `DATA_DIR ${config.dataDir} is readable by other local users (mode ${mode.toString(8)}): it holds the database, secrets and e-mails with reset links; run chmod 700 on it`,
        );
      }
    }
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    const probe = join(config.dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `DATA_DIR ${config.dataDir} is not writable (${reason}): fix its permissions or set DATA_DIR to a writable folder`,
    );
  }
}

/**
 * Returns the config with `jwtSecret` set: JWT_SECRET when given, else the secret kept in
 * DATA_DIR/jwt-secret (created with mode 0600 on first start so restarts keep sessions valid).
 */
export function resolveJwtSecret(config: Config): Config & { jwtSecret: string } {
  if (config.jwtSecret) return { ...config, jwtSecret: config.jwtSecret };
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another process sharing DATA_DIR created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new ConfigError(`${file} holds a secret shorter than 32 characters: delete it`);
  return { ...config, jwtSecret: secret };
}
