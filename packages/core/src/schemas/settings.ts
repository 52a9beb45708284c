import { z } from 'zod';
import {
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
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

const SETTINGS_FIELDS = {
  pomodoro_duration: durationField('pomodoro_duration'),
  short_break_duration: durationField('short_break_duration'),
  long_break_duration: durationField('long_break_duration'),
  pomodoros_until_long_break: z
    .number({ error: messageFor('pomodoros_until_long_break') })
    .int()
    .min(UNTIL_LONG_BREAK_MIN)
    .max(UNTIL_LONG_BREAK_MAX),
  auto_start_breaks: booleanField('auto_start_breaks'),
  auto_start_pomodoros: booleanField('auto_start_pomodoros'),
  sound_enabled: booleanField('sound_enabled'),
  notification_enabled: booleanField('notification_enabled'),
};

/** GET/PUT /settings answer: all eight timer settings of product §3 (defaults until saved). */
export const TimerSettingsSchema = z.object(SETTINGS_FIELDS);
export type TimerSettingsJson = z.infer<typeof TimerSettingsSchema>;

/** PUT /settings: any subset of the eight fields; unknown fields are ignored (stripped). */
export const UpdateSettingsBodySchema = z.object(SETTINGS_FIELDS).partial();
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBodySchema>;
