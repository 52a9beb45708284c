import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from './context.js';
import type { AuthService } from './modules/auth/service.js';
import type { ThemesServices } from './modules/themes/service.js';
import type { UsersService } from './modules/users/service.js';

/**
 * What a feature module's `register…` entry point receives from app.ts. A module reaches another
 * only through the services here (never its repository or routes).
 */
export interface ModuleDeps {
  ctx: AppContext;
  users: UsersService;
  auth: AuthService;
  themes: ThemesServices;
  requireAuth: preHandlerAsyncHookHandler;
  optionalAuth: preHandlerAsyncHookHandler;
}
