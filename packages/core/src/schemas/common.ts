import { z } from 'zod';
import { ID_PATTERN } from '../constants.js';
import { FIELD_MESSAGES } from '../field-messages.js';

/** UUID-shaped id (8-4-4-4-12 hex), product §7. */
export const IdSchema = z.string().regex(ID_PATTERN, FIELD_MESSAGES.id);
export type Id = z.infer<typeof IdSchema>;

export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * Every error body: `{ message, code, params?, errors?, fieldCodes? }`, errors mapping field ->
 * message and fieldCodes field -> code (decision 075).
 */
export const ErrorSchema = z.object({
  message: z.string().describe("What went wrong, in SPEC's English"),
  code: z
    .string()
    .describe(
      "What went wrong as a stable code (decision 075), e.g. auth.invalidCredentials: show the message in the reader's language by it",
    ),
  params: z
    .record(z.string(), z.number())
    .optional()
    .describe('The numbers the message says, by name (e.g. count for http.retryInSeconds)'),
  errors: z.record(z.string(), z.string()).optional().describe('Field -> message'),
  fieldCodes: z.record(z.string(), z.string()).optional().describe('Field -> code'),
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
  .refine(isKnownTimeZone, { message: FIELD_MESSAGES.timeZone });
