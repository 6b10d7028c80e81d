import type { Insertable, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../core/db/index.ts';
import type { AlertChannelsTable, AlertDeliveriesTable } from '../../core/db/tables/alert-channels.ts';
import { isFreeAt } from '../../core/jobs/lease-repository.ts';

/** The alert channels' SQL: channels, their deliveries, and the Telegram poller's row (issue 36). */

type Db = Kysely<Database>;
export type ChannelRow = Selectable<AlertChannelsTable>;
export type DeliveryRow = Selectable<AlertDeliveriesTable>;

/** A user's channels, oldest first. */
export function findChannels(db: Db, userId: number): Promise<ChannelRow[]> {
  return db.selectFrom('alert_channels').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** One of the user's channels. */
export function findChannel(db: Db, userId: number, id: number): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('alert_channels')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertChannel(db: Db, row: Insertable<AlertChannelsTable>): Promise<ChannelRow> {
  return db.insertInto('alert_channels').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Deletes one of the user's channels (its deliveries go with it). Whether it existed. */
export async function deleteChannel(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('alert_channels')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Of `ids`, those that are the user's channels (any status). */
export async function ownedChannelIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('alert_channels')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Queues one delivery per (notification, channel) for the user's active channels among `channelIds`. */
export async function enqueueDeliveries(
  db: Db,
  userId: number,
  notificationId: number,
  channelIds: number[],
  at: string,
): Promise<number> {
  if (channelIds.length === 0) return 0;
  const active = await db
    .selectFrom('alert_channels')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', channelIds)
    .where('status', '=', 'active')
    .execute();
  if (active.length === 0) return 0;
  const result = await db
    .insertInto('alert_deliveries')
    .values(
      active.map((c) => ({
        notification_id: notificationId,
        channel_id: c.id,
        status: 'pending' as const,
        next_at: at,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['notification_id', 'channel_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * A test alert for one channel (no notification behind it), unless one was queued after `notSince`: one
 * conditional update takes the channel's turn, so two processes asked at once queue one. Whether it was queued.
 */
export async function enqueueTestDelivery(
  db: Db,
  channelId: number,
  at: string,
  notSince: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const turn = await trx
      .updateTable('alert_channels')
      .set({ last_test_at: at })
      .where('id', '=', channelId)
      .where((eb) => eb.or([eb('last_test_at', 'is', null), eb('last_test_at', '<=', notSince)]))
      .executeTakeFirst();
    if (Number(turn.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('alert_deliveries')
      .values({
        notification_id: null,
        channel_id: channelId,
        status: 'pending',
        next_at: at,
        created_at: at,
      })
      .execute();
    return true;
  });
}

/**
 * Pending deliveries due at `at`, free of leases, to active channels (at most `limit`, oldest first): what a
 * tick will try, each claimed only as its send starts (claimDelivery).
 */
export function findDueDeliveries(db: Db, at: string, limit: number) {
  return db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alert_channels as c', 'c.id', 'd.channel_id')
    .select(['d.id', 'd.channel_id', 'd.notification_id'])
    .where('d.status', '=', 'pending')
    .where('d.next_at', '<=', at)
    .where(isFreeAt('alert_deliveries', at, 'd'))
    .where('c.status', '=', 'active')
    .where((eb) => eb.or([eb('c.not_before', 'is', null), eb('c.not_before', '<=', at)]))
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/**
 * Takes the channel for one send by `owner` until `leaseUntil`, if at `at` it is active, not held by a 429
 * (not_before) and no other tick is sending to it: one conditional update, so the hold another process set
 * a moment ago is seen here, and a channel gets one request at a time across processes and lanes (with
 * several in flight, all would leave before the first 429 came back). Answers the channel as it is now.
 */
export function claimChannelForSend(
  db: Db,
  channelId: number,
  owner: string,
  at: string,
  leaseUntil: string,
): Promise<ChannelRow | undefined> {
  return db
    .updateTable('alert_channels')
    .set({ sending_owner: owner, sending_until: leaseUntil })
    .where('id', '=', channelId)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('not_before', 'is', null), eb('not_before', '<=', at)]))
    .where(isFreeAt('alert_channels', at))
    .returningAll()
    .executeTakeFirst();
}

/** Lets the channel be sent to again (by any tick), if `owner` still holds it. */
export async function releaseChannel(db: Db, channelId: number, owner: string): Promise<void> {
  await db
    .updateTable('alert_channels')
    .set({ sending_owner: null, sending_until: null })
    .where('id', '=', channelId)
    .where('sending_owner', '=', owner)
    .execute();
}

/**
 * Takes one delivery for `owner` until `leaseUntil` if it is still pending, due and free at `at` (its
 * channel taken first with claimChannelForSend): one conditional update, so of several processes one gets
 * it (PostgreSQL re-checks the condition on a row another process just updated). Answers the row taken, or
 * undefined.
 */
export function claimDelivery(
  db: Db,
  id: number,
  owner: string,
  at: string,
  leaseUntil: string,
): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('alert_deliveries')
    .set({ lease_until: leaseUntil, lease_owner: owner })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_at', '<=', at)
    .where(isFreeAt('alert_deliveries', at))
    .returningAll()
    .executeTakeFirst();
}

/** The notifications due deliveries refer to. */
export async function loadDeliveryNotifications(db: Db, deliveries: { notification_id: number | null }[]) {
  const ids = [
    ...new Set(deliveries.flatMap((d) => (d.notification_id === null ? [] : [d.notification_id]))),
  ];
  const rows =
    ids.length === 0 ? [] : await db.selectFrom('notifications').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((n) => [n.id, n]));
}

/**
 * Ends a delivery `owner` claimed: sent, failed for good, or pending again at `next_at`. Only while the
 * lease is still `owner`'s: a process whose lease ran out and was taken must not overwrite what the other
 * one recorded. Answers whether it was recorded.
 */
export async function finishDelivery(
  db: Db,
  id: number,
  owner: string,
  outcome:
    | { status: 'sent'; sent_at: string; attempts: number }
    | { status: 'failed'; last_error: string; attempts: number }
    | { status: 'pending'; last_error: string; attempts: number; next_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('alert_deliveries')
    .set({ ...outcome, lease_until: null, lease_owner: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A delivery went through: the channel's failure count starts again. */
export async function recordChannelSuccess(db: Db, channelId: number, at: string): Promise<void> {
  await db
    .updateTable('alert_channels')
    .set({ failures_in_a_row: 0, last_delivery_at: at })
    .where('id', '=', channelId)
    .execute();
}

/**
 * The receiver asked the channel to wait (429): none of its deliveries is tried before `notBefore` (the later
 * of this and any hold already set). Its status line says why (and until when).
 */
export async function holdChannel(
  db: Db,
  channelId: number,
  notBefore: string,
  reason: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('alert_channels')
    .set((eb) => ({
      not_before: eb
        .case()
        .when('not_before', '>', notBefore)
        .then(eb.ref('not_before'))
        .else(notBefore)
        .end(),
      last_error: reason,
      last_error_at: at,
    }))
    .where('id', '=', channelId)
    .execute();
}

/** A delivery failed: one more in a row, the reason kept. Answers the count now. */
export async function recordChannelFailure(
  db: Db,
  channelId: number,
  reason: string,
  at: string,
): Promise<number> {
  const row = await db
    .updateTable('alert_channels')
    .set({
      failures_in_a_row: sql<number>`failures_in_a_row + 1`,
      last_error: reason,
      last_error_at: at,
    })
    .where('id', '=', channelId)
    .returning('failures_in_a_row')
    .executeTakeFirst();
  return row?.failures_in_a_row ?? 0;
}

/** Pauses an active channel with at least `threshold` failures in a row; the row when this call did it. */
export function pauseFailingChannel(db: Db, channelId: number, threshold: number) {
  return db
    .updateTable('alert_channels')
    .set({ status: 'paused' })
    .where('id', '=', channelId)
    .where('status', '=', 'active')
    .where('failures_in_a_row', '>=', threshold)
    .returning(['id', 'user_id', 'label', 'kind'])
    .executeTakeFirst();
}

/**
 * A paused or held channel of the user active again at once: its failures forgotten, a 429's hold lifted, and
 * every delivery it still owes due at `at` (the user says the receiver is fixed; if it is not, the next answer
 * holds or counts again). A delivery a 429 answered carries the receiver's time in its own `next_at`: lifting
 * only the channel's hold left it waiting up to an hour after 'resume' (issue 43, finding 1). The row, or
 * undefined.
 */
export function resumeChannel(db: Db, userId: number, id: number, at: string) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('alert_channels')
      .set({ status: 'active', failures_in_a_row: 0, not_before: null })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', 'in', ['active', 'paused'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('alert_deliveries')
      .set({ next_at: at })
      .where('channel_id', '=', id)
      .where('status', '=', 'pending')
      .where('next_at', '>', at)
      .execute();
    return row;
  });
}

/** The Telegram channel waiting for this one-time code (by its hash), unexpired at `at`. */
export function findLinkingChannel(db: Db, codeHash: string, at: string) {
  return db
    .selectFrom('alert_channels')
    .selectAll()
    .where('kind', '=', 'telegram')
    .where('status', '=', 'linking')
    .where('link_code_hash', '=', codeHash)
    .where('link_expires_at', '>', at)
    .executeTakeFirst();
}

/** Links a chat to a linking channel (once: a second /start with the same code finds it active). */
export async function linkTelegramChat(
  db: Db,
  id: number,
  chat: { chatId: string; target: string },
): Promise<boolean> {
  const result = await db
    .updateTable('alert_channels')
    .set({
      status: 'active',
      telegram_chat_id: chat.chatId,
      target: chat.target,
      link_nonce: null,
      link_code_hash: null,
      link_expires_at: null,
      last_error: null,
      last_error_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'linking')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Telegram answered badly (a wrong token, unreachable): every Telegram channel's status says so. */
export async function recordTelegramProblem(db: Db, reason: string | null, at: string): Promise<void> {
  let query = db
    .updateTable('alert_channels')
    .set({ last_error: reason, last_error_at: reason === null ? null : at })
    .where('kind', '=', 'telegram');
  // Cleared only where the problem was Telegram's (linking channels), not a delivery's own error.
  if (reason === null) query = query.where('status', '=', 'linking');
  await query.execute();
}

/**
 * Takes (or keeps) the poller's lease for `owner` until `until`: one conditional update, so one process
 * polls. Answers the update offset to ask for, or undefined when another process holds it.
 */
export async function claimTelegramPoller(
  db: Db,
  owner: string,
  at: string,
  until: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('telegram_poller')
    .set({ lease_owner: owner, lease_until: until })
    .where('id', '=', 1)
    .where((eb) => eb.or([isFreeAt('telegram_poller', at), eb('lease_owner', '=', owner)]))
    .returning('update_offset')
    .executeTakeFirst();
  return row ? Number(row.update_offset) : undefined;
}

/** Stores the next offset, only while `owner` holds the lease. */
export async function storeTelegramOffset(db: Db, owner: string, offset: number): Promise<void> {
  await db
    .updateTable('telegram_poller')
    .set({ update_offset: String(offset) })
    .where('id', '=', 1)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Lets another process take the poller at once (this one stops). */
export async function releaseTelegramPoller(db: Db, owner: string): Promise<void> {
  await db
    .updateTable('telegram_poller')
    .set({ lease_until: null, lease_owner: null })
    .where('id', '=', 1)
    .where('lease_owner', '=', owner)
    .execute();
}
