import { msg } from '@lingui/core/macro';

/** What the themes page says after creating, saving, deleting or reporting a theme (product §8). */
export const THEME_MESSAGES = {
  created: msg`Custom theme created!`,
  createFailed: msg`Failed to create custom theme`,
  deleted: msg`Custom theme deleted`,
  deleteFailed: msg`Failed to delete custom theme`,
  /** Saving changes to a custom theme (the editor's own words; not in the original list). */
  updated: msg`Custom theme saved`,
  updateFailed: msg`Failed to save custom theme`,
  /** Reporting a public theme when the server gave no message. */
  reportFailed: msg`Failed to report the theme`,
};
