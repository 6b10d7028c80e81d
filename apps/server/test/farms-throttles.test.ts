import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSnapshots, createFarmUser, type FarmsWorld, startFarmsWorldWithUser } from './farms-setup.ts';

// Small limits so the test reaches them; the defaults (10 and 60 per user per 10 minutes) are in limits.ts.
const tenMinutes = 10 * 60 * 1000;
let w: FarmsWorld;
let user: { token: string; userId: number };
let other: { token: string; userId: number };
beforeAll(async () => {
  ({ w, user } = await startFarmsWorldWithUser(['wmaticUsdc', 'dualWethWmatic'], {
    throttles: {
      tokenSnapshotsPerUser: { limit: 1, windowMs: tenMinutes },
      farmRefreshesPerUser: { limit: 2, windowMs: tenMinutes },
    },
  }));
  other = await createFarmUser(w);
}, 120_000);
afterAll(() => w?.close());

const post = (url: string, token: string, payload?: Record<string, string>) =>
  w.testApp.request(payload ? { method: 'POST', url, token, payload } : { method: 'POST', url, token });

function expectRateLimited(response: Awaited<ReturnType<typeof post>>, what: string) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(response.json().message).toMatch(new RegExp(`^too many ${what}, try again in 10 minutes$`));
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(500);
}

describe('per-user throttles on costly farm endpoints', () => {
  it('token snapshots: over the limit -> 429 with Retry-After, nothing written', async () => {
    expect((await post('/api/quickswap/token-snapshots', user.token)).statusCode).toBe(201);
    const before = await countSnapshots(w);
    expectRateLimited(await post('/api/quickswap/token-snapshots', user.token), 'token snapshot requests');
    expect(await countSnapshots(w)).toEqual(before);
  });

  it('LP and dual refreshes share one per-user limit; another user is not affected', async () => {
    const farms = w.t.world.farms;
    const account = w.t.world.accounts.user.address;
    const lp = { address: farms.wmaticUsdc.address, account_address: account };
    const dual = { farm_address: farms.dualWethWmatic.address, account_address: account };
    // Not tracked: 403, but each request still counts (it reached the costly route).
    expect((await post('/api/quickswap/create-snapshots', user.token, lp)).statusCode).toBe(403);
    expect((await post('/api/quickswap/dual-mining/snapshots', user.token, dual)).statusCode).toBe(403);
    const before = await countSnapshots(w);
    expectRateLimited(await post('/api/quickswap/create-snapshots', user.token, lp), 'farm refreshes');
    expectRateLimited(await post('/api/quickswap/dual-mining/snapshots', user.token, dual), 'farm refreshes');
    expect(await countSnapshots(w)).toEqual(before);
    expect((await post('/api/quickswap/create-snapshots', other.token, lp)).statusCode).toBe(403);
  });
});
