import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanFarmLogs } from './farm-logs.ts';
import { startTestChain, type TestChain } from './testing.ts';

// The wallet's farm events through eth_getLogs against the local chain, behind a proxy that plays a node
// with a range limit, one that refuses everything, and one that rate-limits.
let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
}, 60_000);
afterAll(() => t?.stop());

const scan = (fromBlock: bigint, toBlock: bigint, maxRange = 10_000n) =>
  scanFarmLogs(t.chain, {
    farms: [t.world.farms.wbtcUsdc, t.world.farms.dualWethWmatic],
    accounts: [t.world.accounts.user.address],
    fromBlock,
    toBlock,
    maxRange,
  });

describe('scanFarmLogs', () => {
  it("finds the wallet's stakes on both kinds of farm in one request per range", async () => {
    t.proxy.reset();
    const head = await t.anvil.client.getBlockNumber();
    const { events, gaps, requests } = await scan(0n, head);
    expect(gaps).toEqual([]);
    expect(requests).toBe(1);
    const stakes = events.filter((e) => e.kind === 'staked');
    expect(stakes.map((e) => [e.farm, e.amount])).toEqual([
      [t.world.farms.wbtcUsdc.address, t.world.farms.wbtcUsdc.userStake],
      [t.world.farms.dualWethWmatic.address, t.world.farms.dualWethWmatic.userStake],
    ]);
    for (const event of events) expect(event.account).toBe(t.world.accounts.user.address);
  });

  it('halves a range the node refuses as too large and still finds everything', async () => {
    const head = await t.anvil.client.getBlockNumber();
    const whole = await scan(0n, head);
    t.proxy.inject({ type: 'logsRangeLimit', maxBlocks: 20 }, { methods: ['eth_getLogs'] });
    try {
      const limited = await scan(0n, head);
      expect(limited.gaps).toEqual([]);
      expect(limited.events).toEqual(whole.events);
      expect(limited.requests).toBeGreaterThan(Number(head) / 20);
    } finally {
      t.proxy.clearFaults();
    }
  });

  it('reports blocks the node refuses even one at a time as gaps, never guessed', async () => {
    const head = await t.anvil.client.getBlockNumber();
    const stake = (await scan(0n, head)).events[0]!.blockNumber;
    t.proxy.inject({ type: 'logsRangeLimit', maxBlocks: 0 }, { methods: ['eth_getLogs'] });
    try {
      const refused = await scan(stake - 1n, stake + 1n);
      expect(refused.events).toEqual([]);
      expect(refused.gaps.map((g) => [g.fromBlock, g.toBlock])).toEqual([
        [stake - 1n, stake - 1n],
        [stake, stake],
        [stake + 1n, stake + 1n],
      ]);
      expect(refused.gaps[0]!.reason).toMatch(/range is too large/);
    } finally {
      t.proxy.clearFaults();
    }
  });

  it('fails with CHAIN_UNAVAILABLE on an HTTP error instead of shrinking the range', async () => {
    t.proxy.inject({ type: 'http5xx', status: 503 }, { methods: ['eth_getLogs'] });
    try {
      await expect(scan(0n, 10n)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
    } finally {
      t.proxy.clearFaults();
    }
  });
});
