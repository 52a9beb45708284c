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
  /** The alarm at the end of a pomodoro (product §3: one of ALARM_SOUND_IDS). */
  focus_end_sound: AlarmSoundId;
  /** The alarm at the end of a short or long break. */
  break_end_sound: AlarmSoundId;
  /** Loudness of every sound the timer plays, 0 (silent) to 100. */
  alarm_volume: number;
  /** A soft tick every second while a pomodoro runs. */
  ticking_enabled: boolean;
  /** A short chime when one minute of a phase is left. */
  warning_chime_enabled: boolean;
  /** Pomodoros a day the user aims for (the goal shown on the timer page and on /stats). */
  daily_goal: number;
  /** How the time left shows while a phase is under way (one of TIME_DISPLAYS). */
  time_display: TimeDisplay;
}

/**
 * How the time left shows while a phase runs or is paused (issue 35, a calmer display): `clock`
 * minutes and seconds (the timer as it always was), `minutes` whole minutes rounded up, `ring`
 * the progress ring without digits, `hidden` nothing until the phase ends.
 */
export const TIME_DISPLAYS = ['clock', 'minutes', 'ring', 'hidden'] as const;
export type TimeDisplay = (typeof TIME_DISPLAYS)[number];

export function isTimeDisplay(value: unknown): value is TimeDisplay {
  return typeof value === 'string' && (TIME_DISPLAYS as readonly string[]).includes(value);
}

/**
 * What the time left reads as: the clock's seconds, whole minutes, or nothing. `length`: the
 * minutes are how long the next phase lasts (nothing is under way), not a countdown.
 */
export type TimeReading =
  | { kind: 'clock'; seconds: number }
  | { kind: 'minutes'; minutes: number; length: boolean }
  | { kind: 'none' };

/**
 * The time left as `display` shows it. Before a phase starts (idle) and once it has ended
 * (completed), a calmer display still says how long the next phase is, in whole minutes, so a
 * person knows what they start; while it runs or is paused, `ring` and `hidden` show no number.
 * Minutes round up: 24:01 left reads 25, 0:30 reads 1, and only the very end reads 0.
 */
export function timeReading(
  display: TimeDisplay,
  status: 'idle' | 'running' | 'paused' | 'completed',
  seconds: number,
): TimeReading {
  const whole = Math.max(0, Math.floor(seconds));
  if (display === 'clock') return { kind: 'clock', seconds: whole };
  const length = status === 'idle' || status === 'completed';
  if (display === 'minutes' || length) {
    return { kind: 'minutes', minutes: Math.ceil(whole / 60), length };
  }
  return { kind: 'none' };
}

/**
 * The alarms we ship under /sounds/ (product §3). `chime` is the original completion sound, so
 * the defaults keep what the timer always did.
 */
export const ALARM_SOUND_IDS = ['chime', 'bell', 'digital', 'wood', 'harp'] as const;
export type AlarmSoundId = (typeof ALARM_SOUND_IDS)[number];

export const DEFAULT_TIMER_SETTINGS: Readonly<TimerSettings> = Object.freeze({
  pomodoro_duration: 25,
  short_break_duration: 5,
  long_break_duration: 15,
  pomodoros_until_long_break: 4,
  auto_start_breaks: false,
  auto_start_pomodoros: false,
  sound_enabled: true,
  notification_enabled: true,
  focus_end_sound: 'chime',
  break_end_sound: 'chime',
  alarm_volume: 100,
  ticking_enabled: false,
  warning_chime_enabled: false,
  daily_goal: 8,
  time_display: 'clock',
});

export const DURATION_MIN_MINUTES = 1;
export const DURATION_MAX_MINUTES = 180;
export const UNTIL_LONG_BREAK_MIN = 1;
export const UNTIL_LONG_BREAK_MAX = 12;
export const ALARM_VOLUME_MIN = 0;
export const ALARM_VOLUME_MAX = 100;
export const DAILY_GOAL_MIN = 1;
export const DAILY_GOAL_MAX = 24;

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
  'ticking_enabled',
  'warning_chime_enabled',
] as const;
const SOUND_FIELDS = ['focus_end_sound', 'break_end_sound'] as const;
/** Whole-number fields besides the durations: field -> [min, max]. */
const RANGE_FIELDS = {
  pomodoros_until_long_break: [UNTIL_LONG_BREAK_MIN, UNTIL_LONG_BREAK_MAX, 'untilLongBreak'],
  alarm_volume: [ALARM_VOLUME_MIN, ALARM_VOLUME_MAX, 'alarmVolume'],
  daily_goal: [DAILY_GOAL_MIN, DAILY_GOAL_MAX, 'dailyGoal'],
} as const;

export function isAlarmSoundId(value: unknown): value is AlarmSoundId {
  return typeof value === 'string' && (ALARM_SOUND_IDS as readonly string[]).includes(value);
}

/** What validateSettings says about a field, one sentence per rule and range. */
export const SETTINGS_MESSAGES = {
  minutes: `Must be a whole number of minutes from ${DURATION_MIN_MINUTES} to ${DURATION_MAX_MINUTES}`,
  untilLongBreak: `Must be a whole number from ${UNTIL_LONG_BREAK_MIN} to ${UNTIL_LONG_BREAK_MAX}`,
  alarmVolume: `Must be a whole number from ${ALARM_VOLUME_MIN} to ${ALARM_VOLUME_MAX}`,
  dailyGoal: `Must be a whole number from ${DAILY_GOAL_MIN} to ${DAILY_GOAL_MAX}`,
  boolean: 'Must be true or false',
  alarmSound: `Must be one of ${ALARM_SOUND_IDS.join(', ')}`,
  timeDisplay: `Must be one of ${TIME_DISPLAYS.join(', ')}`,
} as const;

function isWholeIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

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
      errors[field] = SETTINGS_MESSAGES.minutes;
    }
  }
  for (const [field, [min, max, message]] of Object.entries(RANGE_FIELDS) as [
    keyof typeof RANGE_FIELDS,
    readonly [number, number, 'untilLongBreak' | 'alarmVolume' | 'dailyGoal'],
  ][]) {
    const value = input[field];
    if (value !== undefined && !isWholeIn(value, min, max)) {
      errors[field] = SETTINGS_MESSAGES[message];
    }
  }
  for (const field of BOOLEAN_FIELDS) {
    const value = input[field];
    if (value !== undefined && typeof value !== 'boolean')
      errors[field] = SETTINGS_MESSAGES.boolean;
  }
  for (const field of SOUND_FIELDS) {
    const value = input[field];
    if (value !== undefined && !isAlarmSoundId(value)) {
      errors[field] = SETTINGS_MESSAGES.alarmSound;
    }
  }
  if (input.time_display !== undefined && !isTimeDisplay(input.time_display)) {
    errors.time_display = SETTINGS_MESSAGES.timeDisplay;
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
