/** A theme colour: `#rgb` or `#rrggbb`, hexadecimal digits in either case (product §5). */
export const THEME_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** The five colours of a theme, by field name (product §3). */
export const THEME_COLOR_FIELDS = [
  'background_color',
  'text_color',
  'primary_color',
  'secondary_color',
  'accent_color',
] as const;
export type ThemeColorField = (typeof THEME_COLOR_FIELDS)[number];

export function isThemeColor(value: unknown): value is string {
  return typeof value === 'string' && THEME_COLOR_PATTERN.test(value);
}
