import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  EmailBodySchema,
  EmailChangeTokenBodySchema,
  LoginBodySchema,
  LoginFailureSchema,
  SuccessMessageSchema,
  TokenParamsSchema,
  UserSchema,
  VerificationStatusSchema,
  VerifyResetTokenResponseSchema,
  type SuccessMessage,
} from '@focusroom/core/schemas';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { NoContentSchema, bearerSecurity, errorResponses } from '../../lib/responses.js';
import { requestLocale } from '../../mail/i18n.js';
import { getAuth } from './guard.js';
import { RegisterRequestSchema, ResetPasswordRequestSchema } from './schemas.js';
import type { EmailChangeService } from './email-change-service.js';
import type { AuthService, RequestMeta } from './service.js';

export interface AuthRoutesOptions {
  service: AuthService;
  emailChange: EmailChangeService;
  requireAuth: preHandlerAsyncHookHandler;
  bodyLimit: number;
}

/** The caller's address and the language it asks for (Accept-Language). */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, locale: requestLocale(request.headers['accept-language']) };
}

/** /api/auth: thin handlers; AuthService holds the rules. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { service, emailChange, requireAuth, bodyLimit } = opts;
  const tags = ['auth'];

  app.post('/register', {
    bodyLimit,
    schema: {
      tags,
      summary: 'Create an account; mails a verification link',
      body: RegisterRequestSchema,
      response: { 201: AuthResponseSchema, ...errorResponses(400, 409, 413, 415, 429, 500) },
    },
    handler: async (request, reply) => {
      const result = await service.register(request.body, requestMeta(request));
      return reply.code(201).send(result);
    },
  });

  app.post('/login', {
    bodyLimit,
    schema: {
      tags,
      summary: 'Sign in with an email or username (in `email` or `login`) and a password',
      body: LoginBodySchema,
      response: {
        200: AuthResponseSchema,
        ...errorResponses(400, 401, 413, 415, 429, 500),
        403: LoginFailureSchema.describe('Right password, email not verified yet'),
      },
    },
    handler: async (request) => service.login(request.body, requestMeta(request)),
  });

  app.get('/me', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'The signed-in user',
      security: bearerSecurity,
      response: { 200: UserSchema, ...errorResponses(401, 500) },
    },
    handler: async (request) => service.toJson(getAuth(request).user),
  });

  app.post('/logout', {
    bodyLimit,
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'Revoke the current session',
      security: bearerSecurity,
      response: { 204: NoContentSchema, ...errorResponses(401, 500) },
    },
    handler: async (request, reply) => {
      await service.logout(getAuth(request));
      return reply.code(204).send(null);
    },
  });

  app.get('/verification-status', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'Whether the signed-in user has verified their email',
      security: bearerSecurity,
      response: { 200: VerificationStatusSchema, ...errorResponses(401, 500) },
    },
    handler: async (request) => {
      const { user } = getAuth(request);
      return { is_verified: user.is_verified === 1, email: user.email };
    },
  });

  app.get('/verify-email/:token', {
    schema: {
      tags,
      summary: 'Verify an email address with a mailed token',
      params: TokenParamsSchema,
      response: { 200: SuccessMessageSchema, ...errorResponses(400, 500) },
    },
    handler: async (request) => service.verifyEmail(request.params.token),
  });

  /** The "mail me a link" calls: an address in, the same answer for every address. */
  function mailLinkRoute(
    path: string,
    summary: string,
    mail: (email: string, meta: RequestMeta) => Promise<SuccessMessage>,
  ): void {
    app.post(path, {
      bodyLimit,
      schema: {
        tags,
        summary: `${summary} (same answer for every address)`,
        body: EmailBodySchema,
        response: { 200: SuccessMessageSchema, ...errorResponses(400, 413, 415, 429, 500) },
      },
      handler: async (request) => mail(request.body.email, requestMeta(request)),
    });
  }

  mailLinkRoute('/resend-verification', 'Mail a new verification link', (email, meta) =>
    service.resendVerification(email, meta),
  );
  mailLinkRoute('/forgot-password', 'Mail a password reset link', (email, meta) =>
    service.forgotPassword(email, meta),
  );

  app.post('/email-change/confirm', {
    bodyLimit,
    schema: {
      tags,
      summary:
        'Confirm a new email address with the token mailed to it (signed in or not); 409 when another account has it by now',
      body: EmailChangeTokenBodySchema,
      response: { 200: SuccessMessageSchema, ...errorResponses(400, 409, 413, 415, 500) },
    },
    handler: async (request) => emailChange.confirm(request.body.token),
  });

  app.post('/email-change/undo', {
    bodyLimit,
    schema: {
      tags,
      summary:
        'Undo an email change with the token mailed to the old address: the old address back, every session signed out',
      body: EmailChangeTokenBodySchema,
      response: { 200: SuccessMessageSchema, ...errorResponses(400, 409, 413, 415, 500) },
    },
    handler: async (request) => emailChange.undo(request.body.token),
  });

  app.get('/verify-reset-token/:token', {
    schema: {
      tags,
      summary: 'Whether a reset token can still be used',
      params: TokenParamsSchema,
      response: { 200: VerifyResetTokenResponseSchema, ...errorResponses(400, 500) },
    },
    handler: async (request) => service.verifyResetToken(request.params.token),
  });

  app.post('/reset-password', {
    bodyLimit,
    schema: {
      tags,
      summary: 'Set a new password with a reset token; signs out every session',
      body: ResetPasswordRequestSchema,
      response: { 200: SuccessMessageSchema, ...errorResponses(400, 413, 415, 429, 500) },
    },
    handler: async (request) =>
      service.resetPassword(request.body.token, request.body.newPassword, requestMeta(request)),
  });
};
