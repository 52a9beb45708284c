import { THEME_IMAGE_UPLOAD_MAX_BYTES } from '@focusroom/core';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import { createRequireAdmin } from '../auth/guard.js';
import { adminRoutes } from './routes.js';
import { AdminService } from './service.js';

/** A standard theme's body may carry a 2 MB upload as base64 (as the themes module allows). */
const STANDARD_THEME_BODY_LIMIT = Math.ceil(THEME_IMAGE_UPLOAD_MAX_BYTES / 3) * 4 + 64 * 1024;

/** Registers /api/admin (the admin area): every route behind requireAdmin. */
export async function registerAdmin(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const service = new AdminService(deps.ctx, deps.users, deps.auth, deps.themes);
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    service,
    requireAdmin: createRequireAdmin(deps.auth, deps.users),
    writeBodyLimit: Math.max(deps.ctx.config.bodyLimit, STANDARD_THEME_BODY_LIMIT),
  });
}
