import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: 43 URL-safe characters. */
export function createEmailToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak yields no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
