import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PLAYLIST_NAME_MAX_LENGTH,
  PLAYLIST_TRACKS_MAX,
  PLAYLISTS_MAX_PER_USER,
} from '@focusroom/core';
import {
  CreatePlaylistBodySchema,
  PlaylistIdParamsSchema,
  PlaylistListSchema,
  PlaylistSchema,
  PlaylistSongParamsSchema,
  PlaylistTrackInputSchema,
  PlaylistTrackListSchema,
  ReorderPlaylistBodySchema,
  UpdatePlaylistBodySchema,
  UpdatePlaylistSongBodySchema,
} from '@focusroom/core/schemas';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { Readable } from 'node:stream';
import { NoContentSchema, bearerSecurity, errorResponses } from '../../lib/responses.js';
import { getAuth } from '../auth/guard.js';
import type { PlaylistsService } from './service.js';

export interface PlaylistsRoutesOptions {
  service: PlaylistsService;
  requireAuth: preHandlerAsyncHookHandler;
}

/**
 * JSON text or a stream of it, built by the service to the response schema: sent as it is,
 * without the schema's serializer (decision 015).
 */
function sendJson(reply: FastifyReply, json: string | Readable) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** /api/playlists (product §7 Playlists). Thin handlers; the rules are in PlaylistsService. */
export const playlistsRoutes: FastifyPluginAsyncZod<PlaylistsRoutesOptions> = async (app, opts) => {
  const { service, requireAuth } = opts;
  const tags = ['playlists'];
  const security = bearerSecurity;
  const notYours = 'Anyone else’s playlist answers 404, like an unknown id.';
  // Every route is the owner's: the token is checked before the body is read.
  app.addHook('onRequest', requireAuth);

  app.get('/', {
    schema: {
      tags,
      summary: 'Your playlists, newest first, each with its tracks in order',
      description:
        `A long list (up to ${PLAYLISTS_MAX_PER_USER} playlists of ${PLAYLIST_TRACKS_MAX} ` +
        'tracks) is sent in chunks (chunked transfer encoding, no Content-Length).',
      security,
      response: { 200: PlaylistListSchema, ...errorResponses(401, 500) },
    },
    handler: async (request, reply) =>
      sendJson(reply, await service.listJson(getAuth(request).user.id)),
  });

  app.post('/', {
    schema: {
      tags,
      summary: 'Create a playlist; answers it with its tracks',
      description:
        `Name 1-${PLAYLIST_NAME_MAX_LENGTH} characters, at most ${PLAYLIST_TRACKS_MAX} tracks ` +
        `with http(s) urls, at most ${PLAYLISTS_MAX_PER_USER} playlists per user; over a limit ` +
        'the 400 says which.',
      security,
      body: CreatePlaylistBodySchema,
      response: { 201: PlaylistSchema, ...errorResponses(400, 401, 413, 415, 500) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(getAuth(request).user.id, request.body)),
  });

  app.get('/:id', {
    schema: {
      tags,
      summary: 'One of your playlists with its tracks in order',
      description: notYours,
      security,
      params: PlaylistIdParamsSchema,
      response: { 200: PlaylistSchema, ...errorResponses(401, 404, 500) },
    },
    handler: async (request) => service.get(getAuth(request).user.id, request.params.id),
  });

  app.put('/:id', {
    schema: {
      tags,
      summary: 'Change name, description or (replacing them all) tracks; answers the playlist',
      description: notYours,
      security,
      params: PlaylistIdParamsSchema,
      body: UpdatePlaylistBodySchema,
      response: { 200: PlaylistSchema, ...errorResponses(400, 401, 404, 413, 415, 500) },
    },
    handler: async (request) =>
      service.update(getAuth(request).user.id, request.params.id, request.body),
  });

  app.delete('/:id', {
    schema: {
      tags,
      summary: 'Delete one of your playlists and its tracks',
      description: notYours,
      security,
      params: PlaylistIdParamsSchema,
      response: { 204: NoContentSchema, ...errorResponses(401, 404, 500) },
    },
    handler: async (request, reply) => {
      await service.delete(getAuth(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/:id/songs', {
    schema: {
      tags,
      summary: 'The tracks of one of your playlists, in order',
      description: notYours,
      security,
      params: PlaylistIdParamsSchema,
      response: { 200: PlaylistTrackListSchema, ...errorResponses(401, 404, 500) },
    },
    handler: async (request) => service.tracks(getAuth(request).user.id, request.params.id),
  });

  app.post('/:id/songs', {
    schema: {
      tags,
      summary: 'Add a song at the end; answers the playlist',
      description: `${notYours} At most ${PLAYLIST_TRACKS_MAX} tracks per playlist.`,
      security,
      params: PlaylistIdParamsSchema,
      body: PlaylistTrackInputSchema,
      response: { 201: PlaylistSchema, ...errorResponses(400, 401, 404, 413, 415, 500) },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.addSong(getAuth(request).user.id, request.params.id, request.body)),
  });

  app.put('/:id/songs/order', {
    schema: {
      tags,
      summary: 'Reorder the songs; answers the playlist',
      description: `${notYours} song_ids must list every current song id exactly once.`,
      security,
      params: PlaylistIdParamsSchema,
      body: ReorderPlaylistBodySchema,
      response: { 200: PlaylistSchema, ...errorResponses(400, 401, 404, 413, 415, 500) },
    },
    handler: async (request) =>
      service.reorder(getAuth(request).user.id, request.params.id, request.body),
  });

  app.patch('/:id/songs/:songId', {
    schema: {
      tags,
      summary: 'Change a song’s title, artist or artwork; answers the playlist',
      description:
        `${notYours} At least one of title, artist, artwork or image_url. The web app sends a ` +
        'title resolved later for a track added while YouTube did not answer.',
      security,
      params: PlaylistSongParamsSchema,
      body: UpdatePlaylistSongBodySchema,
      response: { 200: PlaylistSchema, ...errorResponses(400, 401, 404, 413, 415, 500) },
    },
    handler: async (request) =>
      service.updateSong(
        getAuth(request).user.id,
        request.params.id,
        request.params.songId,
        request.body,
      ),
  });

  app.delete('/:id/songs/:songId', {
    schema: {
      tags,
      summary: 'Remove a song; the ones after it move up; answers the playlist',
      description: notYours,
      security,
      params: PlaylistSongParamsSchema,
      response: { 200: PlaylistSchema, ...errorResponses(401, 404, 500) },
    },
    handler: async (request) =>
      service.removeSong(getAuth(request).user.id, request.params.id, request.params.songId),
  });
};
