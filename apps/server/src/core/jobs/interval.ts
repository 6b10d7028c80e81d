/** Units SNAPSHOT_INTERVAL accepts, in milliseconds. */
const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Shorter intervals would hammer the RPC for figures that barely move. */
const minSnapshotIntervalMs = 5_000;

/**
 * Reads SNAPSHOT_INTERVAL: a whole number and a unit (`30s`, `15m`, `1h`, `1d`), or `off` (null).
 * Returns an error text for anything else, and for intervals under 5 seconds.
 * @example parseSnapshotInterval('15m') // { ms: 900000 }
 */
export function parseSnapshotInterval(value: string): { ms: number | null } | { error: string } {
  const text = value.trim().toLowerCase();
  if (text === 'off') return { ms: null };
  const match = /^(\d+)\s*([smhd])$/.exec(text);
  if (!match) return { error: "must be a number and a unit (30s, 15m, 1h, 1d) or 'off'" };
  const ms = Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
  if (ms < minSnapshotIntervalMs) return { error: 'must be at least 5s' };
  return { ms };
}
