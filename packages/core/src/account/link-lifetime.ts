const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a mailed link works, in the words the mails and pages use: whole days from two days
 * up ("7 days"), else whole hours ("1 hour", "24 hours"). Each page and mail says it from the
 * link's TTL, so the words change with the limit.
 */
export function linkLifetimeInWords(ms: number): string {
  if (ms >= 2 * DAY_MS && ms % DAY_MS === 0) return `${ms / DAY_MS} days`;
  const hours = Math.round(ms / HOUR_MS);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
