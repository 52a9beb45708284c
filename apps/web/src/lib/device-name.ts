import { t } from '@lingui/core/macro';

/** "Firefox", "Chrome", … from the browser's own description; a plain fallback otherwise. */
export function browserName(userAgent: string): string | null {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\//.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrom(e|ium)\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return null;
}

/** "Android", "iPhone", … from the browser's own description, or null. */
export function systemName(userAgent: string): string | null {
  if (/Android/.test(userAgent)) return 'Android';
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'macOS';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Linux/.test(userAgent)) return 'Linux';
  return null;
}

/**
 * How this browser is named to the account's other devices, in the active language: "Chrome on
 * Linux" on the live timer's device list and on the list of devices that receive alarms.
 */
export function deviceName(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): string {
  const browser = browserName(userAgent);
  const system = systemName(userAgent);
  if (browser && system) return t`${browser} on ${system}`;
  return browser ?? system ?? t({ message: 'A browser', comment: "a device's name when unknown" });
}
