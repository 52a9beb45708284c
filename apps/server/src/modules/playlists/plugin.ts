import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import { playlistsRoutes } from './routes.js';
import { PlaylistsService } from './service.js';

/** Registers /api/playlists (product §7 Playlists); answers the service (the account export reads it). */
export async function registerPlaylists(
  app: FastifyInstance,
  deps: ModuleDeps,
): Promise<PlaylistsService> {
  const service = new PlaylistsService(deps.ctx);
  await app.register(playlistsRoutes, {
    prefix: '/api/playlists',
    service,
    requireAuth: deps.requireAuth,
  });
  return service;
}
