// The request guards are the auth module's public surface beside its service: every module's
// routes use them to know who is asking (lint lets other modules import this file and
// service.ts, nothing else of auth).
import { ADMIN_ONLY_MESSAGE } from '@focusroom/core';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../../lib/http-errors.js';
import type { UsersService } from '../users/service.js';
import type { AuthContext, AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** preHandler for protected routes: 401 `{ message }` unless the bearer token's session is live. */
export function createRequireAuth(
  service: Pick<AuthService, 'authenticate'>,
): preHandlerAsyncHookHandler {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    request.auth = await service.authenticate(request.headers.authorization);
  };
}

/**
 * preHandler for admin routes: 401 signed out (as `requireAuth`), 403 `{ message }` for a
 * signed-in account that is not an admin under UsersService's one admin rule (product §6).
 */
export function createRequireAdmin(
  service: Pick<AuthService, 'authenticate'>,
  users: Pick<UsersService, 'isAdmin'>,
): preHandlerAsyncHookHandler {
  return async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
    // A route may run requireAuth first; its session check then counts for both.
    request.auth ??= await service.authenticate(request.headers.authorization);
    if (!users.isAdmin(request.auth.user)) throw forbidden(ADMIN_ONLY_MESSAGE);
  };
}

/** The authenticated context inside a handler behind `requireAuth` or `requireAdmin`. */
export function getAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
