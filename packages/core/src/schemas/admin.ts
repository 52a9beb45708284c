import { z } from 'zod';
import {
  ADMIN_ACTIONS,
  ADMIN_HIDE_REASON_MAX_LENGTH,
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_SEARCH_MAX_LENGTH,
} from '../admin/index.js';
import { UserSchema } from './auth.js';
import { ThemePayloadSchema, ThemeSchema } from './themes.js';

/**
 * The admin API (/api/admin, product §6). Days, "today" and "this week" are UTC: today is the
 * current UTC day, this week is today and the six days before it.
 */

const PageSchema = z.coerce.number().int().min(1).max(1_000_000).default(1);
const PageSizeSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(ADMIN_PAGE_SIZE_MAX)
  .default(ADMIN_PAGE_SIZE_DEFAULT);
const SearchSchema = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, ADMIN_MESSAGES.searchTooLong)
  .optional()
  .describe('Case-insensitive text searched in name, username and email (themes: name, creator)');

/** Paging of every admin list: page from 1, page_size 1-100 (default 20). */
export const AdminPageQuerySchema = z.object({ page: PageSchema, page_size: PageSizeSchema });
export type AdminPageQuery = z.infer<typeof AdminPageQuerySchema>;

/** Paged list answer: the page's items and the total across all pages. */
function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

// ---- Overview ----

export const AdminSeriesDaySchema = z.object({
  date: z.string().describe('YYYY-MM-DD, UTC'),
  signups: z.number().int(),
  sessions: z.number().int(),
  focus_minutes: z.number().int(),
});

/** GET /admin/overview. */
export const AdminOverviewSchema = z.object({
  users: z.object({
    total: z.number().int(),
    verified: z.number().int(),
    new_this_week: z.number().int(),
  }),
  sessions: z.object({ today: z.number().int(), this_week: z.number().int() }),
  focus_minutes: z
    .object({ today: z.number().int(), this_week: z.number().int() })
    .describe('Minutes of completed focus sessions, by their start time'),
  active_users: z
    .object({ d7: z.number().int(), d30: z.number().int() })
    .describe('Users who recorded a focus session in the last 7 / 30 days (today included)'),
  reports_waiting: z.number().int(),
  series: z.array(AdminSeriesDaySchema).describe('The last 30 UTC days, oldest first'),
  generated_at: z.string(),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

// ---- Users ----

/** A user as the admin pages see them: the user JSON plus role, ADMIN_EMAILS and disabled state. */
export const AdminUserSchema = UserSchema.extend({
  has_admin_role: z.boolean().describe("users.role is 'admin' (granted here or by the CLI)"),
  in_admin_emails: z
    .boolean()
    .describe('The email is in ADMIN_EMAILS (admin while verified; revoking is refused)'),
  disabled_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListQuerySchema = AdminPageQuerySchema.extend({ q: SearchSchema });
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const AdminUserListSchema = paged(AdminUserSchema);
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** GET /admin/users/{id}: the user and what they own. */
export const AdminUserDetailSchema = AdminUserSchema.extend({
  counts: z.object({
    focus_sessions: z.number().int(),
    custom_themes: z.number().int(),
    playlists: z.number().int(),
    active_sign_ins: z.number().int().describe('Sessions neither revoked nor expired'),
  }),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

// ---- Themes ----

/** A theme with its moderation state. */
export const AdminThemeSchema = ThemeSchema.extend({
  is_hidden: z.boolean(),
  hidden_at: z.string().nullable(),
  hidden_reason: z.string().nullable(),
  open_reports: z.number().int(),
});
export type AdminTheme = z.infer<typeof AdminThemeSchema>;

export const AdminThemeListQuerySchema = AdminPageQuerySchema.extend({ q: SearchSchema });
export type AdminThemeListQuery = z.infer<typeof AdminThemeListQuerySchema>;

export const AdminThemeListSchema = paged(AdminThemeSchema);
export type AdminThemeList = z.infer<typeof AdminThemeListSchema>;

export const AdminReportStatusSchema = z.enum(['open', 'dismissed', 'actioned']);

/** One report of a public theme. */
export const AdminReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: AdminReportStatusSchema,
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  reporter: z.object({ id: z.string(), username: z.string() }),
  theme: AdminThemeSchema,
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportListQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(['open', 'all']).default('open'),
});
export type AdminReportListQuery = z.infer<typeof AdminReportListQuerySchema>;

export const AdminReportListSchema = paged(AdminReportSchema);
export type AdminReportList = z.infer<typeof AdminReportListSchema>;

/** POST /admin/themes/{id}/hide: an optional reason shown to nobody but admins. */
export const AdminHideThemeBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(ADMIN_HIDE_REASON_MAX_LENGTH, ADMIN_MESSAGES.hideReasonTooLong)
      .optional(),
  })
  .nullish()
  .describe('Optional: a POST without a body hides without a reason');
export type AdminHideThemeBody = z.infer<typeof AdminHideThemeBodySchema>;

/** POST /admin/themes/standard: a standard theme's fields (never public; no creator). */
export const StandardThemeBodySchema = ThemePayloadSchema.omit({ is_public: true });
export type StandardThemeBody = z.infer<typeof StandardThemeBodySchema>;

/** PUT /admin/themes/standard/{id}: any of the fields. */
export const UpdateStandardThemeBodySchema = StandardThemeBodySchema.partial();
export type UpdateStandardThemeBody = z.infer<typeof UpdateStandardThemeBodySchema>;

// ---- Audit log ----

export const AdminActionSchema = z.enum(ADMIN_ACTIONS);

/** One admin action: who, what, on what, when, from which address. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actor_id: z.string().nullable().describe('null when the actor was the command line'),
  actor_username: z.string().describe('As it was at the time; "command line" for the CLI'),
  action: AdminActionSchema,
  target_type: z.enum(['user', 'theme', 'report']),
  target_id: z.string(),
  target_label: z.string().describe('The username or theme name at the time'),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = paged(AuditEntrySchema);
export type AuditList = z.infer<typeof AuditListSchema>;
