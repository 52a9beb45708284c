/** What the client may read from the JWT payload (product §7); never trusted for access. */
export interface TokenPayload {
  sub?: string;
  id?: string;
  username?: string;
  name?: string;
  email?: string;
  exp?: number;
}

/**
 * Decodes the payload segment of a JWT without verifying it: product §6 reads the user id from it
 * to tell a user's own themes from others'. Returns null for anything that is not a JWT.
 */
export function decodeTokenPayload(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as TokenPayload)
      : null;
  } catch {
    return null;
  }
}

/** The signed-in user's id from the token (`id`, else `sub`), or null. */
export function userIdFromToken(token: string | null | undefined): string | null {
  const payload = decodeTokenPayload(token);
  const id = payload?.id ?? payload?.sub;
  return typeof id === 'string' && id ? id : null;
}
