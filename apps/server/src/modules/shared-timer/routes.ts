import { SHARED_TIMER_MAX_BATCH } from '@focusroom/core';
import {
  SharedTimerActionsBodySchema,
  SharedTimerActionsResultSchema,
  SharedTimerSchema,
} from '@focusroom/core/schemas';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, errorResponses } from '../../lib/responses.js';
import { getAuth } from '../auth/guard.js';
import type { SharedTimerService } from './service.js';

export interface SharedTimerRoutesOptions {
  service: SharedTimerService;
  requireAuth: preHandlerAsyncHookHandler;
}

/** /api/timer: the signed-in account's one timer, the same on every device (issue 33). */
export const sharedTimerRoutes: FastifyPluginAsyncZod<SharedTimerRoutesOptions> = async (
  app,
  opts,
) => {
  const { service, requireAuth } = opts;
  const tags = ['timer'];
  app.addHook('preHandler', requireAuth);

  app.get('/timer', {
    schema: {
      tags,
      summary: "The account's timer, as every device shows it",
      description:
        "Timestamps are epoch milliseconds in the server's time; `serverNow` is its clock as it " +
        "answered, for the device's offset.",
      security: bearerSecurity,
      response: { 200: SharedTimerSchema, ...errorResponses(401, 500) },
    },
    handler: async (request) => service.get(getAuth(request).user.id),
  });

  app.post('/timer/actions', {
    schema: {
      tags,
      summary: "Presses on the account's timer, in the order they were made",
      description:
        `1 to ${SHARED_TIMER_MAX_BATCH} presses. The first to reach the server decides: a press ` +
        'made on a version another device has changed since, or before a phase end that has ' +
        'passed, is `stale` (with every press after it) and the answer carries the timer to ' +
        'show instead. A press takes effect at its `at`, kept between the last change and now. ' +
        'A press whose `id` was applied already is a `duplicate`.',
      security: bearerSecurity,
      body: SharedTimerActionsBodySchema,
      response: { 200: SharedTimerActionsResultSchema, ...errorResponses(400, 401, 413, 415, 500) },
    },
    handler: async (request) => service.apply(getAuth(request).user.id, request.body.requests),
  });
};
