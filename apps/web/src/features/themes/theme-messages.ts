/** What the themes page says after creating, saving, deleting or reporting a theme (product §8). */
export const THEME_MESSAGES = {
  created: 'Custom theme created!',
  createFailed: 'Failed to create custom theme',
  deleted: 'Custom theme deleted',
  deleteFailed: 'Failed to delete custom theme',
  /** Saving changes to a custom theme (the editor's own words; not in the original list). */
  updated: 'Custom theme saved',
  updateFailed: 'Failed to save custom theme',
  /** Reporting a public theme when the server gave no message. */
  reportFailed: 'Failed to report the theme',
} as const;
