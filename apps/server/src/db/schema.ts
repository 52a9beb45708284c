import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AdminTables } from './schema-admin.js';
import type { ExternalAccountTables } from './schema-oauth.js';
import type { PlaylistTables } from './schema-playlists.js';
import type { PushTables } from './schema-push.js';

/**
 * Column types are the same on SQLite and PostgreSQL (see README.md in this folder):
 * times are ISO-8601 UTC strings, booleans are integers 0/1, ids are UUID strings.
 */
export interface UsersTable {
  id: string;
  name: string;
  username: string;
  username_lower: string;
  email: string;
  /** Null for accounts that only sign in externally. */
  password_hash: string | null;
  is_verified: Generated<number>;
  role: Generated<string>;
  avatar_url: string | null;
  bio: string | null;
  time_zone: string | null;
  /** One of core's LOCALES, or null until the person chooses (decision 076). */
  language: Generated<string | null>;
  created_at: string;
  updated_at: string;
  /** Migration 0010: set while an admin has disabled the account (no sign-in, tokens refused). */
  disabled_at: Generated<string | null>;
  /** Migration 0011: a new address waiting for its confirmation link (decision 050). */
  pending_email: Generated<string | null>;
  /** When that link expires; the address is shown as pending only until then. */
  pending_email_expires_at: Generated<string | null>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export type EmailTokenKind = 'verify' | 'reset';

export interface EmailTokensTable {
  id: string;
  user_id: string;
  kind: EmailTokenKind;
  /** The address the token was mailed to: a verify token proves only that address. */
  email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type EmailChangeTokenKind = 'confirm' | 'undo';

/**
 * A mailed link of an email change (migration 0011, decision 050): `confirm` to the new address,
 * `undo` to the old one. Hashed, used once.
 */
export interface EmailChangeTokensTable {
  id: string;
  user_id: string;
  kind: EmailChangeTokenKind;
  old_email: string;
  new_email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One row once the user has saved settings; until then GET /settings answers the defaults. */
export interface UserSettingsTable {
  user_id: string;
  pomodoro_duration: number;
  short_break_duration: number;
  long_break_duration: number;
  pomodoros_until_long_break: number;
  auto_start_breaks: number;
  auto_start_pomodoros: number;
  sound_enabled: number;
  notification_enabled: number;
  /** Migration 0006: the sound and goal settings (an alarm id, 0-100, 0/1, 0/1, 1-24). */
  focus_end_sound: string;
  break_end_sound: string;
  alarm_volume: number;
  ticking_enabled: number;
  warning_chime_enabled: number;
  daily_goal: number;
  /** Migration 0016: one of core's TIME_DISPLAYS ('clock' for rows saved before). */
  time_display: string;
  updated_at: string;
}

/** A recorded focus session (`sessions` are sign-in sessions). duration is whole minutes. */
export interface FocusSessionsTable {
  id: string;
  user_id: string;
  client_id: string | null;
  duration: number;
  task: string;
  completed: number;
  start_time: string;
  end_time: string;
  created_at: string;
  updated_at: string;
}

/**
 * Sessions per local day (YYYY-MM-DD of start_time) in the zone of the user's
 * `session_rollup_zones` row: all of them, the completed ones, and the completed minutes.
 */
export interface SessionDayRollupsTable {
  user_id: string;
  day: string;
  sessions: number;
  completed: number;
  minutes: number;
}

/** The zone a user's rollup is computed in; present once the user has recorded a session. */
export interface SessionRollupZonesTable {
  user_id: string;
  time_zone: string;
  /** Raised by every write of the user's sessions and every rebuild. */
  version: Generated<number>;
}

export interface TodosTable {
  id: string;
  user_id: string;
  text: string;
  completed: number;
  /** 0..n-1 in list order. */
  position: number;
  created_at: string;
  updated_at: string;
  /** Estimated pomodoros (migration 0005; default 1). */
  estimate: Generated<number>;
  /** Pomodoros finished while it was the active to-do (default 0). */
  done_pomodoros: Generated<number>;
  /** 1 for the list's one active to-do (default 0). */
  active: Generated<number>;
}

/** Standard themes (user_id null, is_standard 1) and users' custom themes (migration 0007). */
export interface ThemesTable {
  id: string;
  user_id: string | null;
  name: string;
  description: Generated<string>;
  background_color: string;
  text_color: string;
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  is_dark: Generated<number>;
  is_default: Generated<number>;
  is_standard: Generated<number>;
  is_public: Generated<number>;
  image_url: string | null;
  background_url: string | null;
  /** Moderation: hidden themes leave the gallery; their owner still sees them. */
  is_hidden: Generated<number>;
  hidden_at: string | null;
  hidden_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** A user's chosen theme; absent until chosen (GET /themes/user then answers the default). */
export interface ThemePreferencesTable {
  user_id: string;
  theme_id: string;
  updated_at: string;
}

export type ThemeReportStatus = 'open' | 'dismissed' | 'actioned';

/** One report per user and public theme, waiting for moderation. */
export interface ThemeReportsTable {
  id: string;
  theme_id: string;
  user_id: string;
  reason: string;
  status: Generated<ThemeReportStatus>;
  created_at: string;
  resolved_at: string | null;
}

/** Migration 0014: an account's one timer for every device (core's SharedTimer as JSON). */
export interface SharedTimersTable {
  user_id: string;
  revision: number;
  timer: string;
  updated_at: string;
}

export interface Database extends PlaylistTables, ExternalAccountTables, AdminTables, PushTables {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  email_change_tokens: EmailChangeTokensTable;
  user_settings: UserSettingsTable;
  focus_sessions: FocusSessionsTable;
  session_day_rollups: SessionDayRollupsTable;
  session_rollup_zones: SessionRollupZonesTable;
  todos: TodosTable;
  themes: ThemesTable;
  theme_preferences: ThemePreferencesTable;
  theme_reports: ThemeReportsTable;
  shared_timers: SharedTimersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type EmailTokenRow = Selectable<EmailTokensTable>;
export type EmailChangeTokenRow = Selectable<EmailChangeTokensTable>;
export type UserSettingsRow = Selectable<UserSettingsTable>;
export type FocusSessionRow = Selectable<FocusSessionsTable>;
export type NewFocusSession = Insertable<FocusSessionsTable>;
export type SessionDayRollupRow = Selectable<SessionDayRollupsTable>;
export type TodoRow = Selectable<TodosTable>;
export type ThemeRow = Selectable<ThemesTable>;
export type NewTheme = Insertable<ThemesTable>;
export type SharedTimerRow = Selectable<SharedTimersTable>;
