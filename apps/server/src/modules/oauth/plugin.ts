import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import { connectionRoutes, oauthRoutes } from './routes.js';
import { OAuthService } from './service.js';

/**
 * Registers external sign-in (/api/auth/providers, /api/auth/oauth/*, /api/users/me/connections);
 * answers the service (the account export reads the connections through it).
 */
export async function registerOAuth(app: FastifyInstance, deps: ModuleDeps): Promise<OAuthService> {
  const service = new OAuthService(deps.ctx, deps.users, deps.auth);
  await app.register(oauthRoutes, {
    prefix: '/api/auth',
    service,
    auth: deps.auth,
    bodyLimit: deps.ctx.config.authBodyLimit,
  });
  await app.register(connectionRoutes, {
    prefix: '/api/users',
    service,
    requireAuth: deps.requireAuth,
  });
  return service;
}
