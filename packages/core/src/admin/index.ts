/**
 * The admin area (product §6): the actions written to the audit log, page sizes, messages, and
 * the overview's daily series. Pure: the server and the admin pages import the same names.
 */

/** Every admin action, as written to the audit log's `action` column. */
export const ADMIN_ACTIONS = [
  'user.verify',
  'user.grant_admin',
  'user.revoke_admin',
  'user.disable',
  'user.enable',
  'user.sign_out',
  'user.delete',
  'report.dismiss',
  'theme.hide',
  'theme.restore',
  'theme.delete',
  'standard_theme.create',
  'standard_theme.update',
  'standard_theme.set_default',
  'standard_theme.delete',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** What an audit row's target is. */
export const ADMIN_TARGET_TYPES = ['user', 'theme', 'report'] as const;
export type AdminTargetType = (typeof ADMIN_TARGET_TYPES)[number];

/** Page sizes of the admin lists (users, reports, public themes, audit log). */
export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Longest search text for the user and theme searches. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** Longest reason a moderator may give for hiding a theme. */
export const ADMIN_HIDE_REASON_MAX_LENGTH = 500;
/** Days in the overview's small charts (today and the days before it). */
export const ADMIN_SERIES_DAYS = 30;

/** The admin API's answers (400, 404, 409) and the disabled account's sign-in refusal. */
export const ADMIN_MESSAGES = {
  accountDisabled:
    'This account has been disabled. If you think this is a mistake, contact the administrators.',
  userNotFound: 'User not found',
  reportNotFound: 'Report not found',
  themeNotFound: 'Theme not found',
  cannotRevokeOwnAdmin: 'You cannot remove your own admin role.',
  cannotDisableSelf: 'You cannot disable your own account.',
  cannotDeleteSelf: 'You cannot delete your own account from the admin area.',
  inAdminEmails:
    'This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server to revoke it.',
  inAdminEmailsDisable:
    'This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server before disabling it.',
  inAdminEmailsDelete:
    'This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server before deleting it.',
  alreadyAdmin: 'This account is already an admin.',
  notAdmin: 'This account has no admin role to remove.',
  alreadyDisabled: 'This account is already disabled.',
  notDisabled: 'This account is not disabled.',
  alreadyVerified: 'This email address is already verified.',
  reportNotOpen: 'This report has already been resolved.',
  notPublicCustom: 'Only public custom themes can be hidden or restored here.',
  alreadyHidden: 'This theme is already hidden.',
  notHidden: 'This theme is not hidden.',
  notCustomTheme: 'Only custom themes are deleted here; standard themes have their own page.',
  seededThemeUndeletable:
    'The ten original standard themes cannot be deleted. You can edit them or choose another default.',
  defaultThemeUndeletable: 'This is the default theme. Choose another default before deleting it.',
  alreadyDefault: 'This theme is already the default.',
  hideReasonTooLong: `The reason must be at most ${ADMIN_HIDE_REASON_MAX_LENGTH} characters`,
  searchTooLong: `Search text must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`,
  hiddenByModerator: 'Hidden by a moderator',
} as const;

/** One day of the overview's charts. */
export interface AdminSeriesDay {
  date: string;
  signups: number;
  sessions: number;
  focus_minutes: number;
}

/** The UTC day (YYYY-MM-DD) `days` days before `now`'s (0: today). */
export function utcDayBefore(now: Date, days: number): string {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(start - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The overview's series: exactly `days` entries, oldest first, ending on `now`'s UTC day, each
 * day's counts taken from `rows` (grouped by the database) and zero where it has none.
 */
export function fillAdminSeries(
  rows: readonly Partial<AdminSeriesDay>[],
  now: Date,
  days: number = ADMIN_SERIES_DAYS,
): AdminSeriesDay[] {
  const byDate = new Map<string, AdminSeriesDay>();
  for (let i = days - 1; i >= 0; i -= 1) {
    const date = utcDayBefore(now, i);
    byDate.set(date, { date, signups: 0, sessions: 0, focus_minutes: 0 });
  }
  for (const row of rows) {
    const day = row.date ? byDate.get(row.date) : undefined;
    if (!day) continue;
    day.signups += Number(row.signups ?? 0);
    day.sessions += Number(row.sessions ?? 0);
    day.focus_minutes += Number(row.focus_minutes ?? 0);
  }
  return [...byDate.values()];
}

/** How many pages `total` rows make at `pageSize` a page (at least one, for an empty list). */
export function adminPageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
