import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { JWT_TTL_REMEMBER_SECONDS, JWT_TTL_SESSION_SECONDS } from '@focusroom/core';

export interface TokenSubject {
  id: string;
  username: string;
  name: string;
  email: string;
}

export interface TokenClaims extends TokenSubject {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

export function tokenTtlSeconds(rememberMe: boolean): number {
  return rememberMe ? JWT_TTL_REMEMBER_SECONDS : JWT_TTL_SESSION_SECONDS;
}

/** HS256 token carrying the user's public identity and the server-side session id. */
export async function signAccessToken(
  secret: Uint8Array,
  user: TokenSubject,
  sessionId: string,
  issuedAt: Date,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    sid: sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

export interface VerifiedClaims {
  sub: string;
  sid: string;
}

/** The claims of a valid token (signature and expiry checked at `now`), else undefined. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<VerifiedClaims | undefined> {
  return (await verifyWithExpiry(secret, token, now))?.claims;
}

async function verifyWithExpiry(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<{ claims: VerifiedClaims; exp: number } | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') {
      return undefined;
    }
    return { claims: { sub, sid }, exp };
  } catch {
    return undefined;
  }
}

/**
 * Tokens remembered at most: one per active user of the capacity bar (20,000, bench/README.md) with room
 * to spare, about 15 MB at ~300 bytes a token. A token the cache has dropped costs a read about
 * 0.25 ms of CPU more (GET /api/settings 0.58-0.61 against 0.33-0.35 ms, bench/load.ts's
 * per-kind figures), and with fewer entries than active users every token is dropped before it
 * is used again.
 */
const VERIFIED_TOKENS_MAX = 50_000;

/**
 * Verifies access tokens, remembering the ones whose signature checked out so a repeat request
 * skips the HMAC (jose runs it through WebCrypto, which costs more than the rest of a cached read).
 * Only a token that verified is remembered, keyed by its exact text, and its expiry is checked on
 * every use at the caller's clock. Revocation is not this cache's business: the caller still
 * looks the session up on every request, so logout and password changes take effect at once.
 */
export class AccessTokenVerifier {
  private readonly verified = new LRUCache<string, { claims: VerifiedClaims; exp: number }>({
    max: VERIFIED_TOKENS_MAX,
  });

  constructor(private readonly secret: Uint8Array) {}

  async verify(token: string, now: Date): Promise<VerifiedClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: valid while the current whole second is before exp.
      if (Math.floor(now.getTime() / 1000) < known.exp) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    const fresh = await verifyWithExpiry(this.secret, token, now);
    if (fresh) this.verified.set(token, fresh);
    return fresh?.claims;
  }
}
