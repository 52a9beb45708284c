import { z } from 'zod';
import { ID_PATTERN } from '../constants.js';

/** UUID-shaped id (8-4-4-4-12 hex), product §7. */
export const IdSchema = z.string().regex(ID_PATTERN, 'Must be an id');
export type Id = z.infer<typeof IdSchema>;

export const IdParamsSchema = z.object({ id: IdSchema });

/** Every error body: `{ message, code?, errors? }` with errors mapping field -> message. */
export const ErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ErrorSchema>;

export const SuccessMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessage = z.infer<typeof SuccessMessageSchema>;

/** An IANA time zone known to this runtime's Intl (product §7: validated before any database). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  try {
    const supported = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf;
    if (supported && supported('timeZone').includes(zone)) return true;
    // Aliases such as Etc/UTC or Asia/Calcutta are valid IANA names that the list omits.
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/.test(zone) && canFormatIn(zone);
  } catch {
    return false;
  }
}

function canFormatIn(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isKnownTimeZone, { message: 'Unknown time zone' });
