import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';

/** Registers /api/playlists (product §7 Playlists). */
export async function registerPlaylists(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  void app;
  void deps;
}
