import { describe, expect, it } from 'vitest';
import { STANDARD_THEMES, THEME_FALLBACK_GRADIENT } from './standard.js';
import {
  THEME_GRADIENT_LIGHTER_STOP,
  THEME_SURFACE_OPACITY,
  overlaidThemeBackground,
  readsOnThemeSurface,
  themeOverlayOpacity,
} from './readable.js';
import { THEME_OVERLAY_OPACITY } from './refresh.js';
import { relativeLuminance } from '../color/contrast.js';

/** The app's text, dimmed text and link colours (app/theme.ts), and its lighter purple. */
const APP_TEXT = ['#ebe8f3', '#aea7c4', '#c4b5fd', '#a78bfa'];

describe('the overlay over a theme background', () => {
  it('darkens a dark background by product §4’s 40%', () => {
    expect(themeOverlayOpacity('#0d0a14')).toBe(THEME_OVERLAY_OPACITY);
    expect(themeOverlayOpacity('#111827')).toBe(THEME_OVERLAY_OPACITY);
    const under = overlaidThemeBackground('#0d0a14');
    expect(under.r).toBeCloseTo(13 * 0.6, 5);
  });

  it('leaves a light background light: Minimalist and Classic Light are not darkened', () => {
    for (const name of ['Minimalist', 'Classic Light']) {
      const theme = STANDARD_THEMES.find((t) => t.name === name)!;
      expect(themeOverlayOpacity(theme.background_color)).toBe(0);
      expect(relativeLuminance(overlaidThemeBackground(theme.background_color))).toBeGreaterThan(
        0.8,
      );
    }
  });

  it('counts the gradient by its lighter stop, which takes the 40% overlay', () => {
    expect(THEME_FALLBACK_GRADIENT).toContain(THEME_GRADIENT_LIGHTER_STOP);
    expect(themeOverlayOpacity(THEME_GRADIENT_LIGHTER_STOP)).toBe(THEME_OVERLAY_OPACITY);
  });

  it('reads a colour it cannot parse as black', () => {
    expect(themeOverlayOpacity('url(x)')).toBe(THEME_OVERLAY_OPACITY);
  });
});

describe('the app’s surfaces over a picture', () => {
  it('let every text colour of the app read at AA over any picture, white to black', () => {
    for (const color of APP_TEXT) expect(readsOnThemeSurface(color)).toBe(true);
  });

  it('are hardly more opaque than they must be (three hundredths less and one fails)', () => {
    expect(
      APP_TEXT.every((color) => readsOnThemeSurface(color, THEME_SURFACE_OPACITY - 0.03)),
    ).toBe(false);
  });
});
