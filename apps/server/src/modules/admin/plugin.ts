import { THEME_WRITE_BODY_MAX_BYTES } from '@focusroom/core';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import { createRequireAdmin } from '../auth/guard.js';
import { adminRoutes } from './routes.js';
import { AdminService } from './service.js';

/** Registers /api/admin (the admin area): every route behind requireAdmin. */
export async function registerAdmin(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const service = new AdminService(deps.ctx, deps.users, deps.auth, deps.themes);
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    service,
    requireAdmin: createRequireAdmin(deps.auth, deps.users),
    writeBodyLimit: Math.max(deps.ctx.config.bodyLimit, THEME_WRITE_BODY_MAX_BYTES),
  });
}
