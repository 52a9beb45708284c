import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema, ReadyResponseSchema } from '@focusroom/core/schemas';
import { isDatabaseReady, type Db } from '../../db/index.js';

/** Liveness (/api/health) and readiness (/api/ready: the database answers `select 1`). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health', {
    schema: { tags: ['system'], summary: 'Liveness', response: { 200: HealthResponseSchema } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/ready', {
    schema: {
      tags: ['system'],
      summary: 'Readiness: the database answers',
      response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
    },
    handler: async (_request, reply) =>
      (await isDatabaseReady(db))
        ? reply.send({ status: 'ok' })
        : reply.code(503).send({ status: 'unavailable' }),
  });
};
