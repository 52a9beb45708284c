import { createHmac } from 'node:crypto';
import {
  OAUTH_FLOW_TTL_MS,
  OAUTH_INTENTS,
  isOAuthProviderId,
  type OAuthIntent,
  type OAuthProviderId,
} from '@focusroom/core';
import { SignJWT, jwtVerify } from 'jose';

/** The cookie that binds one external sign-in attempt to the browser that started it. */
export const FLOW_COOKIE_NAME = 'focusroom_oauth';
/** Sent only to the start and callback routes. */
export const FLOW_COOKIE_PATH = '/api/auth/oauth';

const AUDIENCE = 'focusroom-oauth-flow';

export interface FlowState {
  provider: OAuthProviderId;
  intent: OAuthIntent;
  state: string;
  nonce?: string;
  codeVerifier: string;
  /** Where to go after signing in (already checked to be a path of ours). */
  next?: string;
  /** `link`: the signed-in user who asked to connect the provider. */
  userId?: string;
}

/**
 * Signs and reads the flow cookie: a JWT (HS256) under a key derived from the app secret, so it
 * can never pass for an access token, with its own audience and a 10-minute expiry on the app's
 * clock. httpOnly and SameSite=Lax: the provider's redirect back (a top-level GET) carries it,
 * scripts and other sites' requests do not.
 */
export class FlowCookie {
  private readonly key: Uint8Array;

  constructor(
    secret: Uint8Array,
    private readonly secure: boolean,
  ) {
    this.key = new Uint8Array(createHmac('sha256', secret).update('oauth-flow-cookie').digest());
  }

  async serialize(flow: FlowState, now: Date): Promise<string> {
    const token = await new SignJWT({ ...flow })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor((now.getTime() + OAUTH_FLOW_TTL_MS) / 1000))
      .sign(this.key);
    return this.cookie(token, OAUTH_FLOW_TTL_MS / 1000);
  }

  /** A Set-Cookie value that removes the cookie. */
  clear(): string {
    return this.cookie('', 0);
  }

  /** The flow from a Cookie header, or null when absent, forged, expired or malformed. */
  async read(cookieHeader: string | undefined, now: Date): Promise<FlowState | null> {
    const token = readCookie(cookieHeader, FLOW_COOKIE_NAME);
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        currentDate: now,
        requiredClaims: ['exp'],
      });
      const { provider, intent, state, nonce, codeVerifier, next, userId } = payload;
      if (
        !isOAuthProviderId(provider) ||
        !(OAUTH_INTENTS as readonly unknown[]).includes(intent) ||
        typeof state !== 'string' ||
        typeof codeVerifier !== 'string'
      ) {
        return null;
      }
      return {
        provider,
        intent: intent as OAuthIntent,
        state,
        codeVerifier,
        ...(typeof nonce === 'string' ? { nonce } : {}),
        ...(typeof next === 'string' ? { next } : {}),
        ...(typeof userId === 'string' ? { userId } : {}),
      };
    } catch {
      return null;
    }
  }

  private cookie(value: string, maxAgeSeconds: number): string {
    const parts = [
      `${FLOW_COOKIE_NAME}=${value}`,
      `Path=${FLOW_COOKIE_PATH}`,
      `Max-Age=${maxAgeSeconds}`,
      'HttpOnly',
      'SameSite=Lax',
    ];
    if (this.secure) parts.push('Secure');
    return parts.join('; ');
  }
}

/** One cookie's value from a Cookie header (our values are base64url and dots: no decoding). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || null;
  }
  return null;
}
