import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTOM_THEMES_MAX_PER_USER,
  THEME_API_MESSAGES,
  THEME_GALLERY_MAX,
  THEME_NAME_MAX_LENGTH,
} from '@focusroom/core';
import {
  CreateThemeBodySchema,
  SuccessMessageSchema,
  ThemeIdParamsSchema,
  ThemeListSchema,
  ThemeListsSchema,
  ThemePreferenceBodySchema,
  ThemeReportBodySchema,
  ThemeSchema,
  UpdateThemeBodySchema,
} from '@focusroom/core/schemas';
import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { HttpError } from '../../lib/http-errors.js';
import { NoContentSchema, bearerSecurity, errorResponses } from '../../lib/responses.js';
import { ifNoneMatchHeaders, notModifiedSchema, sendNotModified } from '../../lib/revalidation.js';
import { getAuth } from '../auth/guard.js';
import type { AuthService } from '../auth/service.js';
import type { ThemesServices } from './service.js';

export interface ThemesRoutesOptions {
  /** The user's own themes, what everyone sees, and reports. */
  themes: Pick<ThemesServices, 'own' | 'gallery' | 'moderation'>;
  /** Runs on request, before the body is read: a signed-out upload costs nothing (401). */
  requireAuth: preHandlerAsyncHookHandler;
  /** Who is asking on a route open to everyone: signed out without a token; 401 for a bad one. */
  optionalAuth: preHandlerAsyncHookHandler;
  /** Body limit of create and update: a 2 MB image as base64 with the other fields. */
  writeBodyLimit: number;
}

/** JSON serialized already (a cached list, built from the same theme JSON): sent as it is. */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** preHandler for public routes that answer more to a signed-in user (GET /themes/{id}). */
export function createOptionalAuth(
  service: Pick<AuthService, 'authenticate'>,
): preHandlerAsyncHookHandler {
  return async function optionalAuth(request: FastifyRequest, _reply: FastifyReply) {
    if (request.headers.authorization === undefined) return;
    request.auth = await service.authenticate(request.headers.authorization);
  };
}

