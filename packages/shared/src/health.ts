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
});

export type Health = z.infer<typeof healthSchema>;
