import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import type { Server } from 'socket.io';

/**
 * Shares a socket.io server's broadcasts with every other Tidewatch process on the same PostgreSQL
 * (LISTEN/NOTIFY, large payloads in socket_io_attachments): a page connected to one API process gets the
 * events another process or a worker emits ('snapshot created', the wizard's 'got status').
 */
export async function usePostgresAdapter(io: Server, pool: pg.Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id bigserial UNIQUE,
    created_at timestamptz DEFAULT NOW(),
    payload bytea
  )`);
  io.adapter(createAdapter(pool));
}

/** Releases the adapter's listening connection, so the pool can close. */
export async function closeAdapter(io: Server): Promise<void> {
  const adapter = io.of('/').adapter as { close?: () => Promise<void> | void };
  await adapter.close?.();
}
