import { z } from 'zod';
import { LIVE_DEVICE_LABEL_MAX_LENGTH } from '../live/protocol.js';
import { PUSH_ENDPOINT_MAX_LENGTH, PUSH_MESSAGES } from '../push/index.js';
import { SHARED_TIMER_ID_MAX_LENGTH } from '../timer/shared-timer.js';

const invalid = { error: PUSH_MESSAGES.subscription };

/** A base64url key of `bytes` bytes, without padding, as PushSubscription.toJSON() gives it. */
function base64UrlKey(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string(invalid)
    .length(length, invalid)
    .regex(/^[A-Za-z0-9_-]+$/, invalid);
}

/** GET /push/key: the server's VAPID public key, for PushManager.subscribe. */
export const PushKeySchema = z.object({
  publicKey: z.string().describe('The application server key, base64url (uncompressed P-256)'),
});

/** PUT /push/devices: this browser's push subscription (PushSubscription.toJSON()) and name. */
export const PushDeviceBodySchema = z.object({
  endpoint: z
    .string(invalid)
    .max(PUSH_ENDPOINT_MAX_LENGTH, invalid)
    .regex(/^https?:\/\/[^\s]+$/, invalid)
    .describe("The push service's address for this browser"),
  keys: z.object(
    {
      p256dh: base64UrlKey(65).describe("The browser's P-256 public key"),
      auth: base64UrlKey(16).describe('The shared authentication secret'),
    },
    invalid,
  ),
  name: z
    .string()
    .trim()
    .max(LIVE_DEVICE_LABEL_MAX_LENGTH)
    .describe('How the device is listed, e.g. "Chrome on Android"'),
});

/** A device that receives the account's alarms. */
export const PushDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  lastSentAt: z.string().nullable().describe('The last alarm the push service accepted'),
});
export type PushDeviceJson = z.infer<typeof PushDeviceSchema>;

export const PushDevicesSchema = z.object({ devices: z.array(PushDeviceSchema) });

export const PushDeviceParamsSchema = z.object({
  id: z.string().min(1).max(SHARED_TIMER_ID_MAX_LENGTH),
});

/** POST /push/actions: a notification's button, pressed with the token the push carried. */
export const PushActionBodySchema = z.object({
  token: z.string().min(1).max(2_000),
});

export const PushActionResultSchema = z.object({
  outcome: z
    .enum(['applied', 'unchanged', 'stale', 'duplicate'])
    .describe('`stale`: someone changed the timer since the alarm; open the app to see it'),
});
