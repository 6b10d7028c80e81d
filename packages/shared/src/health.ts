import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    ok: z.boolean(),
    dialect: z.enum(['sqlite', 'postgres']),
    error: z.string().optional(),
  }),
  chain: z.object({
    ok: z.boolean(),
    chainId: z.number().int().optional(),
    blockNumber: z.string().optional(),
    error: z.string().optional(),
  }),
  /** Automatic snapshots, as the schedule rows tell (whichever process ran them); absent if the rows cannot be read. */
  scheduler: z
    .object({
      /** SNAPSHOT_INTERVAL of this process in seconds; null when 'off'. */
      interval_seconds: z.number().nullable(),
      last_run_at: z.string().nullable(),
      pairs_due: z.number().int(),
      last_error: z.object({ at: z.string(), message: z.string() }).nullable(),
    })
    .optional(),
  /**
   * The farm index's last completed refresh: farms listed, candidates refused (with the reasons, also in
   * the log), and sources that could not be read with their age. Absent before the first refresh.
   */
  farm_index: z
    .object({
      refreshed_at: z.string(),
      farms: z.number().int(),
      rejected: z.number().int(),
      /** Refused candidates by reason: how many each. */
      rejected_by_reason: z.record(z.string(), z.number().int()),
      failed_sources: z.array(z.object({ source: z.string(), error: z.string(), since: z.string() })),
    })
    .optional(),
});

export type Health = z.infer<typeof healthSchema>;
