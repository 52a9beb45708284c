import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema, ReadyResponseSchema } from '@focusroom/core/schemas';
import { isDatabaseReady, type Db } from '../../db/index.js';

/**
 * Liveness (/api/health: the process answers, even while it sheds load) and readiness
 * (/api/ready: not shedding load, decision 063, and the database answers `select 1`), which a
 * load balancer asks before sending an instance more work.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; overloaded: () => boolean }> = async (
  app,
  { db, overloaded },
) => {
  app.get('/health', {
    schema: { tags: ['system'], summary: 'Liveness', response: { 200: HealthResponseSchema } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/ready', {
    schema: {
      tags: ['system'],
      summary: 'Readiness: not shedding load, and the database answers',
      response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
    },
    handler: async (_request, reply) => {
      if (overloaded()) return reply.code(503).send({ status: 'overloaded' });
      return (await isDatabaseReady(db))
        ? reply.send({ status: 'ok' })
        : reply.code(503).send({ status: 'unavailable' });
    },
  });
};
