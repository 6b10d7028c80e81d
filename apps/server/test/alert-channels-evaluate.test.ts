import { stakingDualRewards, testErc20 } from '@tidewatch/contracts';
import { formatTokenAmount } from '@tidewatch/shared';
import {
  type DiscordServer,
  startDiscordServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import { type Address, formatUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2FarmStake } from '../src/core/kinds/index.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { deliverAlertChannels } from '../src/features/alert-channels/deliver-channels.ts';
import { evaluateAlerts } from '../src/features/alerts/index.ts';
import { createFarmUser, type FarmsWorld, importWorldFarms, startFarmsWorld } from './farms-setup.ts';

// Issue 36 end to end on the local chain: a farm about to end, its rule routed to a webhook and a Discord
// channel with the bell off. The evaluation (twice, racing, as two workers would) stores the event once,
// queues one delivery per chosen channel, and the delivery tick brings it to both receivers.
let w: FarmsWorld;
let receiver: WebhookReceiver;
let discord: DiscordServer;
let user: { token: string; userId: number };
let clock = new Date();
const publicUrl = 'http://localhost:5173';
const secret = 'whsec_evaluate_test_secret';
const db = () => w.testApp.database.db;
const wallet = () => w.t.world.accounts.user.address as Address;
const farm = () => w.t.world.farms.dualWethWmatic;
let channelIds: { webhook: number; discord: number };
type Embed = { title: string; fields: { name: string; value: string; inline: boolean }[] };

async function insertChannel(kind: 'webhook' | 'discord', url: string) {
  const row = await db()
    .insertInto('alert_channels')
    .values({
      user_id: user.userId,
      kind,
      label: kind,
      status: 'active',
      target: url,
      url,
      secret: kind === 'webhook' ? secret : null,
      created_at: clock.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver({ now: () => clock });
  receiver.setSecret(secret);
  discord = await startDiscordServer();
  w = await startFarmsWorld();
  await importWorldFarms(w, ['dualWethWmatic']);
  user = await createFarmUser(w, [wallet()]);
  await w.testApp.request({
    method: 'POST',
    url: '/api/quickswap/dual-mining/tracked-farm',
    token: user.token,
    payload: { farm_address: farm().address, wallet_address: wallet() },
  });
  // Stored as the routes would have after their checks (this app runs without the loopback test setting).
  channelIds = {
    webhook: await insertChannel('webhook', receiver.url),
    discord: await insertChannel('discord', discord.createWebhook()),
  };
  // 12 days on: the 14-day dual farm ends within 72 hours.
  await w.t.anvil.increaseTime(12 * 86_400);
  clock = new Date((Number((await w.t.anvil.client.getBlock()).timestamp) + 60) * 1000);
}, 120_000);
afterAll(async () => {
  await w?.close();
  await Promise.all([receiver?.stop(), discord?.stop()]);
});

/** The rule routed to both channels with the bell off, and a fresh snapshot of the pair read. */
async function routeAndRead() {
  const put = await w.testApp.request({
    method: 'PUT',
    url: '/api/alerts/settings',
    token: user.token,
    payload: {
      email_enabled: false,
      rules: [
        {
          rule: 'ending_soon',
          wallet_address: null,
          is_enabled: true,
          email_enabled: false,
          bell_enabled: false,
          channel_ids: [channelIds.webhook, channelIds.discord],
          threshold: null,
        },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  const pipeline = createSnapshotPipeline({
    db: db(),
    chain: w.t.chain,
    prices: w.prices,
    chainId: w.t.world.chainId,
    now: () => clock,
  });
  await pipeline.refreshSnapshots({ farms: [farm()], accounts: [wallet()] });
  return (await db().selectFrom('farms').select('id').where('address', '=', farm().address).execute()).map(
    (r) => ({ farmId: r.id, wallet: wallet() }),
  );
}

describe('an evaluated event goes to the channels its rule chose', () => {
  it('stores nothing when its deliveries cannot be queued: no event left without them', async () => {
    const pairs = await routeAndRead();
    // The deliveries' table gone for a moment: the queueing after the event's insert fails.
    await sql`ALTER TABLE alert_deliveries RENAME TO alert_deliveries_away`.execute(db());
    try {
      await expect(
        evaluateAlerts(
          { db: db(), chainId: w.t.world.chainId, publicUrl, now: clock },
          v2FarmStake.alerts,
          pairs,
        ),
      ).rejects.toThrow();
    } finally {
      await sql`ALTER TABLE alert_deliveries_away RENAME TO alert_deliveries`.execute(db());
    }
    const events = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(events).toEqual([]);
  });

  it('is stored once, kept from the bell, and delivered once to each chosen channel', async () => {
    const pairs = await routeAndRead();
    const evaluate = () =>
      evaluateAlerts(
        { db: db(), chainId: w.t.world.chainId, publicUrl, now: clock },
        v2FarmStake.alerts,
        pairs,
      );
    const [a, b] = await Promise.all([evaluate(), evaluate()]);
    expect(a + b).toBe(1);

    const [event] = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.userId)
      .where('rule', '=', 'ending_soon')
      .execute();
    expect(event).toMatchObject({ bell_hidden: 1, email_status: 'off' });
    const bell = await w.testApp.request({ method: 'GET', url: '/api/notifications', token: user.token });
    expect(bell.json().items.map((n: { rule: string }) => n.rule)).not.toContain('ending_soon');
    const queued = await db()
      .selectFrom('alert_deliveries')
      .select(['channel_id', 'status'])
      .where('notification_id', '=', event!.id)
      .orderBy('channel_id')
      .execute();
    expect(queued).toEqual([
      { channel_id: channelIds.webhook, status: 'pending' },
      { channel_id: channelIds.discord, status: 'pending' },
    ]);

    const config = {
      ...w.testApp.config.alertChannels,
      allowLoopback: true,
      discordWebhookBaseUrl: discord.baseUrl,
    };
    expect(await deliverAlertChannels({ db: db(), config, publicUrl, now: () => clock })).toBe(2);
    expect(await deliverAlertChannels({ db: db(), config, publicUrl, now: () => clock })).toBe(0);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body).toMatchObject({
      id: `n${event!.id}`,
      rule: 'ending_soon',
      wallet: wallet(),
      farm: farm().address,
      url: `${publicUrl}/quickswap/dual-mining/details/${farm().address}`,
    });
    expect(receiver.received[0]!.eventId).toBe(`n${event!.id}`);
    expect(discord.messages).toHaveLength(1);
    const embed = (discord.messages[0]!.body.embeds as Embed[])[0]!;
    expect(embed.title).toBe(event!.title);

    // The figures: the event's own numbers, against the chain at the snapshot's block.
    const snapshot = await db()
      .selectFrom('position_snapshots')
      .selectAll()
      .where('account_address', '=', wallet())
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const blockNumber = BigInt(snapshot.block_number);
    const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
      w.t.anvil.client.readContract({ address, abi, functionName, args, blockNumber } as never) as Promise<T>;
    const farmRead = <T>(name: string, args: unknown[] = []) =>
      read<T>(farm().address, stakingDualRewards.abi, name, args);
    const periodFinish = await farmRead<bigint>('periodFinish');
    const tokenFigure = async (tokenName: string, earnedName: string) => {
      const token = await farmRead<Address>(tokenName);
      const decimals = await read<number>(token, testErc20.abi, 'decimals');
      return {
        symbol: await read<string>(token, testErc20.abi, 'symbol'),
        amount: formatUnits(await farmRead<bigint>(earnedName, [wallet()]), decimals),
      };
    };
    const earned = [
      await tokenFigure('rewardsTokenA', 'earnedA'),
      await tokenFigure('rewardsTokenB', 'earnedB'),
    ];
    expect(Number(earned[0]!.amount)).toBeGreaterThan(0);
    const staked = formatUnits(await farmRead<bigint>('balanceOf', [wallet()]), 18);
    const endsMs = Number(periodFinish) * 1000;
    expect(snapshot.total_liquidity_usd).not.toBeNull();
    expect(receiver.received[0]!.body).toMatchObject({
      figures: {
        ends_at: new Date(endsMs).toISOString(),
        hours_left: Math.max(1, Math.round((endsMs - clock.getTime()) / 3_600_000)),
        staked_lp: staked,
        staked_usd: snapshot.total_liquidity_usd,
        earned,
      },
    });
    expect(receiver.received[0]!.body).not.toHaveProperty('title');
    // Discord's fields tell the same numbers.
    const field = (name: string) => embed.fields.find((f) => f.name === name)?.value;
    expect(field('Staked (LP)')).toBe(formatTokenAmount(staked));
    expect(field('Unclaimed')).toBe(
      earned.map((e) => `${formatTokenAmount(e.amount)} ${e.symbol}`).join(' + '),
    );
    expect(field('Ends')).toBe(`${new Date(endsMs).toISOString().replace('T', ' ').slice(0, 16)} UTC`);
  });
});
