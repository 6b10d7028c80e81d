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
});

export type Health = z.infer<typeof healthSchema>;
