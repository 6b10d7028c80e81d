import { socketEvents, v3SnapshotCreatedSchema } from '@tidewatch/shared';
import type { V3PositionKey } from '@tidewatch/testkit';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRealtime, sendUpdateToken } from './import-wizard-helpers.ts';
import { createV3User, startV3TrackingWorld, type V3TrackingWorld } from './v3-tracking-setup.ts';

// Open pages follow the scheduled V3 round: once a stored batch's alerts are written, each user tracking one of
// its positions hears 'v3 snapshot created' on the realtime channel, naming the positions of theirs it stored;
// a user who saved the same wallet but tracks nothing hears nothing. On PostgreSQL too (`npm run test:pg`).
let w: V3TrackingWorld;
let baseUrl: string;
const sockets: Socket[] = [];
const wallet = () => w.t.world.accounts.user.address;
const idOf = (key: V3PositionKey) => w.v3World.positions[key].tokenId.toString();

beforeAll(async () => {
  w = await startV3TrackingWorld();
  baseUrl = await w.testApp.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await w?.close();
});

/** A user with the wallet saved, tracking `keys`, with a page open on the realtime channel. */
async function openPageOfUserTracking(keys: V3PositionKey[]) {
  const user = await createV3User(w, [wallet()]);
  for (const key of keys) {
    const tracked = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/v3/track',
      token: user.token,
      payload: { token_id: idOf(key), wallet_address: wallet() },
    });
    expect(tracked.statusCode).toBe(200);
  }
  const socket = await connectRealtime(baseUrl, { token: user.token }, sockets);
  const events: unknown[] = [];
  socket.on(socketEvents.v3SnapshotCreated, (payload: unknown) => events.push(payload));
  return { socket, events };
}

/**
 * Resolves once `socket` has heard what the server sent it before now: a 'got status' answer the server sends
 * after this call comes behind anything sent to the socket earlier (one connection keeps its order).
 */
async function drained(socket: Socket): Promise<void> {
  await sendUpdateToken(socket, {
    address: '0x00000000000000000000000000000000000000c3',
    name: 'X',
    symbol: 'X',
  });
}

describe("the scheduled V3 round tells open pages ('v3 snapshot created')", () => {
  it('sends each tracking user the positions of theirs it stored, and nothing to a user tracking none', async () => {
    const inRangeOnly = await openPageOfUserTracking(['inRange']);
    const both = await openPageOfUserTracking(['inRange', 'aboveRange']);
    const none = await openPageOfUserTracking([]);

    const report = await w.runRound();
    expect(report.stored).toBe(2);
    // runRound resolved after the batch's event was sent; each socket has it once its later answer arrives.
    for (const page of [inRangeOnly, both, none]) await drained(page.socket);

    expect(inRangeOnly.events).toHaveLength(1);
    const heard = v3SnapshotCreatedSchema.parse(inRangeOnly.events[0]);
    expect(heard.token_ids).toEqual([idOf('inRange')]);
    expect(Number.isNaN(Date.parse(heard.created_on))).toBe(false);
    expect(both.events).toHaveLength(1);
    expect(v3SnapshotCreatedSchema.parse(both.events[0]).token_ids.sort()).toEqual(
      [idOf('inRange'), idOf('aboveRange')].sort(),
    );
    expect(none.events).toEqual([]);
  });

  it("keeps the V2 event apart: a V3 round sends no 'snapshot created'", async () => {
    const page = await openPageOfUserTracking(['belowRange']);
    const v2Events: unknown[] = [];
    page.socket.on(socketEvents.snapshotCreated, (payload: unknown) => v2Events.push(payload));
    await w.t.anvil.mine();
    await w.runRound();
    await drained(page.socket);
    expect(page.events.map((e) => v3SnapshotCreatedSchema.parse(e).token_ids)).toEqual([
      [idOf('belowRange')],
    ]);
    expect(v2Events).toEqual([]);
  });
});
