import type { AdminAction } from '@focusroom/core';

/**
 * What the admin pages say beyond the API's own answers (ADMIN_MESSAGES, which the server sends
 * and the pages show as they come). Success toasts reuse ADMIN_ACTION_LABELS.
 */
export const ADMIN_WEB_MESSAGES = {
  loadFailed: 'This could not be loaded. Check your connection and try again.',
  actionFailed: 'That did not work. Please try again.',
  noUsersFound: 'No account matches that search.',
  noUsers: 'No accounts yet.',
  noReports: 'No reports are waiting. Reported public themes appear here.',
  noReportsAtAll: 'No theme has been reported yet.',
  noPublicThemes: 'No public themes match.',
  noAudit: 'No admin actions yet. Every action taken on this page will be listed here.',
  selfSignOut: 'To end your own sessions, sign out from your profile instead.',
  verifiedAlready: 'The email address is already verified.',
  /**
   * Under the reason for hiding a theme: who reads it. Its creator does, on their card on
   * /themes (decision 031), and so do admins (the gallery list and the audit log).
   */
  hideReasonAudience: 'Shown to the theme’s creator on their card, and to admins.',
} as const;

/** What each action reads as on the audit page. */
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  'user.verify': 'Marked email verified',
  'user.grant_admin': 'Granted admin role',
  'user.revoke_admin': 'Removed admin role',
  'user.disable': 'Disabled account',
  'user.enable': 'Enabled account',
  'user.sign_out': 'Ended all sessions',
  'user.delete': 'Deleted account',
  'report.dismiss': 'Dismissed report',
  'theme.hide': 'Hid theme',
  'theme.restore': 'Restored theme',
  'theme.delete': 'Deleted theme',
  'standard_theme.create': 'Created standard theme',
  'standard_theme.update': 'Edited standard theme',
  'standard_theme.set_default': 'Set default theme',
  'standard_theme.delete': 'Deleted standard theme',
};
