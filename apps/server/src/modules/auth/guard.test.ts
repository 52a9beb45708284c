import { ADMIN_ONLY_MESSAGE } from '@focusroom/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { unauthorized } from '../../lib/http-errors.js';
import { registerErrorHandler } from '../../plugins/errors.js';
import { createRequireAdmin, createRequireAuth, getAuth } from './guard.js';
import type { AuthContext } from './service.js';

const admin = { id: 'admin-id', email: 'boss@example.com' } as UserRow;
const member = { id: 'member-id', email: 'member@example.com' } as UserRow;
const SESSIONS: Record<string, AuthContext> = {
  'Bearer admin-token': { user: admin, sessionId: 's1' },
  'Bearer member-token': { user: member, sessionId: 's2' },
};

/** Stands in for AuthService.authenticate: a fixed token table, 401 for anything else. */
const auth = {
  authenticate: async (header: string | undefined) => {
    const found = header === undefined ? undefined : SESSIONS[header];
    if (!found) throw unauthorized('Authentication required');
    return found;
  },
};
/** Stands in for UsersService.isAdmin, whose rule has its own tests in users/serialize.test.ts. */
const users = { isAdmin: (user: Pick<UserRow, 'email'>) => user.email === admin.email };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A tiny app with one test-only admin route, behind requireAdmin alone or after requireAuth. */
async function adminApp(withRequireAuth: boolean): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  const requireAdmin = createRequireAdmin(auth, users);
  const preHandler = withRequireAuth ? [createRequireAuth(auth), requireAdmin] : requireAdmin;
  app.get('/api/admin/probe', { preHandler }, async (request) => ({
    id: getAuth(request).user.id,
  }));
  await app.ready();
  return app;
}

function get(server: FastifyInstance, token?: string) {
  return server.inject({
    method: 'GET',
    url: '/api/admin/probe',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('requireAdmin', () => {
  it('answers 401 to a request without a live session', async () => {
    const server = await adminApp(false);
    const noToken = await get(server);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({
      code: expect.any(String),
      message: 'Authentication required',
    });
    expect((await get(server, 'unknown-token')).statusCode).toBe(401);
  });

  it('answers 403 to a signed-in account that is not an admin', async () => {
    const response = await get(await adminApp(false), 'member-token');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: expect.any(String), message: ADMIN_ONLY_MESSAGE });
  });

  it('lets an admin through with the session in getAuth', async () => {
    const response = await get(await adminApp(false), 'admin-token');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'admin-id' });
  });

  it('works the same after requireAuth on the same route', async () => {
    const server = await adminApp(true);
    expect((await get(server)).statusCode).toBe(401);
    expect((await get(server, 'member-token')).statusCode).toBe(403);
    expect((await get(server, 'admin-token')).statusCode).toBe(200);
  });
});
