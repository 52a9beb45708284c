import { z } from 'zod';
import {
  ALARM_SOUND_IDS,
  ALARM_VOLUME_MAX,
  ALARM_VOLUME_MIN,
  DAILY_GOAL_MAX,
  DAILY_GOAL_MIN,
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  TIME_DISPLAYS,
  UNTIL_LONG_BREAK_MAX,
  UNTIL_LONG_BREAK_MIN,
  validateSettings,
  type TimerSettings,
} from '../timer/settings.js';

/**
 * Every issue of a settings field carries core's message for the value actually sent, so the
 * API and the timer's own validation (validateSettings) can never disagree on wording.
 */
function messageFor(field: keyof TimerSettings) {
  return (issue: { input?: unknown }) =>
    validateSettings({ [field]: issue.input })[field] ?? 'Invalid value';
}

function durationField(field: keyof TimerSettings) {
  return z
    .number({ error: messageFor(field) })
    .int()
    .min(DURATION_MIN_MINUTES)
    .max(DURATION_MAX_MINUTES)
    .describe('Whole minutes');
}

function booleanField(field: keyof TimerSettings) {
  return z.boolean({ error: messageFor(field) });
}

function wholeField(field: keyof TimerSettings, min: number, max: number) {
  return z
    .number({ error: messageFor(field) })
    .int()
    .min(min)
    .max(max);
}

function soundField(field: keyof TimerSettings) {
  return z.enum(ALARM_SOUND_IDS, { error: messageFor(field) });
}

const SETTINGS_FIELDS = {
  pomodoro_duration: durationField('pomodoro_duration'),
  short_break_duration: durationField('short_break_duration'),
  long_break_duration: durationField('long_break_duration'),
  pomodoros_until_long_break: wholeField(
    'pomodoros_until_long_break',
    UNTIL_LONG_BREAK_MIN,
    UNTIL_LONG_BREAK_MAX,
  ),
  auto_start_breaks: booleanField('auto_start_breaks'),
  auto_start_pomodoros: booleanField('auto_start_pomodoros'),
  sound_enabled: booleanField('sound_enabled'),
  notification_enabled: booleanField('notification_enabled'),
  focus_end_sound: soundField('focus_end_sound').describe('The alarm when a pomodoro ends'),
  break_end_sound: soundField('break_end_sound').describe('The alarm when a break ends'),
  alarm_volume: wholeField('alarm_volume', ALARM_VOLUME_MIN, ALARM_VOLUME_MAX).describe(
    'Volume of every timer sound, 0-100',
  ),
  ticking_enabled: booleanField('ticking_enabled').describe('A tick every second of a pomodoro'),
  warning_chime_enabled: booleanField('warning_chime_enabled').describe(
    'A chime when one minute is left',
  ),
  daily_goal: wholeField('daily_goal', DAILY_GOAL_MIN, DAILY_GOAL_MAX).describe(
    'Pomodoros per day the user aims for',
  ),
  time_display: z
    .enum(TIME_DISPLAYS, { error: messageFor('time_display') })
    .describe(
      'How the time left shows while a phase is under way: clock (minutes and seconds), ' +
        'minutes (whole minutes, rounded up), ring (the progress ring only) or hidden',
    ),
};

/** GET/PUT /settings answer: every timer setting of product §3 (defaults until saved). */
export const TimerSettingsSchema = z.object(SETTINGS_FIELDS);
export type TimerSettingsJson = z.infer<typeof TimerSettingsSchema>;

/** PUT /settings: any subset of the fields; unknown fields are ignored (stripped). */
export const UpdateSettingsBodySchema = z.object(SETTINGS_FIELDS).partial();
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBodySchema>;
