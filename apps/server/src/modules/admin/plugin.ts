import { THEME_WRITE_BODY_MAX_BYTES } from '@focusroom/core';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import { createRequireAdmin } from '../auth/guard.js';
import { adminRoutes } from './routes.js';
import { AdminService, type AdminSources } from './service.js';

/**
 * Registers /api/admin (the admin area): every route behind requireAdmin. `sources` are the
 * sessions' and playlists' services, which count what the overview and a user's page show.
 */
export async function registerAdmin(
  app: FastifyInstance,
  deps: ModuleDeps,
  sources: Pick<AdminSources, 'sessions' | 'playlists'>,
): Promise<void> {
  const service = new AdminService(deps.ctx, {
    users: deps.users,
    auth: deps.auth,
    themes: deps.themes,
    ...sources,
  });
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    service,
    themes: deps.themes,
    requireAdmin: createRequireAdmin(deps.auth, deps.users),
    writeBodyLimit: Math.max(deps.ctx.config.bodyLimit, THEME_WRITE_BODY_MAX_BYTES),
  });
}
