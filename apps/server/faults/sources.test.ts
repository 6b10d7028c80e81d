import { stakingRewards } from '@tidewatch/contracts';
import type { V3WalletPositions } from '@tidewatch/shared';
import type { RpcProxy } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultWorld, startFaultWorld } from './fault-world.ts';
import { createTally } from './tally.ts';

// Issue 43, Build 4 and 8: each external source fails alone. For every fault of the node (each kind of call:
// multicall eth_call, the head, logs, receipts, one contract's revert inside a multicall), of CoinMarketCap's API
// (which prices WMATIC: the operator chose it), of Merkl's API and of Base's node (issue 47: a second chain),
// every screen is read with the fault in place: a screen that reads stored figures answers them unchanged; a
// screen that reads the failing source answers 200 with that part unknown, or (when the source is all it
// reads) a typed 502/503/504, never a 500. A hung source ends at its timeout.
const tally = createTally(import.meta.filename);
let w: FaultWorld;

/**
 * `isWholeOrNothing`: the farm refresh stores a snapshot whole or not at all (the farm keeps its last good one
 * and says why), so any failure of what it reads may answer a typed 5xx.
 */
type Screen = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  isWholeOrNothing?: boolean;
  /** What it reads live: Polygon's node (the default) or Base's. */
  source?: 'base';
};
const year = new Date().getUTCFullYear();

/** Screens whose figures are stored: a fault anywhere outside the database leaves them as they were. */
const storedScreens = (): Screen[] => [
  { name: 'dashboard totals', method: 'GET', url: '/api/quickswap/portfolio' },
  { name: 'tracked farms', method: 'GET', url: '/api/quickswap/tracked-summary' },
  { name: 'tracked V3 positions', method: 'GET', url: '/api/quickswap/v3/tracked-positions' },
  { name: 'tracked wallets on Base', method: 'GET', url: '/api/quickswap/chains/tracked' },
  { name: 'chains', method: 'GET', url: '/api/chains' },
  { name: 'notifications', method: 'GET', url: '/api/notifications' },
  { name: 'books', method: 'GET', url: `/api/ledger/summary?wallet=${w.wallet}&year=${year}&tz=UTC` },
  {
    name: 'farm page',
    method: 'GET',
    url: `/api/quickswap/farm/details/${w.t.world.farms.wmaticUsdc.address}?account=${w.wallet}`,
  },
];

/** Screens that read the chain (and Merkl) when asked. */
const liveScreens = (): Screen[] => [
  {
    name: "wallet's V3 positions",
    method: 'GET',
    url: `/api/quickswap/v3/positions?wallet_address=${w.wallet}`,
  },
  {
    name: 'one V3 position',
    method: 'GET',
    url: `/api/quickswap/v3/positions/${w.v3World.positions.inRange.tokenId}`,
  },
  { name: 'recovery plan', method: 'GET', url: `/api/recovery/plan?wallet_address=${w.wallet}` },
  {
    name: 'wallet on Base',
    method: 'GET',
    url: `/api/quickswap/chains/8453/holdings?wallet_address=${w.wallet}`,
    source: 'base',
  },
  {
    name: 'farm refresh',
    method: 'POST',
    url: '/api/quickswap/create-snapshots',
    payload: { address: w.t.world.farms.wmaticUsdc.address, account_address: w.wallet },
    isWholeOrNothing: true,
  },
];

const read = (screen: Screen) =>
  w.testApp.request({
    method: screen.method,
    url: screen.url,
    token: w.user.token,
    ...(screen.payload ? { payload: screen.payload } : {}),
  });

/** Each stored screen's body now, with no fault in place. */
async function storedBaseline(): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  for (const screen of storedScreens()) {
    const response = await read(screen);
    expect(response.statusCode, `${screen.name}: ${response.body}`).toBe(200);
    bodies.set(screen.name, response.body);
  }
  return bodies;
}

const typedUnavailable = new Set([502, 503, 504]);

/**
 * One fault, met by every screen in turn (injected again before each): stored screens must answer as before;
 * a live screen 200, or a typed 5xx where `isWhole` (the source is all the screen reads) and the screen reads
 * the failing node (`node`: Polygon's unless said).
 */
