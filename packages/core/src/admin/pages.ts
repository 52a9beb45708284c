/**
 * What the admin pages say beyond the API's own answers (ADMIN_MESSAGES, which the server sends
 * and the pages show as they come), and how long their searches wait. Success toasts reuse
 * ADMIN_ACTION_LABELS.
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

/** An admin search asks the server this long (ms) after the last key, not on every key. */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;
