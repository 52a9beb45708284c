import { describe, expect, it } from 'vitest';
import { WCAG_AA_TEXT_CONTRAST, contrastRatio } from '../color/contrast.js';
import { STANDARD_THEMES, THEME_FALLBACK_GRADIENT } from './standard.js';
import {
  THEME_GRADIENT_LIGHTER_STOP,
  THEME_OVERLAY_MAX_OPACITY,
  overlaidThemeBackground,
  themeOverlayOpacity,
} from './readable.js';
import { THEME_OVERLAY_OPACITY } from './refresh.js';

describe('a theme background under the overlay', () => {
  it('darkens the background colour by the 40% overlay', () => {
    const under = overlaidThemeBackground('#ffffff');
    expect(under.r).toBeCloseTo(153, 0);
    expect(under.g).toBeCloseTo(153, 0);
  });

  it('reads the gradient by its lighter stop', () => {
    expect(THEME_FALLBACK_GRADIENT).toContain(THEME_GRADIENT_LIGHTER_STOP);
  });
});

describe('the overlay over a background', () => {
  const lightText = ['#ebe8f3', '#aea7c4', '#c4b5fd'];

  it('stays at 40% where light text already reads', () => {
    expect(themeOverlayOpacity('#0d0a14', lightText)).toBe(THEME_OVERLAY_OPACITY);
  });

  it('darkens a light background just enough for every text colour to read at AA', () => {
    const opacity = themeOverlayOpacity('#f4f4f5', lightText);
    expect(opacity).toBeGreaterThan(THEME_OVERLAY_OPACITY);
    const under = overlaidThemeBackground('#f4f4f5', opacity);
    for (const color of lightText) {
      expect(contrastRatio(color, under)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
    }
    const lighter = overlaidThemeBackground('#f4f4f5', opacity - 0.05);
    expect(lightText.some((c) => contrastRatio(c, lighter) < WCAG_AA_TEXT_CONTRAST)).toBe(true);
  });

  it('never hides the picture entirely', () => {
    // A dark grey never reads on a darkened background: the overlay stops at its cap.
    expect(themeOverlayOpacity('#ffffff', ['#555555'])).toBe(THEME_OVERLAY_MAX_OPACITY);
  });

  it('lets the app’s light text read on every standard theme and on the gradient', () => {
    for (const base of [
      ...STANDARD_THEMES.map((t) => t.background_color),
      THEME_GRADIENT_LIGHTER_STOP,
    ]) {
      const under = overlaidThemeBackground(base, themeOverlayOpacity(base, lightText));
      for (const color of lightText) {
        expect(contrastRatio(color, under)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
      }
    }
  });
});
