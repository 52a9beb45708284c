import { THEME_IMAGE_UPLOAD_MAX_BYTES } from '@focusroom/core';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import { createRequireAdmin } from '../auth/guard.js';
import { adminRoutes } from './routes.js';
import { AdminService, type AdminSources } from './service.js';

/** A standard theme's body may carry a 2 MB upload as base64 (as the themes module allows). */
const STANDARD_THEME_BODY_LIMIT = Math.ceil(THEME_IMAGE_UPLOAD_MAX_BYTES / 3) * 4 + 64 * 1024;

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
    writeBodyLimit: Math.max(deps.ctx.config.bodyLimit, STANDARD_THEME_BODY_LIMIT),
  });
}
