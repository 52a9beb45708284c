import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';

/** Registers /api/music (video search and link resolution). */
export async function registerMusic(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  void app;
  void deps;
}
