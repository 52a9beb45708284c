import { z } from 'zod';

/** GET /api/health: the process is up. */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /api/ready: 200 `ok` when the database answers, else 503 `unavailable`. */
export const ReadyResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
