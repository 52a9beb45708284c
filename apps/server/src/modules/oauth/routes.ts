import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  OAuthCallbackQuerySchema,
  OAuthConnectionListSchema,
  OAuthExchangeBodySchema,
  OAuthExchangeResponseSchema,
  OAuthProviderParamsSchema,
  OAuthProvidersResponseSchema,
  OAuthStartBodySchema,
  OAuthStartResponseSchema,
} from '@focusroom/core/schemas';
import { NoContentSchema, bearerSecurity, errorResponses } from '../../lib/responses.js';
import { requestLocale } from '../../mail/i18n.js';
import { getAuth } from '../auth/guard.js';
import type { AuthService } from '../auth/service.js';
import type { OAuthService } from './service.js';

export interface OAuthRoutesOptions {
  service: OAuthService;
  auth: Pick<AuthService, 'authenticate'>;
  bodyLimit: number;
}

/** /api/auth: the providers, starting an attempt, the provider's callback and the exchange. */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (app, opts) => {
  const { service, auth, bodyLimit } = opts;
  const tags = ['auth'];

  app.get('/providers', {
    schema: {
      tags,
      summary: 'The external sign-in providers this server has credentials for',
      response: { 200: OAuthProvidersResponseSchema, ...errorResponses(500) },
    },
    handler: async () => service.listProviders(),
  });

  app.post('/oauth/:provider/start', {
    bodyLimit,
    schema: {
      tags,
      summary:
        "Begin an external sign-in (or, with the bearer token, a connect): the provider's address, and a 10-minute flow cookie",
      params: OAuthProviderParamsSchema,
      body: OAuthStartBodySchema,
      response: {
        200: OAuthStartResponseSchema,
        ...errorResponses(400, 401, 404, 413, 415, 429, 500),
        503: errorResponses(503)[503].describe('The provider cannot be reached'),
      },
    },
    handler: async (request, reply) => {
      const provider = service.providerOf(request.params.provider);
      // A connect names the signed-in user; a sign-in never reads the token.
      const userId =
        request.body.intent === 'link'
          ? (await auth.authenticate(request.headers.authorization)).user.id
          : null;
      const result = await service.start(provider, request.body, userId, request.ip);
      reply.header('set-cookie', result.setCookie);
      reply.header('cache-control', 'no-store');
      return { url: result.url };
    },
  });

  app.get('/oauth/:provider/callback', {
    schema: {
      tags,
      summary:
        'Where the provider sends the browser back; redirects to /oauth-callback with a one-time code or an error code, or to /profile after a connect',
      params: OAuthProviderParamsSchema,
      querystring: OAuthCallbackQuerySchema,
      response: { 302: z.null().describe('Redirect') },
    },
    handler: async (request, reply) => {
      const outcome = await service.callback(
        request.params.provider,
        request.query,
        rawQuery(request),
        request.headers.cookie,
        requestLocale(request.headers['accept-language']),
        (error) => request.log.warn({ err: error }, 'external sign-in failed'),
      );
      reply.header('set-cookie', outcome.setCookie);
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(outcome.location, 302);
    },
  });

  app.post('/oauth/exchange', {
    bodyLimit,
    schema: {
      tags,
      summary: "Exchange /oauth-callback's one-time code (60 s, single use) for a session",
      body: OAuthExchangeBodySchema,
      response: {
        200: OAuthExchangeResponseSchema,
        ...errorResponses(400, 403, 413, 415, 429, 500),
      },
    },
    handler: async (request) => service.exchange(request.body.code, request.ip),
  });
};

export interface ConnectionRoutesOptions {
  service: OAuthService;
  requireAuth: preHandlerAsyncHookHandler;
}

/** /api/users/me/connections: the signed-in user's connected providers. */
export const connectionRoutes: FastifyPluginAsyncZod<ConnectionRoutesOptions> = async (
  app,
  opts,
) => {
  const { service, requireAuth } = opts;
  const tags = ['users'];

  app.get('/me/connections', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'External sign-in providers connected to the signed-in account',
      security: bearerSecurity,
      response: { 200: OAuthConnectionListSchema, ...errorResponses(401, 500) },
    },
    handler: async (request) => service.connections(getAuth(request).user.id),
  });

  app.delete('/me/connections/:provider', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'Disconnect a provider; 409 when it is the last way to sign in',
      security: bearerSecurity,
      params: OAuthProviderParamsSchema,
      response: { 204: NoContentSchema, ...errorResponses(401, 404, 409, 500) },
    },
    handler: async (request, reply) => {
      await service.disconnect(getAuth(request).user, request.params.provider);
      return reply.code(204).send(null);
    },
  });
};

/** The query string exactly as received, for openid-client to read the provider's answer. */
function rawQuery(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index);
}
