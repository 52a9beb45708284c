import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { AccountExportSchema } from '@focusroom/core/schemas';
import { bearerSecurity, errorResponses } from '../../lib/responses.js';
import { getAuth } from '../auth/guard.js';
import type { AccountExportService } from './export-service.js';

export interface ExportRoutesOptions {
  service: AccountExportService;
  requireAuth: preHandlerAsyncHookHandler;
}

/** GET /api/users/me/export (decision 034): the signed-in account's data as a JSON file. */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (app, opts) => {
  const { service, requireAuth } = opts;

  app.get('/me/export', {
    schema: {
      tags: ['users'],
      summary: 'Everything stored about your account, as one JSON file (attachment)',
      description:
        'Profile, settings, the timer, theme preference, custom themes, connected accounts, to-dos, ' +
        'playlists with their songs and every focus session, each as its own endpoint answers ' +
        'it. Never a password hash, token or provider token. Sent in chunks as it is read.',
      security: bearerSecurity,
      response: { 200: AccountExportSchema, ...errorResponses(401, 500) },
    },
    preHandler: requireAuth,
    handler: async (request, reply) => {
      const { fileName, body } = await service.exportFor(getAuth(request).user);
      // A stream is sent as it is (the schema documents its JSON; no serializer runs).
      return (reply as FastifyReply)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(body);
    },
  });
};
