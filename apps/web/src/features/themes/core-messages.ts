import { msg } from '@lingui/core/macro';

/**
 * Core's theme messages that only the custom theme editor and dialogs say, before anything is
 * sent (an upload that cannot be read, the report's missing reason), in the reader's language;
 * the image checks they share with the admin's form are in lib/theme-image-messages.ts. Their
 * English is core's, word for word (core-messages.test.ts holds them to it); what the server
 * answers stays the server's.
 */

/** THEME_API_MESSAGES.imageUnreadable. */
export const IMAGE_UNREADABLE = msg`The uploaded image could not be read. It may be damaged.`;
/** THEME_API_MESSAGES.reasonRequired. */
export const REASON_REQUIRED = msg`Please say why you are reporting this theme`;
