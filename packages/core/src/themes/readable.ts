import {
  WCAG_AA_TEXT_CONTRAST,
  composite,
  contrastRatio,
  parseColor,
  type Rgba,
} from '../color/contrast.js';
import { THEME_OVERLAY_OPACITY } from './refresh.js';
import { isThemeColor } from './colors.js';

/**
 * Text laid straight on a theme's background (page headings, leads, the footer) must read at
 * WCAG AA (product §1, §4). The app's text stays light on every theme; the dark overlay over the
 * theme's colour is 40%, raised over a light background until that text reads (decision 013).
 */

/**
 * The lighter stop of THEME_FALLBACK_GRADIENT (purple #6d28d9 to blue #2563eb): text that reads
 * on it under the overlay reads on the whole gradient.
 */
export const THEME_GRADIENT_LIGHTER_STOP = '#2563eb';

/** What the eye sees of a theme's background colour under an overlay of `opacity` (40% unless told). */
export function overlaidThemeBackground(
  backgroundColor: string,
  opacity: number = THEME_OVERLAY_OPACITY,
): Rgba {
  const base = isThemeColor(backgroundColor) ? parseColor(backgroundColor) : parseColor('#000');
  return composite({ r: 0, g: 0, b: 0, a: opacity }, base);
}

/** The darkest the overlay gets: the picture must still show through. */
export const THEME_OVERLAY_MAX_OPACITY = 0.85;

/**
 * The dark overlay's opacity over a background: product §4's 40%, raised in steps of 5% over a
 * light background just until every one of `foregrounds` (the app's own text colours, which
 * stay light on every theme) reads at WCAG AA on it (docs/decisions/013). Capped at
 * THEME_OVERLAY_MAX_OPACITY.
 */
export function themeOverlayOpacity(
  backgroundColor: string,
  foregrounds: readonly string[],
): number {
  const reads = (opacity: number) => {
    const under = overlaidThemeBackground(backgroundColor, opacity);
    return foregrounds.every((color) => contrastRatio(color, under) >= WCAG_AA_TEXT_CONTRAST);
  };
  for (let step = 0; ; step++) {
    const opacity = Math.round((THEME_OVERLAY_OPACITY + step * 0.05) * 100) / 100;
    if (opacity >= THEME_OVERLAY_MAX_OPACITY || reads(opacity)) {
      return Math.min(opacity, THEME_OVERLAY_MAX_OPACITY);
    }
  }
}
