import { z } from 'zod';
import { PushDevicesSchema } from './push.js';
import { ACCOUNT_EXPORT_FORMAT, ACCOUNT_EXPORT_VERSION } from '../account/export.js';
import { AdminReportStatusSchema } from './admin.js';
import { UserSchema } from './auth.js';
import { OAuthConnectionListSchema } from './oauth.js';
import { PlaylistListSchema } from './playlists.js';
import { SessionListSchema, TodoListSchema } from './pomodoro.js';
import { TimerSettingsSchema } from './settings.js';
import { SharedTimerSchema } from './shared-timer.js';
import { ThemeSchema } from './themes.js';

/** A report the user filed against someone else's public theme, with where it stands. */
export const FiledThemeReportSchema = z.object({
  id: z.string(),
  theme: z.object({ id: z.string(), name: z.string() }),
  reason: z.string(),
  status: AdminReportStatusSchema,
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type FiledThemeReport = z.infer<typeof FiledThemeReportSchema>;

/**
 * GET /api/users/me/export (decision 034): everything stored about the account, each part in
 * the shape its own endpoint answers. What is left out on purpose (the password hash, token
 * hashes, sign-in sessions, the audit log) is listed in the decision.
 */
export const AccountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exported_at: z.string().describe('When the export was made (ISO 8601, UTC)'),
  profile: UserSchema.describe('As GET /api/auth/me answers it'),
  settings: TimerSettingsSchema.describe('As GET /api/settings answers it'),
  timer: SharedTimerSchema.describe("The account's one timer, as GET /api/timer answers it"),
  theme_preference: ThemeSchema.describe(
    'As GET /api/themes/user answers it (the default theme when none was chosen)',
  ),
  custom_themes: z
    .array(ThemeSchema)
    .describe(
      'As GET /api/themes/custom/user answers them; uploaded images as their /uploads URLs',
    ),
  theme_reports: z
    .array(FiledThemeReportSchema)
    .describe("The reports the user filed against others' public themes, newest first"),
  connected_accounts: OAuthConnectionListSchema.describe(
    'As GET /api/users/me/connections answers them (never a provider token)',
  ),
  todos: TodoListSchema.describe('As GET /api/pomodoro/todos answers them'),
  alarm_devices: PushDevicesSchema.shape.devices.describe(
    'The devices that receive the alarms, as GET /api/push/devices answers them',
  ),
  playlists: PlaylistListSchema.describe('As GET /api/playlists answers them, with their songs'),
  sessions: SessionListSchema.describe(
    'Every recorded focus session, newest first, as GET /api/pomodoro/sessions answers them',
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
