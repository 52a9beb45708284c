/** Types of push-service.mjs (plain JavaScript so the e2e server starter can import it too). */
import type { ECDH } from 'node:crypto';

export const GONE_PREFIX: string;
export const FAILING_PREFIX: string;
export const REFUSING_PREFIX: string;

export interface FakePush {
  name: string;
  contentEncoding: string | undefined;
  ttl: string | undefined;
  urgency: string | undefined;
  authorization: string | undefined;
  /** base64 */
  body: string;
  /** Date.now() when it arrived. */
  receivedAt: number;
}

export interface FakeBrowserKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface FakePushService {
  origin: string;
  endpointFor(name: string): string;
  received(name: string): FakePush[];
  clear(): void;
  close(): Promise<void>;
}

export function startFakePushService(options?: { port?: number }): Promise<FakePushService>;
export function fakeBrowserKeys(endpoint: string): FakeBrowserKeys;
export function decryptPush(push: FakePush, browser: FakeBrowserKeys): unknown;
export function verifyVapid(
  push: FakePush,
  audience: string,
  now?: number,
): { aud: string; exp: number; sub: string; key: string };
