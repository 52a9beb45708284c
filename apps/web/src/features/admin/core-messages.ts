import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Core's admin and theme messages that the admin pages say themselves (why a button is off, an
 * upload the standard theme form refuses), in the reader's language; the image checks it shares
 * with the custom theme editor are in lib/theme-image-messages.ts. Their English is core's, word
 * for word (core-messages.test.ts holds them to it); what the server answers stays the server's.
 */

/** ADMIN_MESSAGES, the ones the pages show before asking the server. */
export const ADMIN_CORE_MESSAGES = {
  cannotRevokeOwnAdmin: msg`You cannot remove your own admin role.`,
  cannotDisableSelf: msg`You cannot disable your own account.`,
  cannotDeleteSelf: msg`You cannot delete your own account from the admin area.`,
  inAdminEmails: msg`This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server to revoke it.`,
  inAdminEmailsDisable: msg`This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server before disabling it.`,
  inAdminEmailsDelete: msg`This address is listed in ADMIN_EMAILS, so the account stays an admin. Remove it from ADMIN_EMAILS on the server before deleting it.`,
  seededThemeUndeletable: msg`The ten original standard themes cannot be deleted. You can edit them or choose another default.`,
  defaultThemeUndeletable: msg`This is the default theme. Choose another default before deleting it.`,
} satisfies Record<string, MessageDescriptor>;

/** THEME_API_MESSAGES.backgroundUpload. */
export const BACKGROUND_UPLOAD = msg`Upload the image as image_url; background_url takes an https:// address`;
