import { contrastRatio, type Rgba } from '../color/contrast.js';
import { THEME_COLOR_FIELDS, type ThemeColorField } from './colors.js';

/**
 * The colours a custom theme is created with when its payload leaves some out (decision 058):
 * the React client the product was drawn from sends a name, a description, an image and
 * is_public, and no colour. Each colour sent is kept; a missing background comes from the
 * picture when the server can read it (an upload), and the text colour and is_dark follow the
 * background so they always agree; the rest are the default theme's.
 */

/** The two text colours a derived theme chooses between: near-black and near-white. */
export const DERIVED_TEXT_ON_LIGHT = '#18181b';
export const DERIVED_TEXT_ON_DARK = '#f8fafc';

/** An sRGB colour, channels 0-255 (fractions are rounded). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#rrggbb` for a colour, each channel rounded and kept within 0-255. */
export function toHexColor({ r, g, b }: Rgb): string {
  const hex = (c: number) =>
    Math.min(255, Math.max(0, Math.round(c)))
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/**
 * The text colour that reads best on a background: near-black or near-white, whichever has the
 * higher contrast with it (WCAG 2.2).
 */
export function readableTextColor(background: string | Rgba): string {
  return contrastRatio(DERIVED_TEXT_ON_LIGHT, background) >=
    contrastRatio(DERIVED_TEXT_ON_DARK, background)
    ? DERIVED_TEXT_ON_LIGHT
    : DERIVED_TEXT_ON_DARK;
}

/**
 * Whether a background is dark: light text reads better on it than dark text. The theme
 * background (decision 056) and derived themes' is_dark use this one rule.
 */
export function isDarkBackground(background: string | Rgba): boolean {
  return readableTextColor(background) === DERIVED_TEXT_ON_DARK;
}

/** What the server read of a picture: its most dominant colour and its average colour. */
export interface PictureColours {
  dominant: Rgb;
  mean: Rgb;
}

export type ThemeColours = Record<ThemeColorField, string> & { is_dark: boolean };

/**
 * A theme's five colours and is_dark from what the payload sent, the picture's colours (null
 * when there is none the server can read, such as an https address it never fetches) and the
 * default theme:
 * - every colour sent is kept, and is_dark when sent;
 * - a missing background is the picture's dominant colour, else the default theme's;
 * - a missing text colour is the one that reads on the background, and a missing is_dark says
 *   whether the background is dark, so the two agree with the background whatever it is;
 * - a missing secondary colour is the picture's average colour, else the default theme's;
 * - a missing primary or accent colour is the default theme's.
 */
export function themeColoursFor(
  sent: Partial<Record<ThemeColorField, string>> & { is_dark?: boolean },
  picture: PictureColours | null,
  defaults: Record<ThemeColorField, string>,
): ThemeColours {
  const background =
    sent.background_color ?? (picture ? toHexColor(picture.dominant) : defaults.background_color);
  const derived: Record<ThemeColorField, string> = {
    background_color: background,
    text_color: readableTextColor(background),
    primary_color: defaults.primary_color,
    secondary_color: picture ? toHexColor(picture.mean) : defaults.secondary_color,
    accent_color: defaults.accent_color,
  };
  const colours = Object.fromEntries(
    THEME_COLOR_FIELDS.map((field) => [field, sent[field] ?? derived[field]]),
  ) as Record<ThemeColorField, string>;
  return { ...colours, is_dark: sent.is_dark ?? isDarkBackground(background) };
}

/** Whether a payload left out any of the five colours (the picture is read only then). */
export function missesThemeColours(sent: Partial<Record<ThemeColorField, string>>): boolean {
  return THEME_COLOR_FIELDS.some((field) => sent[field] === undefined);
}
