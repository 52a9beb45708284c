import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminHideThemeBodySchema,
  AdminOverviewSchema,
  AdminPageQuerySchema,
  AdminReportListQuerySchema,
  AdminReportListSchema,
  AdminReportSchema,
  AdminThemeListQuerySchema,
  AdminThemeListSchema,
  AdminThemeSchema,
  AdminUserDetailSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
  AuditListSchema,
  StandardThemeBodySchema,
  ThemeIdParamsSchema,
  UpdateStandardThemeBodySchema,
} from '@focusroom/core/schemas';
import type { AdminUser } from '@focusroom/core/schemas';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { NoContentSchema, bearerSecurity, errorResponses } from '../../lib/responses.js';
import { getAuth } from '../auth/guard.js';
import type { ThemesServices } from '../themes/service.js';
import type { Actor, AdminService } from './service.js';

export interface AdminRoutesOptions {
  service: AdminService;
  /** Reports, public and standard themes: called directly, with the admin's audit writer. */
  themes: Pick<ThemesServices, 'moderation' | 'standard'>;
  /** 401 signed out, 403 for anyone but an admin: runs first on every route of this plugin. */
  requireAdmin: preHandlerAsyncHookHandler;
  /** Body limit of standard theme create and edit (an uploaded image as base64). */
  writeBodyLimit: number;
}

/** Path parameter: any string, so an id that names nothing answers 404, not 400. */
const IdParams = ThemeIdParamsSchema;

function actorOf(request: FastifyRequest): Actor {
  const { user } = getAuth(request);
  return { kind: 'admin', id: user.id, username: user.username, ip: request.ip };
}

