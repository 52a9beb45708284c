// web-push is CommonJS whose exports Node cannot list for a named import; its default is them.
// eslint-disable-next-line import-x/default
import webPush from 'web-push';
import { createECDH } from 'node:crypto';
import { PUSH_TTL_SECONDS, type PushAlarmPayload } from '@focusroom/core';
import type { PushConfig } from '../../config.js';
import { isAllowedPushEndpoint } from './endpoints.js';

/** How long one push service may take to take an alarm. */
const SEND_TIMEOUT_MS = 10_000;

/** A push service keeps only the newest undelivered alarm of a device (RFC 8030 Topic). */
const TOPIC = 'timer';

/** How long a VAPID signature is valid (RFC 8292 allows up to 24 h; web-push's default, 12 h). */
const VAPID_TTL_SECONDS = 12 * 60 * 60;
/** A signature is used for this long, then made afresh (well before it expires). */
const VAPID_REUSE_MS = 60 * 60_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * - `sent`: the push service took it;
 * - `gone`: the subscription has ended (404 or 410), the device is to be forgotten;
 * - `failed`: the service could not take it now (5xx, 429, a network error, a timeout): try again;
 * - `refused`: the service will never take it (another 4xx, or an address not allowed).
 */
export type PushOutcome = 'sent' | 'gone' | 'failed' | 'refused';

/** Sends one alarm to one device: web-push encrypts it (RFC 8291) and signs it (VAPID). */
export type PushSend = (target: PushTarget, payload: PushAlarmPayload) => Promise<PushOutcome>;

/** Whether `p256dh` is a point on P-256 that an alarm can be encrypted for (RFC 8291). */
export function isUsableBrowserKey(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The push services are called here rather than through web-push's sendNotification, which
 * only speaks https (a local fake is http) and cannot be bounded as a whole: the request is
 * made with fetch, with no redirects followed and one timeout for all of it.
 */
export function createPushSender(config: PushConfig, now: () => number = Date.now): PushSend {
  const vapid = vapidHeaders(config, now);
  return async (target, payload) => {
    if (!isAllowedPushEndpoint(target.endpoint, config.extraServiceOrigins)) return 'refused';
    let details: ReturnType<typeof webPush.generateRequestDetails>;
    try {
      details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          // The VAPID signature is ours (one per push service, reused): signing one per alarm
          // was four fifths of the cost of an alarm (bench/push-alarms.ts).
          headers: { Authorization: vapid(new URL(target.endpoint).origin) },
          contentEncoding: 'aes128gcm',
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          topic: TOPIC,
        },
      );
    } catch {
      // Keys no alarm can be encrypted for (registration checks them; a row changed by hand).
      return 'refused';
    }
    let status: number;
    try {
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: details.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      return 'failed';
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    if (status === 429 || status >= 500) return 'failed';
    return 'refused';
  };
}

/**
 * The VAPID Authorization header for a push service (the JWT's audience is its origin), signed
 * once and reused for VAPID_REUSE_MS of its VAPID_TTL_SECONDS.
 */
function vapidHeaders(config: PushConfig, now: () => number): (origin: string) => string {
  const signed = new Map<string, { header: string; until: number }>();
  return (origin) => {
    const at = now();
    const cached = signed.get(origin);
    if (cached && cached.until > at) return cached.header;
    const { Authorization } = webPush.getVapidHeaders(
      origin,
      config.subject,
      config.publicKey,
      config.privateKey,
      'aes128gcm',
      Math.floor(at / 1000) + VAPID_TTL_SECONDS,
    );
    signed.set(origin, { header: Authorization, until: at + VAPID_REUSE_MS });
    return Authorization;
  };
}