async function meetFault(
  label: string,
  inject: () => void,
  clear: () => void,
  isWhole: boolean,
  node: 'polygon' | 'base' = 'polygon',
) {
  const baseline = await storedBaseline();
  // A new block: the live reads ask the node again (the incentive logs only scan new blocks).
  await w.t.anvil.mine();
  for (const screen of [...storedScreens(), ...liveScreens()]) {
    inject();
    tally.injected();
    let response: Awaited<ReturnType<typeof read>>;
    try {
      response = await read(screen);
    } finally {
      clear();
    }
    const stored = baseline.get(screen.name);
    const where = `${label} → ${screen.name}: ${response.statusCode} ${response.body.slice(0, 200)}`;
    if (stored !== undefined) {
      if (response.statusCode !== 200 || response.body !== stored) tally.problem('screens_broken', where);
    } else if (response.statusCode !== 200) {
      const code = (response.json() as { code?: string }).code;
      const isTyped = typedUnavailable.has(response.statusCode) && code !== 'INTERNAL';
      const readsIt = (screen.source ?? 'polygon') === node;
      if (!((isWhole && readsIt) || screen.isWholeOrNothing) || !isTyped)
        tally.problem('screens_broken', where);
    }
  }
  // The source back: every live screen answers again.
  for (const screen of liveScreens()) {
    const response = await read(screen);
    if (response.statusCode !== 200)
      tally.problem('screens_broken', `${label}, after: ${screen.name}: ${response.statusCode}`);
  }
}

beforeAll(async () => {
  w = await startFaultWorld();
}, 180_000);
afterAll(async () => {
  tally.write();
  await w?.close();
});

type NodeFault = Parameters<RpcProxy['inject']>[0];
const nodeFaults: { label: string; fault: NodeFault; methods?: string[]; isWhole: boolean }[] = [];
for (const [kind, fault] of [
  ['an HTTP 503', { type: 'http5xx' }],
  ['no answer', { type: 'hang' }],
  ['a body that is not JSON', { type: 'garbageJson' }],
] as const) {
  // Every contract read rides in eth_call (one aggregate3), and the head is read first: all a live screen reads.
  nodeFaults.push({ label: `eth_call: ${kind}`, fault, methods: ['eth_call'], isWhole: true });
  nodeFaults.push({ label: `eth_blockNumber: ${kind}`, fault, methods: ['eth_blockNumber'], isWhole: true });
  // Logs (the farming incentives) and receipts are one part of what a screen shows.
  nodeFaults.push({ label: `eth_getLogs: ${kind}`, fault, methods: ['eth_getLogs'], isWhole: false });
  nodeFaults.push({
    label: `eth_getTransactionReceipt: ${kind}`,
    fault,
    methods: ['eth_getTransactionReceipt'],
    isWhole: false,
  });
}
nodeFaults.push({
  label: 'one contract reverts inside the multicall',
  fault: { type: 'revertInside', callIndex: 1 },
  isWhole: true,
});

