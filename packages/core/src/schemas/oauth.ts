import { z } from 'zod';
import { FIELD_MESSAGES } from '../field-messages.js';
import {
  OAUTH_API_MESSAGES,
  OAUTH_EXCHANGE_CODE_MAX_LENGTH,
  OAUTH_INTENTS,
  OAUTH_PROVIDER_IDS,
  isSafeNextPath,
} from '../oauth/index.js';
import { AuthResponseSchema } from './auth.js';

/**
 * External sign-in (product §2 /oauth-callback, §7). The flow:
 * 1. POST /api/auth/oauth/:provider/start { intent, next? } -> { url }; sets a 10-minute signed
 *    httpOnly SameSite=Lax cookie (state, nonce, PKCE verifier, intent, next, and for `link` the
 *    signed-in user). `link` needs the bearer token. The browser then navigates to `url`.
 * 2. The provider sends the browser to GET /api/auth/oauth/:provider/callback, which redirects to
 *    `/oauth-callback?code=<one-time code>[&next=<path>]` after a sign-in,
 *    `/profile?connected=<provider>` after a connect, or `/oauth-callback?error=<code>` (codes:
 *    OAUTH_ERROR_MESSAGES; a failed connect also lands there, with `intent=link`).
 * 3. POST /api/auth/oauth/exchange { code } -> { token, user, message } like POST /api/auth/login,
 *    and new_account (whether this sign-in made the account).
 */

export const OAuthProviderIdSchema = z.enum(OAUTH_PROVIDER_IDS);

/** Path parameter: any string, so an unknown provider answers 404 with a message, not 400. */
export const OAuthProviderParamsSchema = z.object({ provider: z.string().max(32) });

export const OAuthProviderSchema = z.object({
  id: OAuthProviderIdSchema,
  name: z.string().describe('What the sign-in button says after "Continue with"'),
});
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

/** GET /api/auth/providers: only the providers the server has credentials for. */
export const OAuthProvidersResponseSchema = z.object({ providers: z.array(OAuthProviderSchema) });
export type OAuthProvidersResponse = z.infer<typeof OAuthProvidersResponseSchema>;

export const OAuthNextSchema = z
  .string()
  .refine(isSafeNextPath, { message: FIELD_MESSAGES.nextPath });

export const OAuthStartBodySchema = z.object({
  intent: z.enum(OAUTH_INTENTS),
  next: OAuthNextSchema.optional(),
});
export type OAuthStartBody = z.infer<typeof OAuthStartBodySchema>;

export const OAuthStartResponseSchema = z.object({
  url: z.string().describe("The provider's authorization address; navigate the browser there"),
});
export type OAuthStartResponse = z.infer<typeof OAuthStartResponseSchema>;

/** GET callback query: what the provider sends back (RFC 6749 §4.1.2). Extra fields are kept. */
export const OAuthCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

export const OAuthExchangeBodySchema = z.object({
  code: z
    .string({ error: OAUTH_API_MESSAGES.exchangeCodeInvalid })
    .min(1, OAUTH_API_MESSAGES.exchangeCodeInvalid)
    .max(OAUTH_EXCHANGE_CODE_MAX_LENGTH, OAUTH_API_MESSAGES.exchangeCodeInvalid),
});
export type OAuthExchangeBody = z.infer<typeof OAuthExchangeBodySchema>;

/** The exchange's answer: the usual sign-in answer, and whether this sign-in made the account. */
export const OAuthExchangeResponseSchema = AuthResponseSchema.extend({
  new_account: z
    .boolean()
    .describe('True when this sign-in created the account (a visitor set-up comes along)'),
});
export type OAuthExchangeResponse = z.infer<typeof OAuthExchangeResponseSchema>;

/** One provider connected to the signed-in account. */
export const OAuthConnectionSchema = z.object({
  provider: OAuthProviderIdSchema,
  email: z.string().nullable().describe('The address the provider gave when connected'),
  connected_at: z.string(),
});
export type OAuthConnection = z.infer<typeof OAuthConnectionSchema>;

/** GET /api/users/me/connections. */
export const OAuthConnectionListSchema = z.array(OAuthConnectionSchema);
export type OAuthConnectionList = z.infer<typeof OAuthConnectionListSchema>;
