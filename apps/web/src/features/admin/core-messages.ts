import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  THEME_IMAGE_UPLOAD_MAX_BYTES,
  THEME_IMAGE_URL_MAX_LENGTH,
  type ThemeImageProblem,
} from '@focusroom/core';

/**
 * Core's admin and theme messages that the admin pages say themselves (why a button is off,
 * the standard theme form's image checks), in the reader's language. Their English is core's,
 * word for word (core-messages.test.ts holds them to it); what the server answers stays the
 * server's.
 */

const maxLength = THEME_IMAGE_URL_MAX_LENGTH;
const maxMegabytes = THEME_IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

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

/** THEME_IMAGE_PROBLEM_MESSAGES, by problem. */
export const IMAGE_PROBLEMS: Record<ThemeImageProblem, MessageDescriptor> = {
  'not-allowed': msg`The image must be an https:// address or an uploaded image (data:image/...)`,
  'url-too-long': msg`Image addresses must be at most ${maxLength} characters`,
  'data-not-base64': msg`An uploaded image must be sent as data:image/...;base64,...`,
  'data-not-image': msg`The upload is not an image we accept. Use a JPEG, PNG, WebP, GIF or AVIF image.`,
  'upload-too-large': msg`Uploaded images must be at most ${maxMegabytes} MB`,
};
