import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';

/** Registers /api/admin (the admin area). */
export async function registerAdmin(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  void app;
  void deps;
}
