import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import { playlistsRoutes } from './routes.js';
import { PlaylistsService } from './service.js';

/** Registers /api/playlists (product §7 Playlists). */
export async function registerPlaylists(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(playlistsRoutes, {
    prefix: '/api/playlists',
    service: new PlaylistsService(deps.ctx),
    requireAuth: deps.requireAuth,
  });
}
