import { z } from 'zod';

/** `web`: only what answering requests needs (the database) decides the status; the job queue is still reported. */
export const healthQuerySchema = z.object({ scope: z.enum(['all', 'web']).optional() });
export type HealthQuery = z.infer<typeof healthQuerySchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  /** This process's job worker: running, or stopped (it starts again by itself, with back-off). */
  jobs: z.enum(['ok', 'down']),
  /** Seconds the oldest job that is due has waited for a worker (0: none waits); null while the database is down. */
  jobsWaitSec: z.number().nonnegative().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