/**
 * /api/admin (product §6). Thin handlers; the rules are in AdminService and, for themes, in the
 * themes services, each write given its audit row by AdminService.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, opts) => {
  const { service, themes, requireAdmin, writeBodyLimit } = opts;
  const { moderation, standard } = themes;
  const tags = ['admin'];
  const security = bearerSecurity;
  // Before the body is read or validated: a non-admin learns nothing about any route's rules.
  app.addHook('onRequest', requireAdmin);

  app.get('/overview', {
    schema: {
      tags,
      summary: 'Users, sessions, focus minutes, active users, reports waiting, 30-day series',
      description: 'Days are UTC; "this week" is today and the six days before.',
      security,
      response: { 200: AdminOverviewSchema, ...errorResponses(401, 403, 500) },
    },
    handler: async () => service.overview(),
  });

  // ---- Users ----

  app.get('/users', {
    schema: {
      tags,
      summary: 'Users, newest first, searched by name, username or email; paged',
      security,
      querystring: AdminUserListQuerySchema,
      response: { 200: AdminUserListSchema, ...errorResponses(400, 401, 403, 500) },
    },
    handler: async (request) => service.listUsers(request.query),
  });

  app.get('/users/:id', {
    schema: {
      tags,
      summary: 'One user with what they own and their live sign-ins',
      security,
      params: IdParams,
      response: { 200: AdminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 500) },
    },
    handler: async (request) => service.getUser(request.params.id),
  });

  const userAction = (
    path: string,
    method: 'POST' | 'DELETE',
    summary: string,
    run: (actor: Actor, id: string) => Promise<AdminUser>,
  ) =>
    app.route({
      method,
      url: `/users/:id${path}`,
      schema: {
        tags,
        summary,
        security,
        params: IdParams,
        response: { 200: AdminUserSchema, ...errorResponses(400, 401, 403, 404, 409, 500) },
      },
      handler: async (request) => run(actorOf(request), request.params.id),
    });

  userAction('/verify', 'POST', 'Mark the email verified', (a, id) => service.verifyUser(a, id));
  userAction('/admin', 'POST', 'Grant the admin role', (a, id) => service.grantAdmin(a, id));
  userAction(
    '/admin',
    'DELETE',
    'Remove the admin role (not your own; not ADMIN_EMAILS)',
    (a, id) => service.revokeAdmin(a, id),
  );
  userAction(
    '/disable',
    'POST',
    'Disable the account and end its sessions (not your own)',
    (a, id) => service.disableUser(a, id),
  );
  userAction('/enable', 'POST', 'Enable a disabled account', (a, id) => service.enableUser(a, id));
  userAction('/sign-out', 'POST', 'End every session of the account', (a, id) =>
    service.signOutUser(a, id),
  );

  app.delete('/users/:id', {
    schema: {
      tags,
      summary: 'Delete the account and all its data (not your own)',
      security,
      params: IdParams,
      response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 500) },
    },
    handler: async (request, reply) => {
      await service.deleteUser(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  // ---- Reports and public themes ----

  app.get('/reports', {
    schema: {
      tags,
      summary: 'Theme reports, newest first: open ones (default) or all',
      security,
      querystring: AdminReportListQuerySchema,
      response: { 200: AdminReportListSchema, ...errorResponses(400, 401, 403, 500) },
    },
    handler: async (request) => moderation.listReports(request.query),
  });

  app.post('/reports/:id/dismiss', {
    schema: {
      tags,
      summary: 'Dismiss an open report; the theme stays as it is',
      security,
      params: IdParams,
      response: { 200: AdminReportSchema, ...errorResponses(400, 401, 403, 404, 409, 500) },
    },
    handler: async (request) =>
      moderation.dismissReport(
        request.params.id,
        service.reportDismissalAudit(actorOf(request), request.params.id),
      ),
  });

  app.get('/themes/public', {
    schema: {
      tags,
      summary: 'Public custom themes, hidden ones included, newest first; paged',
      security,
      querystring: AdminThemeListQuerySchema,
      response: { 200: AdminThemeListSchema, ...errorResponses(400, 401, 403, 500) },
    },
    handler: async (request) => moderation.listPublic(request.query),
  });

  app.post('/themes/:id/hide', {
    schema: {
      tags,
      summary: 'Hide a custom theme from the gallery; its open reports are marked acted on',
      security,
      params: IdParams,
      body: AdminHideThemeBodySchema,
      response: { 200: AdminThemeSchema, ...errorResponses(400, 401, 403, 404, 409, 500) },
    },
    handler: async (request) => {
      const reason = request.body?.reason?.trim() || undefined;
      return moderation.hide(
        request.params.id,
        reason,
        service.themeAudit(actorOf(request), 'theme.hide', reason ? { reason } : {}),
      );
    },
  });

  app.post('/themes/:id/restore', {
    schema: {
      tags,
      summary: 'Show a hidden custom theme again',
      security,
      params: IdParams,
      response: { 200: AdminThemeSchema, ...errorResponses(400, 401, 403, 404, 409, 500) },
    },
    handler: async (request) =>
      moderation.restore(request.params.id, service.themeAudit(actorOf(request), 'theme.restore')),
  });

  // ---- Standard themes (registered before /themes/:id so "standard" is never an id) ----

  app.get('/themes/standard', {
    schema: {
      tags,
      summary: 'The standard themes',
      security,
      response: { 200: z.array(AdminThemeSchema), ...errorResponses(401, 403, 500) },
    },
    handler: async () => standard.listForAdmin(),
  });

  app.post('/themes/standard', {
    bodyLimit: writeBodyLimit,
    schema: {
      tags,
      summary: 'Add a standard theme',
      security,
      body: StandardThemeBodySchema,
      response: { 201: AdminThemeSchema, ...errorResponses(400, 401, 403, 413, 415, 500) },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await standard.create(
            request.body,
            service.themeAudit(actorOf(request), 'standard_theme.create'),
          ),
        ),
  });

  app.put('/themes/standard/:id', {
    bodyLimit: writeBodyLimit,
    schema: {
      tags,
      summary: 'Edit a standard theme (any of the fields)',
      security,
      params: IdParams,
      body: UpdateStandardThemeBodySchema,
      response: { 200: AdminThemeSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 500) },
    },
    handler: async (request) =>
      standard.update(
        request.params.id,
        request.body,
        service.themeAudit(actorOf(request), 'standard_theme.update', {
          fields: Object.keys(request.body),
        }),
      ),
  });

  app.post('/themes/standard/:id/default', {
    schema: {
      tags,
      summary: 'Make a standard theme the default',
      security,
      params: IdParams,
      response: { 200: AdminThemeSchema, ...errorResponses(400, 401, 403, 404, 409, 500) },
    },
    handler: async (request) =>
      standard.setDefault(
        request.params.id,
        service.themeAudit(actorOf(request), 'standard_theme.set_default'),
      ),
  });

  app.delete('/themes/standard/:id', {
    schema: {
      tags,
      summary: 'Delete an added standard theme (never one of the ten seeded ones, nor the default)',
      security,
      params: IdParams,
      response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409, 500) },
    },
    handler: async (request, reply) => {
      await standard.delete(
        request.params.id,
        service.themeAudit(actorOf(request), 'standard_theme.delete'),
      );
      return reply.code(204).send(null);
    },
  });

  app.delete('/themes/:id', {
    schema: {
      tags,
      summary: "Delete anyone's custom theme",
      security,
      params: IdParams,
      response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 500) },
    },
    handler: async (request, reply) => {
      await moderation.delete(
        request.params.id,
        service.themeAudit(actorOf(request), 'theme.delete'),
      );
      return reply.code(204).send(null);
    },
  });

  // ---- Audit log (read only: no route changes or deletes a row) ----

  app.get('/audit', {
    schema: {
      tags,
      summary: 'The audit log, newest first; paged',
      security,
      querystring: AdminPageQuerySchema,
      response: { 200: AuditListSchema, ...errorResponses(400, 401, 403, 500) },
    },
    handler: async (request) => service.listAudit(request.query),
  });
};
