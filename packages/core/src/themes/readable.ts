import {
  WCAG_AA_TEXT_CONTRAST,
  composite,
  contrastRatio,
  parseColor,
  type Rgba,
} from '../color/contrast.js';
import { THEME_OVERLAY_OPACITY } from './refresh.js';
import { isThemeColor } from './colors.js';
import { isDarkBackground } from './derive.js';

/**
 * How a theme's picture is shown and how the app's text stays readable over it (decision 056,
 * which supersedes 013). Product §4's dark overlay at 40% darkens a dark picture (and the
 * gradient) as a whole; a light picture (Minimalist, Classic Light) is shown as it is, light, and
 * the overlay is where the text is: every text sits on one of the app's own dark surfaces (the
 * cards, or a scrim behind text laid on the page), opaque enough that the app's text reads at
 * AA over any picture, even a white one or a busy one (Cityscape's lit windows).
 */

/**
 * The lighter stop of THEME_FALLBACK_GRADIENT (purple #6d28d9 to blue #2563eb): what the
 * gradient counts as for the overlay and the page colour.
 */
export const THEME_GRADIENT_LIGHTER_STOP = '#2563eb';

/**
 * The dark overlay over a background: product §4's 40% over a dark background (light text reads
 * better on it than dark text), none over a light one, which must look light (decision 056).
 */
export function themeOverlayOpacity(backgroundColor: string): number {
  const base = isThemeColor(backgroundColor) ? backgroundColor : '#000';
  return isDarkBackground(base) ? THEME_OVERLAY_OPACITY : 0;
}

/**
 * What the eye sees of a theme's background colour under its overlay (themeOverlayOpacity
 * unless told): the page colour under the layers, which accessibility checkers read too.
 */
export function overlaidThemeBackground(
  backgroundColor: string,
  opacity: number = themeOverlayOpacity(backgroundColor),
): Rgba {
  const base = isThemeColor(backgroundColor) ? parseColor(backgroundColor) : parseColor('#000');
  return composite({ r: 0, g: 0, b: 0, a: opacity }, base);
}

/** The colour of the app's surfaces over a theme: the cards and the scrims behind text. */
export const THEME_SURFACE_COLOR = '#1a1528';

/**
 * The opacity of those surfaces (app.css `--fr-surface`): a little above the least (0.88) at
 * which the app's text colours read at AA over a white picture, the worst a picture can be
 * behind them. Still translucent, so the picture shows through a little.
 */
export const THEME_SURFACE_OPACITY = 0.9;

/** Whether `foreground` reads at AA on the app's surface over every picture, white to black. */
export function readsOnThemeSurface(
  foreground: string,
  opacity: number = THEME_SURFACE_OPACITY,
): boolean {
  const surface = { ...parseColor(THEME_SURFACE_COLOR), a: opacity };
  return ['#ffffff', '#000000'].every(
    (picture) =>
      contrastRatio(foreground, composite(surface, parseColor(picture))) >= WCAG_AA_TEXT_CONTRAST,
  );
}
