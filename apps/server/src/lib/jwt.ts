import { SignJWT, jwtVerify } from 'jose';
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

/** The claims of a valid token (signature and expiry checked at `now`), else undefined. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<{ sub: string; sid: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    return { sub: payload.sub, sid: payload.sid };
  } catch {
    return undefined;
  }
}
