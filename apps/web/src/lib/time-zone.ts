/**
 * The browser's IANA zone. Statistics count local days in it (product §3, the `tz` of product
 * §7), and the profile stores it (product §3 User).
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
