import { z } from 'zod';

/** GET /api/health: the process is up. */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/**
 * GET /api/ready: 200 `ok` when the database answers and the instance is not shedding load; 503
 * `overloaded` while it sheds (decision 063), else 503 `unavailable` when the database is away.
 */
export const ReadyResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'overloaded']),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
