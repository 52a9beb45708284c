import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SESSIONS_CSV_FILE_NAME,
  SESSIONS_PAGE_MAX,
  TODO_TEXT_MAX_LENGTH,
  TODOS_MAX_ITEMS,
} from '@focusroom/core';
import {
  CreateSessionBodySchema,
  ListSessionsQuerySchema,
  OwnedIdParamsSchema,
  ReplaceTodosBodySchema,
  SessionListSchema,
  SessionSchema,
  StatsResponseSchema,
  TimeZoneQuerySchema,
  TodoListSchema,
  TodoSchema,
  UpdateSessionBodySchema,
  UpdateTodoBodySchema,
} from '@focusroom/core/schemas';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ifNoneMatchHeaders, notModifiedSchema, sendNotModified } from '../../lib/revalidation.js';
import { NoContentSchema, bearerSecurity, errorResponses } from '../../lib/responses.js';
import { getAuth } from '../auth/guard.js';
import type { SessionsService } from './sessions-service.js';
import type { StatsService } from './stats-service.js';
import type { TodosService } from './todos-service.js';

export interface PomodoroRoutesOptions {
  sessions: SessionsService;
  stats: StatsService;
  todos: TodosService;
  requireAuth: preHandlerAsyncHookHandler;
}

/** A streamed body skips the JSON serializer; its content is built to match the schema. */
function sendStream(reply: FastifyReply, contentType: string, stream: Readable) {
  return (reply as FastifyReply).type(contentType).send(stream);
}

/** JSON serialized already (a reused statistics answer): sent as it is. */
function sendJson(reply: FastifyReply, json: string | Buffer) {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
}

