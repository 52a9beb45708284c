import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MusicResolveQuerySchema,
  MusicResolveResponseSchema,
  MusicSearchQuerySchema,
  MusicSearchResponseSchema,
  ErrorSchema,
  MusicUpstreamDeniedSchema,
} from '@focusroom/core/schemas';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { bearerSecurity, errorResponses } from '../../lib/responses.js';
import { getAuth } from '../auth/guard.js';
import type { MusicService } from './service.js';

/** JSON text already (a cached answer, built from the same schema's shape): sent as it is. */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

export interface MusicRoutesOptions {
  service: MusicService;
  requireAuth: preHandlerAsyncHookHandler;
}

/** /api/music (product §7 Video search). Thin handlers; the rules are in MusicService. */
export const musicRoutes: FastifyPluginAsyncZod<MusicRoutesOptions> = async (app, opts) => {
  const { service, requireAuth } = opts;
  const tags = ['music'];
  const security = bearerSecurity;
  app.addHook('onRequest', requireAuth);

  app.get('/search', {
    schema: {
      tags,
      summary: 'Search YouTube videos (at most 10), through the server’s key',
      description:
        'Answers `{ items }` in the Data API’s item shape (id.videoId, snippet.title, ' +
        'snippet.channelTitle, snippet.thumbnails.default/medium/high.url), cached 24 h per ' +
        'query (trimmed, lower-cased, spaces collapsed) and limited per user. A refusal by ' +
        'YouTube (quota, key) is a 403 carrying its message in error.message; no key on this ' +
        'server is a 503; YouTube failing or silent for 8 s is a 502.',
      security,
      querystring: MusicSearchQuerySchema,
      response: {
        200: MusicSearchResponseSchema,
        403: MusicUpstreamDeniedSchema,
        502: ErrorSchema.describe('YouTube failed or did not answer in time'),
        503: ErrorSchema.describe('Search is not set up on this server (no YouTube API key)'),
        ...errorResponses(400, 401, 429, 500),
      },
    },
    handler: async (request, reply) =>
      sendJson(reply, await service.searchJson(getAuth(request).user.id, request.query.q)),
  });

  app.get('/resolve', {
    schema: {
      tags,
      summary: 'A pasted YouTube link or video id as a track (title, channel, thumbnail)',
      description:
        'Watch, youtu.be, shorts and embed links and bare 11-character ids, looked up through ' +
        'YouTube’s keyless oEmbed endpoint (works without an API key), cached 24 h, limited ' +
        'per user. Not a YouTube link: 400; no such video (or not embeddable): 404; YouTube ' +
        'failing: 502.',
      security,
      querystring: MusicResolveQuerySchema,
      response: {
        200: MusicResolveResponseSchema,
        502: ErrorSchema.describe('YouTube failed or did not answer in time'),
        ...errorResponses(400, 401, 404, 429, 500),
      },
    },
    handler: async (request) => service.resolve(getAuth(request).user.id, request.query.url),
  });
};
