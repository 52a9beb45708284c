import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeleteAccountBodySchema,
  SuccessMessageSchema,
  UpdateMeBodySchema,
  UserSchema,
} from '@focusroom/core/schemas';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { bearerSecurity, errorResponses } from '../../lib/responses.js';
import { requestLocale } from '../../mail/i18n.js';
import type { AccountService } from './account-service.js';
import { getAuth } from './guard.js';
import { ChangePasswordRequestSchema } from './schemas.js';

export interface AccountRoutesOptions {
  service: AccountService;
  requireAuth: preHandlerAsyncHookHandler;
  bodyLimit: number;
}

/**
 * /api/users: the signed-in user's own account. Served by the auth module because each of these
 * calls may check the current password, revoke sessions or mail a link; the users module keeps
 * the rows and the user JSON.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, opts) => {
  const { service, requireAuth, bodyLimit } = opts;
  const tags = ['users'];
  app.addHook('preHandler', requireAuth);

  app.put('/me', {
    bodyLimit,
    schema: {
      tags,
      summary:
        'Update profile fields; a new email needs currentPassword and is pending (pending_email) until the link mailed to it is opened',
      security: bearerSecurity,
      body: UpdateMeBodySchema,
      response: { 200: UserSchema, ...errorResponses(400, 401, 409, 413, 415, 429, 500) },
    },
    handler: async (request) =>
      service.updateMe(
        getAuth(request),
        request.body,
        requestLocale(request.headers['accept-language']),
      ),
  });

  app.delete('/me/pending-email', {
    schema: {
      tags,
      summary:
        'Cancel the email change waiting for confirmation; its link stops working (nothing waiting: the same answer)',
      security: bearerSecurity,
      response: { 200: UserSchema, ...errorResponses(401, 500) },
    },
    handler: async (request) => service.cancelEmailChange(getAuth(request)),
  });

  app.post('/me/pending-email/resend', {
    bodyLimit,
    schema: {
      tags,
      summary: 'Mail a new confirmation link to the email address waiting for confirmation',
      security: bearerSecurity,
      response: { 200: SuccessMessageSchema, ...errorResponses(401, 409, 413, 415, 429, 500) },
    },
    handler: async (request) =>
      service.resendEmailChange(
        getAuth(request),
        requestLocale(request.headers['accept-language']),
      ),
  });

  app.post('/password', {
    bodyLimit,
    schema: {
      tags,
      summary: 'Change the password; other sessions are signed out',
      security: bearerSecurity,
      body: ChangePasswordRequestSchema,
      response: { 200: SuccessMessageSchema, ...errorResponses(400, 401, 413, 415, 429, 500) },
    },
    handler: async (request) =>
      service.changePassword(
        getAuth(request),
        request.body.currentPassword,
        request.body.newPassword,
      ),
  });

  app.delete('/delete', {
    bodyLimit,
    schema: {
      tags,
      summary: 'Delete the account and everything it owns',
      security: bearerSecurity,
      body: DeleteAccountBodySchema,
      response: { 200: SuccessMessageSchema, ...errorResponses(400, 401, 413, 415, 429, 500) },
    },
    handler: async (request) => service.deleteAccount(getAuth(request), request.body.password),
  });
};
