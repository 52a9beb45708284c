import {
  PushActionBodySchema,
  PushActionResultSchema,
  PushDeviceBodySchema,
  PushDeviceParamsSchema,
  PushDeviceSchema,
  PushDevicesSchema,
  PushKeySchema,
} from '@focusroom/core/schemas';
import { z } from 'zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoContentSchema, bearerSecurity, errorResponses } from '../../lib/responses.js';
import { getAuth } from '../auth/guard.js';
import type { PushService } from './service.js';

export interface PushRoutesOptions {
  service: PushService;
  requireAuth: preHandlerAsyncHookHandler;
}

/** /api/push: the devices that receive the account's alarms, and the notifications' buttons. */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, opts) => {
  const { service, requireAuth } = opts;
  const tags = ['push'];

  app.get('/push/key', {
    schema: {
      tags,
      summary: "The server's VAPID public key, to subscribe a browser with",
      response: { 200: PushKeySchema, ...errorResponses(500) },
    },
    handler: async () => ({ publicKey: service.publicKey() }),
  });

  app.post('/push/actions', {
    schema: {
      tags,
      summary: "A notification's button: start the next phase",
      description:
        'Sent by the service worker with the token the alarm carried (no session: the token is ' +
        'the right to this one press, for one phase end, for an hour). `stale`: the timer ' +
        'changed since the alarm, nothing was done.',
      body: PushActionBodySchema,
      response: { 200: PushActionResultSchema, ...errorResponses(400, 413, 415, 500) },
    },
    handler: async (request) => ({ outcome: await service.press(request.body.token) }),
  });

  app.get('/push/devices', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: "The account's devices that receive its alarms",
      security: bearerSecurity,
      response: { 200: PushDevicesSchema, ...errorResponses(401, 500) },
    },
    handler: async (request) => ({ devices: await service.list(getAuth(request).user.id) }),
  });

  app.put('/push/devices', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'This browser receives the alarms (its push subscription)',
      description:
        'The same endpoint again updates its device (a browser is one device, on one ' +
        'account). The endpoint must be a known push service.',
      security: bearerSecurity,
      body: PushDeviceBodySchema,
      response: { 200: PushDeviceSchema, ...errorResponses(400, 401, 409, 413, 415, 500) },
    },
    handler: async (request) =>
      service.register(getAuth(request).user.id, request.body, request.headers['accept-language']),
  });

  app.delete('/push/devices/:id', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'A device stops receiving the alarms',
      security: bearerSecurity,
      params: PushDeviceParamsSchema,
      response: { 204: NoContentSchema, ...errorResponses(401, 404, 500) },
    },
    handler: async (request, reply) => {
      await service.remove(getAuth(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/push/devices/:id/test', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'A test alarm to one of the devices',
      description:
        '410 `push.deviceGone`: the browser ended its subscription and the device is forgotten; ' +
        '502 `push.testFailed`: the push service did not take it.',
      security: bearerSecurity,
      params: PushDeviceParamsSchema,
      response: { 202: z.object({}), ...errorResponses(401, 404, 410, 429, 500, 502) },
    },
    handler: async (request, reply) => {
      await service.test(getAuth(request).user.id, request.params.id);
      return reply.code(202).send({});
    },
  });
};
