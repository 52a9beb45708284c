/**
 * The open-redirect guard, a module of its own: the web's first load needs it (its sign-in
 * return path), and nothing else of external sign-in.
 */

/** Longer than any address of ours. */
export const OAUTH_NEXT_MAX_LENGTH = 2048;

/**
 * One level of the open-redirect guard: `text` starts with exactly one `/` (not `//` or `/\`,
 * which browsers read as another host) and holds no backslash, no whitespace (Unicode spaces
 * included; browsers drop tabs and newlines, so `/\t/evil` would become `//evil`) and no C0
 * control character or DEL.
 */
export function isPlainLocalPath(text: string): boolean {
  if (!text.startsWith('/') || text.startsWith('//') || /[\\\s]/u.test(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/**
 * The open-redirect guard of `next` (where to go after signing in, product §2; decision 012):
 * a plain path on this origin (isPlainLocalPath) at most OAUTH_NEXT_MAX_LENGTH long, and still
 * one at every round of percent-decoding (`/%2F%2Fevil`, `/%5Cevil`, double-encoded too) until
 * decoding changes nothing; broken encoding or more than five rounds is refused. The server
 * checks the `next` of an external sign-in with it; the web app's return path
 * (apps/web/src/lib/return-path.ts) adds only its own route check.
 */
export function isSafeNextPath(value: string): boolean {
  if (value.length === 0 || value.length > OAUTH_NEXT_MAX_LENGTH) return false;
  let text = value;
  for (let round = 0; round < 5; round++) {
    if (!isPlainLocalPath(text)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return false;
    }
    if (decoded === text) return true;
    text = decoded;
  }
  return false;
}
