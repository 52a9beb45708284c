import type { AdminAction } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What the admin pages say beyond the API's own answers (ADMIN_MESSAGES, which the server sends
 * and the pages show as they come), as messages in the reader's language (decision 076). Success
 * toasts reuse ADMIN_ACTION_LABELS.
 */
export const ADMIN_WEB_MESSAGES = {
  loadFailed: msg`This could not be loaded. Check your connection and try again.`,
  actionFailed: msg`That did not work. Please try again.`,
  noUsersFound: msg`No account matches that search.`,
  noUsers: msg`No accounts yet.`,
  noReports: msg`No reports are waiting. Reported public themes appear here.`,
  noReportsAtAll: msg`No theme has been reported yet.`,
  noPublicThemes: msg`No public themes match.`,
  noAudit: msg`No admin actions yet. Every action taken on this page will be listed here.`,
  selfSignOut: msg`To end your own sessions, sign out from your profile instead.`,
  verifiedAlready: msg`The email address is already verified.`,
  /**
   * Under the reason for hiding a theme: who reads it. Its creator does, on their card on
   * /themes (decision 031), and so do admins (the gallery list and the audit log).
   */
  hideReasonAudience: msg`Shown to the theme’s creator on their card, and to admins.`,
};

/** What each action reads as on the audit page. */
export const ADMIN_ACTION_LABELS: Record<AdminAction, MessageDescriptor> = {
  'user.verify': msg`Marked email verified`,
  'user.grant_admin': msg`Granted admin role`,
  'user.revoke_admin': msg`Removed admin role`,
  'user.disable': msg`Disabled account`,
  'user.enable': msg`Enabled account`,
  'user.sign_out': msg`Ended all sessions`,
  'user.delete': msg`Deleted account`,
  'report.dismiss': msg`Dismissed report`,
  'theme.hide': msg`Hid theme`,
  'theme.restore': msg`Restored theme`,
  'theme.delete': msg`Deleted theme`,
  'standard_theme.create': msg`Created standard theme`,
  'standard_theme.update': msg`Edited standard theme`,
  'standard_theme.set_default': msg`Set default theme`,
  'standard_theme.delete': msg`Deleted standard theme`,
};
