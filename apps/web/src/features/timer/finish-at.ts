/**
 * The "finish at" clock time of the remaining estimate (product §4 "To-do estimates"), in the
 * user's own clock and locale (Intl): "15:30" or "3:30 PM"; with the weekday when it falls on
 * another day, so "Tue 09:10" is never read as this morning.
 */
export function formatFinishAt(
  at: number,
  now: number,
  locale?: string,
  timeZone?: string,
): string {
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone };
  const day = (ms: number) =>
    new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone }).format(ms);
  const sameDay = day(at) === day(now);
  return new Intl.DateTimeFormat(
    locale,
    sameDay ? options : { ...options, weekday: 'short' },
  ).format(at);
}

/** How long until then, rounded up to whole minutes: "25 min", "2 h", "1 h 35 min". */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