/** /api/pomodoro: sessions, statistics and to-dos of the signed-in user. Thin handlers. */
export const pomodoroRoutes: FastifyPluginAsyncZod<PomodoroRoutesOptions> = async (app, opts) => {
  const { sessions, stats, todos, requireAuth } = opts;
  const security = bearerSecurity;
  app.addHook('preHandler', requireAuth);

  app.get('/sessions', {
    schema: {
      tags: ['sessions'],
      summary: 'Recorded sessions, newest first (by start_time, then id)',
      description:
        'Without `limit`: every session (within `from`/`to`). With `limit` ' +
        `(1-${SESSIONS_PAGE_MAX}): at most that many, and the header \`X-Next-Cursor\` when more ` +
        'follow; pass it back as `cursor` for the next page (absent on the last page). `from` is ' +
        'inclusive, `to` exclusive, both on start_time. A page (with `limit`) carries an ' +
        '`ETag`; send it back in `If-None-Match` and, while your sessions are unchanged, the ' +
        'answer is a 304 with no body (keep the page you have, its `X-Next-Cursor` too).',
      security,
      querystring: ListSessionsQuerySchema,
      headers: ifNoneMatchHeaders('page'),
      response: {
        200: SessionListSchema,
        304: notModifiedSchema('page'),
        ...errorResponses(400, 401, 500),
      },
    },
    handler: async (request, reply) => {
      const userId = getAuth(request).user.id;
      const { limit } = request.query;
      if (limit === undefined) {
        return sendStream(
          reply,
          'application/json; charset=utf-8',
          await sessions.streamJson(userId, request.query),
        );
      }
      const answer = await sessions.revalidatedPage(
        userId,
        { ...request.query, limit },
        request.headers['if-none-match'],
      );
      reply.header('etag', answer.etag);
      if (answer.page === null) return sendNotModified(reply);
      if (answer.page.nextCursor) reply.header('x-next-cursor', answer.page.nextCursor);
      return answer.page.sessions;
    },
  });

  app.get('/sessions/export.csv', {
    schema: {
      tags: ['sessions'],
      summary: `Every session as CSV (attachment ${SESSIONS_CSV_FILE_NAME}), newest first`,
      description:
        'Columns id,start_time,end_time,duration_minutes,task,completed. Times are ISO 8601 ' +
        'with the offset of `tz` (default: your time_zone, else UTC).',
      security,
      querystring: TimeZoneQuerySchema,
      response: {
        200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses(400, 401, 500),
      },
    },
    handler: async (request, reply) => {
      const { user } = getAuth(request);
      const zone = request.query.tz ?? user.time_zone ?? 'UTC';
      reply.header('content-disposition', `attachment; filename="${SESSIONS_CSV_FILE_NAME}"`);
      return sendStream(reply, 'text/csv; charset=utf-8', await sessions.streamCsv(user.id, zone));
    },
  });

  app.post('/sessions', {
    schema: {
      tags: ['sessions'],
      summary: 'Record a session; idempotent with client_id',
      description:
        '201 with the new session. A repeat with a client_id this user already used answers 200 ' +
        'with the first session, unchanged.',
      security,
      body: CreateSessionBodySchema,
      response: {
        201: SessionSchema.describe('Recorded'),
        200: SessionSchema.describe('Already recorded with this client_id: the first session'),
        ...errorResponses(400, 401, 413, 415, 500),
      },
    },
    handler: async (request, reply) => {
      const result = await sessions.create(getAuth(request), request.body);
      return reply.code(result.created ? 201 : 200).send(result.session);
    },
  });

  app.put('/sessions/:id', {
    schema: {
      tags: ['sessions'],
      summary: 'Change one of your sessions',
      security,
      params: OwnedIdParamsSchema,
      body: UpdateSessionBodySchema,
      response: { 200: SessionSchema, ...errorResponses(400, 401, 404, 413, 415, 500) },
    },
    handler: async (request) => sessions.update(getAuth(request), request.params.id, request.body),
  });

  app.delete('/sessions/:id', {
    schema: {
      tags: ['sessions'],
      summary: 'Delete one of your sessions',
      security,
      params: OwnedIdParamsSchema,
      response: { 204: NoContentSchema, ...errorResponses(401, 404, 500) },
    },
    handler: async (request, reply) => {
      await sessions.delete(getAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/stats', {
    schema: {
      tags: ['stats'],
      summary: 'Statistics of your sessions in a time zone; every field always present',
      description:
        '`tz` defaults to your time_zone, else UTC; an unknown zone is a 400. Every answer ' +
        'carries an `ETag`; send it back in `If-None-Match` and, while your sessions, the zone ' +
        'and its local date are unchanged, the answer is a 304 with no body (keep the data you ' +
        'have). Answers stay `Cache-Control: no-store`: revalidating is up to the client.',
      security,
      querystring: TimeZoneQuerySchema,
      headers: ifNoneMatchHeaders('statistics'),
      response: {
        200: StatsResponseSchema,
        304: notModifiedSchema('statistics'),
        ...errorResponses(400, 401, 500),
      },
    },
    handler: async (request, reply) => {
      const answer = await stats.stats(
        getAuth(request),
        request.query.tz,
        request.headers['if-none-match'],
      );
      reply.header('etag', answer.etag);
      if (answer.json === null) return sendNotModified(reply);
      return sendJson(reply, answer.json);
    },
  });

  app.get('/todos', {
    schema: {
      tags: ['todos'],
      summary: 'Your to-do list in order',
      security,
      response: { 200: TodoListSchema, ...errorResponses(401, 500) },
    },
    handler: async (request) => todos.list(getAuth(request).user.id),
  });

  app.post('/todos', {
    schema: {
      tags: ['todos'],
      summary: `Replace the whole list (at most ${TODOS_MAX_ITEMS} items of 1-${TODO_TEXT_MAX_LENGTH} characters)`,
      description:
        "Items carrying one of your to-dos' ids keep it; others get new ids. Answers the list.",
      security,
      body: ReplaceTodosBodySchema,
      response: { 200: TodoListSchema, ...errorResponses(400, 401, 413, 415, 500) },
    },
    handler: async (request) => todos.replace(getAuth(request).user.id, request.body),
  });

  app.put('/todos/:id', {
    schema: {
      tags: ['todos'],
      summary: 'Change one to-do; position moves it to that index of the list',
      security,
      params: OwnedIdParamsSchema,
      body: UpdateTodoBodySchema,
      response: { 200: TodoSchema, ...errorResponses(400, 401, 404, 413, 415, 500) },
    },
    handler: async (request) =>
      todos.update(getAuth(request).user.id, request.params.id, request.body),
  });

  app.delete('/todos/:id', {
    schema: {
      tags: ['todos'],
      summary: 'Delete one to-do',
      security,
      params: OwnedIdParamsSchema,
      response: { 204: NoContentSchema, ...errorResponses(401, 404, 500) },
    },
    handler: async (request, reply) => {
      await todos.delete(getAuth(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });
};
