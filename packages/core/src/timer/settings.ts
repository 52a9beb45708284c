/** Timer settings of product §3 with their defaults; durations are whole minutes (product §5). */
export interface TimerSettings {
  pomodoro_duration: number;
  short_break_duration: number;
  long_break_duration: number;
  pomodoros_until_long_break: number;
  auto_start_breaks: boolean;
  auto_start_pomodoros: boolean;
  sound_enabled: boolean;
  notification_enabled: boolean;
}

export const DEFAULT_TIMER_SETTINGS: Readonly<TimerSettings> = Object.freeze({
  pomodoro_duration: 25,
  short_break_duration: 5,
  long_break_duration: 15,
  pomodoros_until_long_break: 4,
  auto_start_breaks: false,
  auto_start_pomodoros: false,
  sound_enabled: true,
  notification_enabled: true,
});

export const DURATION_MIN_MINUTES = 1;
export const DURATION_MAX_MINUTES = 180;
export const UNTIL_LONG_BREAK_MIN = 1;
export const UNTIL_LONG_BREAK_MAX = 12;

const DURATION_FIELDS = [
  'pomodoro_duration',
  'short_break_duration',
  'long_break_duration',
] as const;
const BOOLEAN_FIELDS = [
  'auto_start_breaks',
  'auto_start_pomodoros',
  'sound_enabled',
  'notification_enabled',
] as const;

/** Field -> message for every invalid field of a partial settings object; empty when valid. */
export function validateSettings(
  input: Partial<Record<keyof TimerSettings, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of DURATION_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < DURATION_MIN_MINUTES ||
      value > DURATION_MAX_MINUTES
    ) {
      errors[field] =
        `Must be a whole number of minutes from ${DURATION_MIN_MINUTES} to ${DURATION_MAX_MINUTES}`;
    }
  }
  const until = input.pomodoros_until_long_break;
  if (
    until !== undefined &&
    (typeof until !== 'number' ||
      !Number.isInteger(until) ||
      until < UNTIL_LONG_BREAK_MIN ||
      until > UNTIL_LONG_BREAK_MAX)
  ) {
    errors.pomodoros_until_long_break = `Must be a whole number from ${UNTIL_LONG_BREAK_MIN} to ${UNTIL_LONG_BREAK_MAX}`;
  }
  for (const field of BOOLEAN_FIELDS) {
    const value = input[field];
    if (value !== undefined && typeof value !== 'boolean') errors[field] = 'Must be true or false';
  }
  return errors;
}

/**
 * product §4 settings source: server settings when they are a non-empty object or array, else the
 * locally stored settings, else the defaults. Whatever is chosen is completed field by field
 * from the defaults, and invalid fields fall back too, so the timer never runs on garbage.
 */
export function chooseSettings(server: unknown, local: unknown): TimerSettings {
  const source = isNonEmpty(server) ? server : isNonEmpty(local) ? local : {};
  const candidate = Array.isArray(source) ? (source[0] ?? {}) : source;
  const merged: TimerSettings = { ...DEFAULT_TIMER_SETTINGS };
  if (candidate && typeof candidate === 'object') {
    for (const key of Object.keys(DEFAULT_TIMER_SETTINGS) as (keyof TimerSettings)[]) {
      const value = (candidate as Record<string, unknown>)[key];
      if (value === undefined) continue;
      if (Object.keys(validateSettings({ [key]: value })).length === 0) {
        (merged as unknown as Record<string, unknown>)[key] = value;
      }
    }
  }
  return merged;
}

function isNonEmpty(value: unknown): value is object {
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && typeof value === 'object' && Object.keys(value).length > 0;
}
