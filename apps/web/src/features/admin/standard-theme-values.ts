import {
  NEW_THEME_COLORS,
  THEME_COLOR_FIELDS,
  themeBackgroundUrl,
  type ThemeColorField,
} from '@focusroom/core';
import type { StandardThemeBody, Theme } from '@focusroom/core/schemas';

/** The standard theme form's values: every field a string or a flag, the picture '' for none. */
export type StandardThemeValues = Record<ThemeColorField, string> & {
  name: string;
  description: string;
  is_dark: boolean;
  image_url: string;
};

const NEW_THEME: StandardThemeValues = {
  name: '',
  description: '',
  ...NEW_THEME_COLORS,
  is_dark: true,
  image_url: '',
};

/** A theme's values in the form (its picture is whichever address it shows), or a new one's. */
export function standardThemeFormValues(theme: Theme | null): StandardThemeValues {
  if (!theme) return NEW_THEME;
  const colors = Object.fromEntries(
    THEME_COLOR_FIELDS.map((field) => [field, theme[field]]),
  ) as Record<ThemeColorField, string>;
  return {
    ...colors,
    name: theme.name,
    description: theme.description,
    is_dark: theme.is_dark,
    image_url: themeBackgroundUrl(theme) ?? '',
  };
}

/**
 * What to send: for a new theme every field; for an edit only the fields that changed (a
 * seeded theme's picture, an address the form may not set itself, is then never sent back).
 * A new picture replaces both addresses, as the custom theme editor does.
 */
export function standardThemeChanges(
  before: StandardThemeValues | null,
  values: StandardThemeValues,
): Partial<StandardThemeBody> {
  const after = {
    ...values,
    name: values.name.trim(),
    description: values.description.trim(),
    image_url: values.image_url.trim(),
  };
  const body: Partial<StandardThemeBody> = {};
  if (!before || after.name !== before.name) body.name = after.name;
  if (!before || after.description !== before.description) body.description = after.description;
  for (const field of THEME_COLOR_FIELDS) {
    if (!before || after[field] !== before[field]) body[field] = after[field];
  }
  if (!before || after.is_dark !== before.is_dark) body.is_dark = after.is_dark;
  if (!before || after.image_url !== before.image_url) {
    body.image_url = after.image_url || null;
    body.background_url = null;
  }
  return body;
}
