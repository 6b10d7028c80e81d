import type { WizardStateResponse, WizardVariant } from '@tidewatch/shared';
import {
  type CmcServer,
  cmcListingsForWorld,
  deployQuickswapWorld,
  type RpcProxy,
  startAnvil,
  startCmcServer,
  startRpcProxy,
  type World,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { type ChainClient, createChainClient } from '../src/core/chain/client.ts';
import { createCoinMarketCapClient } from '../src/core/prices/coinmarketcap-source.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import type { PriceSources } from '../src/core/snapshots/index.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

export const wizardPaths = {
  lp: '/api/quickswap/lp_mining_farm_import_guide/next-state',
  dual: '/api/quickswap/dual-mining/next-state',
} as const;

export type WizardWorld = {
  world: World;
  proxy: RpcProxy;
  cmc: CmcServer;
  chain: ChainClient;
  prices: PriceSources;
  stop: () => Promise<void>;
};

/** A local node with the QuickSwap world behind the counting proxy, and the CoinMarketCap-compatible server. */
export async function startWizardWorld(): Promise<WizardWorld> {
  const anvil = await startAnvil();
  const world = await deployQuickswapWorld(anvil);
  const proxy = await startRpcProxy({ target: anvil.rpcUrl });
  const cmc = await startCmcServer({ apiKey: 'test-key', listings: cmcListingsForWorld(world) });
  const chain = createChainClient({
    rpcUrls: [proxy.url],
    chainId: world.chainId,
    multicall3Address: world.multicall3,
    retryDelayMs: 20,
  });
  const prices: PriceSources = {
    onchain: createOnchainPriceSource({
      chain,
      ...worldPriceOptions(world),
    }),
    coinmarketcap: createCoinMarketCapClient({ apiKey: cmc.apiKey, baseUrl: cmc.url }),
  };
  return {
    world,
    proxy,
    cmc,
    chain,
    prices,
    stop: async () => {
      await cmc.stop();
      await proxy.stop();
      await anvil.stop();
    },
  };
}

/** The app wired to the world's chain; `withCmc: false` runs as without CMC_API_KEY. */
export function createWizardApp(w: WizardWorld, options: { withCmc?: boolean } = {}): Promise<TestApp> {
  const prices = options.withCmc === false ? { onchain: w.prices.onchain } : w.prices;
  return createTestApp({ env: worldAppEnv(w.world), deps: { chain: w.chain, prices } });
}

/** The world and the app wired to it: what each wizard test file starts before its tests. */
export type WizardApp = WizardWorld & { testApp: TestApp; close: () => Promise<void> };

/** startWizardWorld, then createWizardApp on it; `close` stops the app, then the world. */
export async function startWizardApp(): Promise<WizardApp> {
  const w = await startWizardWorld();
  const testApp = await createWizardApp(w).catch(async (error: unknown) => {
    await w.stop();
    throw error;
  });
  return {
    ...w,
    testApp,
    close: async () => {
      await testApp.close();
      await w.stop();
    },
  };
}

/** A confirmed, logged-in user; `wallet` is saved as one of its verified wallets (the wallets feature's table). */
export async function createWizardUser(
  testApp: TestApp,
  wallet?: string,
): Promise<{ token: string; userId: number }> {
  const { token } = await createConfirmedUser(testApp);
  const session = await testApp.request({ method: 'GET', url: '/api/internal/token/session', token });
  const userId = session.json().session.user.id as number;
  if (wallet) {
    const at = new Date().toISOString();
    await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
      values (${userId}, ${'MetaMask'}, ${wallet}, ${137}, ${at}, ${at})`.execute(testApp.database.db);
  }
  return { token, userId };
}

export type StepAnswer = { status: number; body: WizardStateResponse & Record<string, unknown> };

/** One next-state call. */
export async function sendStep(
  testApp: TestApp,
  token: string,
  variant: WizardVariant,
  payload: { name: string; event: string; params?: Record<string, unknown> },
): Promise<StepAnswer> {
  const response = await testApp.request({ method: 'POST', url: wizardPaths[variant], token, payload });
  return { status: response.statusCode, body: response.json() };
}

export type WalkOptions = {
  /** Params added to every call (e.g. account_address). */
  extra?: Record<string, unknown>;
  /** CONFIRMING: the choices to send; default the first candidate of each offered list. */
  choose?: (data: WizardStateResponse['data']) => Record<string, unknown>;
  /** 'got unresolvable token': name the token (over the realtime channel) before CHECK_TOKEN_STATUS. */
  onUnresolvable?: (data: WizardStateResponse['data']) => Promise<void>;
};

const roleLists = {
  token0: 'token0_choices',
  token1: 'token1_choices',
  reward_a: 'reward_a_choices',
  reward_b: 'reward_b_choices',
} as const;

function firstCandidates(data: WizardStateResponse['data']): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [role, list] of Object.entries(roleLists)) {
    const first = data[list]?.[0];
    if (first) params[role] = { coinmarketcap_id: first.id, coinmarketcap_slug: first.slug };
  }
  return params;
}

/** Fires events[0] from `from` until 'completed' (or a failure); returns every state answered, in order. */
export async function walkToEnd(
  testApp: TestApp,
  token: string,
  variant: WizardVariant,
  from: WizardStateResponse,
  options: WalkOptions = {},
): Promise<{ states: string[]; last: WizardStateResponse }> {
  const states = [from.name];
  let current = from;
  for (let i = 0; i < 40 && current.name !== 'completed'; i++) {
    const event = current.events[0]!;
    // As the spec's client does: 'continue' sends the state's data back as params (plus its own fields).
    let params: Record<string, unknown> = { ...current.data, ...options.extra };
    if (event === 'CONFIRM_TOKEN_COINMARKETCAP_DATA') {
      params = { ...params, ...(options.choose ?? firstCandidates)(current.data) };
    }
    if (event === 'CHECK_TOKEN_STATUS') await options.onUnresolvable?.(current.data);
    const answer = await sendStep(testApp, token, variant, { name: current.name, event, params });
    if (answer.status !== 200) {
      throw new Error(`${current.name} --${event}--> HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    current = answer.body;
    states.push(current.name);
  }
  return { states, last: current };
}

/**
 * A socket.io-client connection to a listening app; resolves once connected or rejects with the
 * refusal. Push the socket to `sockets` so the file's afterAll can disconnect it.
 */
export function connectRealtime(
  baseUrl: string,
  auth: Record<string, unknown>,
  sockets: Socket[],
): Promise<Socket> {
  const socket = io(baseUrl, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Emits 'update token' and resolves with the next 'got status'. */
export function sendUpdateToken(
  socket: Socket,
  payload: unknown,
): Promise<{ status: string; message: string }> {
  return new Promise((resolve) => {
    socket.once('got status', resolve);
    socket.emit('update token', payload);
  });
}

/** Fires events[0] from PARSE_URL of `url` until the import reaches `stop`; returns that state. */
export async function stepUntil(
  testApp: TestApp,
  token: string,
  variant: WizardVariant,
  url: string,
  stop: string,
): Promise<WizardStateResponse> {
  let state = (
    await sendStep(testApp, token, variant, { name: 'NOT_STARTED', event: 'PARSE_URL', params: { url } })
  ).body;
  for (let i = 0; i < 40 && state.name !== stop; i++) {
    const answer = await sendStep(testApp, token, variant, {
      name: state.name,
      event: state.events[0]!,
      params: { import_id: state.data.import_id },
    });
    if (answer.status !== 200)
      throw new Error(`${state.name} -> HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
    state = answer.body;
  }
  return state;
}
