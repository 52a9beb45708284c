import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthorized } from '../../lib/http-errors.js';
import type { AuthContext, AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** preHandler for protected routes: 401 `{ message }` unless the bearer token's session is live. */
export function createRequireAuth(service: AuthService): preHandlerAsyncHookHandler {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    request.auth = await service.authenticate(request.headers.authorization);
  };
}

/** The authenticated context inside a handler behind `requireAuth`. */
export function getAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