describe('each source fails alone', () => {
  it.each(nodeFaults)('the node: $label', async ({ label, fault, methods, isWhole }) => {
    const seen = tally.problems.length;
    await meetFault(
      label,
      () => w.t.proxy.inject(fault, methods ? { methods } : {}),
      () => w.t.proxy.clearFaults(),
      isWhole,
    );
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it.each([
    ['an HTTP 503', { type: 'http5xx' }],
    ['no answer', { type: 'hang' }],
    ['a body that is not JSON', { type: 'garbageJson' }],
  ] as const)(
    "Base's node: %s (Polygon's screens and every stored figure unchanged)",
    async (kind, fault) => {
      const seen = tally.problems.length;
      await meetFault(
        `Base's node: ${kind}`,
        () => w.base.proxy.inject(fault),
        () => w.base.proxy.clearFaults(),
        true,
        'base',
      );
      expect(tally.problems.slice(seen)).toEqual([]);
    },
  );

  it.each(['500', 'garbage', 'hang'] as const)("CoinMarketCap's API: %s", async (fault) => {
    const seen = tally.problems.length;
    await meetFault(
      `CoinMarketCap: ${fault}`,
      () => w.cmc.setFault(fault),
      () => w.cmc.setFault(null),
      false,
    );
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it('CoinMarketCap down: the token it prices reads unknown on a live screen, the others keep their prices', async () => {
    const url = `/api/quickswap/v3/positions?wallet_address=${w.wallet}`;
    const before = (await read({ name: 'list', method: 'GET', url })).json() as V3WalletPositions;
    w.cmc.setFault('500');
    let during: V3WalletPositions;
    try {
      during = (await read({ name: 'list', method: 'GET', url })).json() as V3WalletPositions;
    } finally {
      w.cmc.setFault(null);
    }
    const wmatic = w.t.world.tokens.WMATIC.address.toLowerCase();
    const pricesOf = (list: V3WalletPositions) =>
      new Map(
        list.positions.flatMap((p) => [
          [p.pool.token0.address.toLowerCase(), p.pool.price0_usd],
          [p.pool.token1.address.toLowerCase(), p.pool.price1_usd],
        ]),
      );
    const [was, now] = [pricesOf(before), pricesOf(during)];
    expect(was.get(wmatic)).not.toBeNull();
    expect(now.get(wmatic)).toBeNull();
    for (const [token, price] of was) if (token !== wmatic) expect(now.get(token)).toBe(price);
  });

  it("CoinMarketCap's API: a 429 with Retry-After", async () => {
    const seen = tally.problems.length;
    await meetFault(
      'CoinMarketCap: 429',
      () => w.cmc.setRateLimited(60),
      () => w.cmc.setRateLimited(null),
      false,
    );
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it.each([
    ['an HTTP 503', { type: 'http5xx' }],
    ['no answer', { type: 'hang' }],
    ['a body that is not JSON', { type: 'garbageJson' }],
  ] as const)(
    'recording a step while the node fails its receipt (%s): nothing half-written, recorded once after',
    async (label, fault) => {
      const seen = tally.problems.length;
      tally.injected();
      const hash = await w.t.anvil.client.writeContract({
        account: w.wallet,
        chain: null,
        address: w.t.world.farms.quickWmaticEnded.address,
        abi: stakingRewards.abi,
        functionName: 'getReward',
      });
      await w.t.anvil.client.waitForTransactionReceipt({ hash });
      const record = () =>
        w.testApp.request({
          method: 'POST',
          url: '/api/recovery/transactions',
          token: w.user.token,
          payload: { wallet_address: w.wallet, tx_hash: hash, step_kind: 'claim' },
        });
      const rows = () =>
        w.testApp.database.db
          .selectFrom('wallet_transactions')
          .select('id')
          .where('tx_hash', '=', hash)
          .execute();
      w.t.proxy.inject(fault, { methods: ['eth_getTransactionReceipt'] });
      let during: Awaited<ReturnType<typeof record>>;
      try {
        during = await record();
      } finally {
        w.t.proxy.clearFaults();
      }
      if (during.statusCode === 500) tally.problem('screens_broken', `record, ${label}: 500 ${during.body}`);
      if (during.statusCode !== 200 && (await rows()).length > 0)
        tally.problem('duplicated', `record, ${label}: a row stored by a request that failed`);
      // The browser asks again once the node answers: one row, whatever was asked before.
      for (let attempt = 0; attempt < 2; attempt++) {
        const again = await record();
        if (again.statusCode !== 200)
          tally.problem('lost', `record, ${label}, after: ${again.statusCode} ${again.body}`);
      }
      const stored = (await rows()).length;
      if (stored === 0) tally.problem('lost', `record, ${label}: never stored`);
      if (stored > 1) tally.problem('duplicated', `record, ${label}: stored ${stored} times`);
      expect(tally.problems.slice(seen)).toEqual([]);
    },
  );

  it.each(['500', 'garbage', 'wrong-shape', 'hang'] as const)("Merkl's API: %s", async (fault) => {
    const seen = tally.problems.length;
    await meetFault(
      `Merkl's API: ${fault}`,
      () => w.merkl.setFault(fault),
      () => w.merkl.setFault(null),
      false,
    );
    expect(tally.problems.slice(seen)).toEqual([]);
  });
});
