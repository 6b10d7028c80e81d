import { setTimeout as delay } from 'node:timers/promises';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';

const adapterPools = new WeakMap<Server, pg.Pool>();
const listenTimeoutMs = 10_000;

/** @socket.io/postgres-adapter 0.5: the adapter's pub/sub client sets `client` once its LISTEN is done. */
type AdapterInternals = { client?: { client?: unknown } };

/**
 * Shares a socket.io server's broadcasts with every other Tidewatch process on the same PostgreSQL
 * (LISTEN/NOTIFY, large payloads in socket_io_attachments): a page connected to one API process gets the
 * events another process or a worker emits ('snapshot created', the wizard's 'got status').
 *
 * The adapter holds a LISTEN connection for as long as it lives, so it gets a small pool of its own: the
 * app's pool stays whole for queries and can be closed without waiting for the adapter. It resolves once
 * the LISTEN is in place: events other processes send before that would be missed, and an adapter closed
 * before its LISTEN finishes keeps the connection (the library sets it after close), so its pool never ends.
 */
export async function usePostgresAdapter(io: Server, appPool: pg.Pool): Promise<void> {
  const pool = new pg.Pool({ ...appPool.options, max: 2 });
  pool.on('error', (error) => process.emitWarning(`PostgreSQL (realtime) connection lost: ${error.message}`));
  await pool.query(`CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id bigserial UNIQUE,
    created_at timestamptz DEFAULT NOW(),
    payload bytea
  )`);
  adapterPools.set(io, pool);
  io.adapter(createAdapter(pool));
  const adapter = io.of('/').adapter as unknown as AdapterInternals;
  for (let waited = 0; !adapter.client?.client; waited += 10) {
    if (waited >= listenTimeoutMs) {
      throw new Error(`the socket.io PostgreSQL adapter did not LISTEN within ${listenTimeoutMs} ms`);
    }
    await delay(10);
  }
}

/** Releases the adapter's listening connection and closes its pool. */
export async function closeAdapter(io: Server): Promise<void> {
  const adapter = io.of('/').adapter as { close?: () => Promise<void> | void };
  await adapter.close?.();
  const pool = adapterPools.get(io);
  adapterPools.delete(io);
  await pool?.end();
}