/** /api/themes (product §7 Themes). Thin handlers; the rules are in the themes services. */
export const themesRoutes: FastifyPluginAsyncZod<ThemesRoutesOptions> = async (app, opts) => {
  const { themes, requireAuth, optionalAuth, writeBodyLimit } = opts;
  const tags = ['themes'];
  const security = bearerSecurity;

  // An upload over the body limit says what the limit is (only create and update have bodies
  // that large); every other error goes on to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new HttpError(413, THEME_API_MESSAGES.imageTooLarge);
    }
    throw error;
  });

  app.get('/', {
    schema: {
      tags,
      summary: 'The standard themes (anyone)',
      response: { 200: ThemeListSchema, ...errorResponses(500) },
    },
    handler: async (_request, reply) => sendJson(reply, await themes.gallery.standardJson()),
  });

  app.get('/custom/public', {
    schema: {
      tags,
      summary: `The public gallery: everyone's public themes, newest first (at most ${THEME_GALLERY_MAX})`,
      description: 'Each carries the creator’s `username`. Hidden themes are left out.',
      security,
      response: { 200: ThemeListSchema, ...errorResponses(401, 500) },
    },
    onRequest: requireAuth,
    handler: async (_request, reply) => sendJson(reply, await themes.gallery.galleryJson()),
  });

  app.get('/lists', {
    schema: {
      tags,
      summary: 'The theme check: the standard themes, yours and the public gallery in one answer',
      description:
        'Each list as its own route answers it (`GET /themes`, `/themes/custom/user`, ' +
        '`/themes/custom/public`). The answer carries an `ETag`; send it back in ' +
        '`If-None-Match` and, while none of the three lists changed, the answer is a 304 with ' +
        'no body (keep the lists you have). Answers stay `Cache-Control: no-store`.',
      security,
      headers: ifNoneMatchHeaders('lists'),
      response: {
        200: ThemeListsSchema,
        304: notModifiedSchema('lists'),
        ...errorResponses(401, 500),
      },
    },
    onRequest: requireAuth,
    handler: async (request, reply) => {
      const answer = await themes.gallery.listsFor(
        getAuth(request).user.id,
        request.headers['if-none-match'],
      );
      reply.header('etag', answer.etag);
      if (answer.json === null) return sendNotModified(reply);
      return sendJson(reply, answer.json);
    },
  });

  app.get('/custom/user', {
    schema: {
      tags,
      summary: 'Your custom themes, newest first',
      description:
        'Hidden ones too: each says whether a moderator hid it from the gallery (`is_hidden`) ' +
        'and why (`hidden_reason`). Only your own themes carry these two fields.',
      security,
      response: { 200: ThemeListSchema, ...errorResponses(401, 500) },
    },
    onRequest: requireAuth,
    handler: async (request) => themes.own.listOwned(getAuth(request).user.id),
  });

  app.post('/custom', {
    bodyLimit: writeBodyLimit,
    schema: {
      tags,
      summary: 'Create a custom theme; answers it',
      description:
        `Name 1-${THEME_NAME_MAX_LENGTH} characters; colours as #rgb or #rrggbb; at most ` +
        `${CUSTOM_THEMES_MAX_PER_USER} themes per user. image_url may be an upload ` +
        '(data:image/...;base64,...), answered as /uploads/<sha256>.webp. The colours and ' +
        'is_dark are optional: each one left out is derived (the background from an uploaded ' +
        "picture's dominant colour, else the default theme's; an https image is never fetched), " +
        'and the answer says what was chosen.',
      security,
      body: CreateThemeBodySchema,
      response: { 201: ThemeSchema, ...errorResponses(400, 401, 413, 415, 500) },
    },
    onRequest: requireAuth,
    handler: async (request, reply) =>
      reply.code(201).send(await themes.own.create(getAuth(request).user.id, request.body)),
  });

  app.put('/custom/:id', {
    bodyLimit: writeBodyLimit,
    schema: {
      tags,
      summary: 'Change one of your custom themes (any of the create fields)',
      security,
      params: ThemeIdParamsSchema,
      body: UpdateThemeBodySchema,
      response: { 200: ThemeSchema, ...errorResponses(400, 401, 404, 413, 415, 500) },
    },
    onRequest: requireAuth,
    handler: async (request) =>
      themes.own.update(getAuth(request).user.id, request.params.id, request.body),
  });

  app.delete('/custom/:id', {
    schema: {
      tags,
      summary: 'Delete one of your custom themes',
      security,
      params: ThemeIdParamsSchema,
      response: { 204: NoContentSchema, ...errorResponses(400, 401, 404, 500) },
    },
    onRequest: requireAuth,
    handler: async (request, reply) => {
      await themes.own.delete(getAuth(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/user', {
    schema: {
      tags,
      summary: 'Your preferred theme (the default theme until you choose one)',
      security,
      response: { 200: ThemeSchema, ...errorResponses(401, 500) },
    },
    onRequest: requireAuth,
    handler: async (request) => themes.own.getPreference(getAuth(request).user.id),
  });

  app.put('/user', {
    schema: {
      tags,
      summary: 'Save your preferred theme; answers it',
      description: 'A theme you may see: standard, your own, or public. Anything else is a 404.',
      security,
      body: ThemePreferenceBodySchema,
      response: { 200: ThemeSchema, ...errorResponses(400, 401, 404, 413, 415, 500) },
    },
    onRequest: requireAuth,
    handler: async (request) =>
      themes.own.setPreference(getAuth(request).user.id, request.body.theme_id),
  });

  app.get('/:id', {
    schema: {
      tags,
      summary: 'One theme: standard, public, or your own',
      description:
        'Open to everyone; with a token your own private themes answer too, with their ' +
        'moderation state (`is_hidden`, `hidden_reason`).',
      params: ThemeIdParamsSchema,
      response: { 200: ThemeSchema, ...errorResponses(400, 401, 404, 500) },
    },
    onRequest: optionalAuth,
    handler: async (request) =>
      themes.gallery.get(request.params.id, request.auth ? request.auth.user.id : null),
  });

  app.post('/:id/report', {
    schema: {
      tags,
      summary: "Report someone else's public theme for moderation",
      description: 'Once per user and theme: a second report is a 409.',
      security,
      params: ThemeIdParamsSchema,
      body: ThemeReportBodySchema,
      response: {
        201: SuccessMessageSchema,
        ...errorResponses(400, 401, 404, 409, 413, 415, 500),
      },
    },
    onRequest: requireAuth,
    handler: async (request, reply) => {
      await themes.moderation.report(getAuth(request).user.id, request.params.id, request.body);
      return reply.code(201).send({ success: true, message: THEME_API_MESSAGES.reported });
    },
  });
};
