import { SignJWT, jwtVerify } from 'jose';

/** Marks these tokens apart from access tokens signed with the same secret. */
const AUDIENCE = 'focusroom:push-action';

/** What a notification's button may do: start the phase after `phaseKey`, from timer `version`. */
export interface PushActionClaims {
  userId: string;
  phaseKey: string;
  /** The timer's state version when the alarm went: a press anywhere since makes it stale. */
  version: number;
}

/**
 * The right to press a notification's button without a session (a service worker has none):
 * HS256 over the claims, for this one phase end, until `expiresAt`.
 */
export function signPushAction(
  secret: Uint8Array,
  claims: PushActionClaims,
  issuedAt: number,
  expiresAt: number,
): Promise<string> {
  return new SignJWT({ phase: claims.phaseKey, v: claims.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setSubject(claims.userId)
    .setIssuedAt(Math.floor(issuedAt / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secret);
}

/** The claims of a valid, unexpired token at `now`; undefined for anything else. */
export async function verifyPushAction(
  secret: Uint8Array,
  token: string,
  now: number,
): Promise<PushActionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp'],
    });
    const { sub, phase, v } = payload;
    if (typeof sub !== 'string' || typeof phase !== 'string' || !Number.isInteger(v)) {
      return undefined;
    }
    return { userId: sub, phaseKey: phase, version: v as number };
  } catch {
    return undefined;
  }
}
