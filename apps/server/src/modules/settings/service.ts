import {
  DEFAULT_TIMER_SETTINGS,
  isAlarmSoundId,
  isTimeDisplay,
  validateSettings,
  type TimerSettings,
} from '@focusroom/core';
import type { UpdateSettingsBody } from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import type { UserSettingsRow } from '../../db/schema.js';
import { badRequest } from '../../lib/http-errors.js';
import { SettingsRepository, type SettingsColumns } from './repository.js';

const BOOLEAN_KEYS = [
  'auto_start_breaks',
  'auto_start_pomodoros',
  'sound_enabled',
  'notification_enabled',
  'ticking_enabled',
  'warning_chime_enabled',
] as const;

function toColumns(settings: Partial<TimerSettings>): Partial<SettingsColumns> {
  const columns: Partial<SettingsColumns> = {};
  for (const [key, value] of Object.entries(settings) as [keyof TimerSettings, unknown][]) {
    if (value === undefined) continue;
    // Booleans are stored as 0/1 on both engines; numbers and sound ids as they are.
    (columns as Record<string, number | string>)[key] =
      typeof value === 'boolean' ? (value ? 1 : 0) : (value as number | string);
  }
  return columns;
}

function toJson(row: UserSettingsRow): TimerSettings {
  const settings: TimerSettings = {
    pomodoro_duration: row.pomodoro_duration,
    short_break_duration: row.short_break_duration,
    long_break_duration: row.long_break_duration,
    pomodoros_until_long_break: row.pomodoros_until_long_break,
    auto_start_breaks: false,
    auto_start_pomodoros: false,
    sound_enabled: false,
    notification_enabled: false,
    // A value the app no longer ships reads as the default rather than breaking the answer.
    focus_end_sound: isAlarmSoundId(row.focus_end_sound)
      ? row.focus_end_sound
      : DEFAULT_TIMER_SETTINGS.focus_end_sound,
    break_end_sound: isAlarmSoundId(row.break_end_sound)
      ? row.break_end_sound
      : DEFAULT_TIMER_SETTINGS.break_end_sound,
    alarm_volume: row.alarm_volume,
    ticking_enabled: false,
    warning_chime_enabled: false,
    daily_goal: row.daily_goal,
    time_display: isTimeDisplay(row.time_display)
      ? row.time_display
      : DEFAULT_TIMER_SETTINGS.time_display,
  };
  for (const key of BOOLEAN_KEYS) settings[key] = row[key] === 1;
  return settings;
}

/** The broadcast topic of settings changes; the message is the account's id. */
const SETTINGS_TOPIC = 'settings';

/** The signed-in user's timer settings (product §3, §7). */
export class SettingsService {
  private readonly repo: SettingsRepository;

  constructor(private readonly ctx: AppContext) {
    this.repo = new SettingsRepository(ctx.db);
  }

  /** The stored settings, or the defaults until the user saves any. */
  async get(userId: string): Promise<TimerSettings> {
    const row = await this.repo.find(userId);
    return row ? toJson(row) : { ...DEFAULT_TIMER_SETTINGS };
  }

  /** Stores the fields sent (the schema dropped unknown ones) and answers the full object. */
  async update(userId: string, body: UpdateSettingsBody): Promise<TimerSettings> {
    // The route's schema already applied these rules; core's check stays the last word.
    const errors = validateSettings(body);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
    const changed = toColumns(body);
    if (Object.keys(changed).length === 0) return this.get(userId);
    const row = await this.repo.upsert(
      userId,
      changed,
      toColumns(DEFAULT_TIMER_SETTINGS) as SettingsColumns,
      this.ctx.clock.now().toISOString(),
    );
    await this.ctx.broadcast.publish(SETTINGS_TOPIC, userId);
    return toJson(row);
  }

  /**
   * Runs after every change of an account's settings, on every instance: with the account's id,
   * or with null when changes may have been missed (Redis was away).
   */
  onChange(handler: (userId: string | null) => void): void {
    this.ctx.broadcast.subscribe(SETTINGS_TOPIC, handler);
  }
}
