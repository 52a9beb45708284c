import { describe, expect, it } from 'vitest';
import { WCAG_AA_TEXT_CONTRAST, contrastRatio } from '../color/contrast.js';
import { STANDARD_THEMES, THEME_FALLBACK_GRADIENT } from './standard.js';
import {
  THEME_GRADIENT_LIGHTER_STOP,
  THEME_DARK_TEXT,
  THEME_LIGHT_TEXT,
  THEME_OVERLAY_MAX_OPACITY,
  overlaidThemeBackground,
  readableThemeText,
  themeOverlayOpacity,
} from './readable.js';
import { THEME_OVERLAY_OPACITY } from './refresh.js';

describe('text straight on a theme background', () => {
  it('reads the gradient by its lighter stop, the darker one reading better still', () => {
    expect(THEME_FALLBACK_GRADIENT).toContain(THEME_GRADIENT_LIGHTER_STOP);
    const text = readableThemeText({ background_color: THEME_GRADIENT_LIGHTER_STOP }).text;
    const under = overlaidThemeBackground('#6d28d9');
    expect(contrastRatio(text, under)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
  });

  it('darkens the background colour by the 40% overlay', () => {
    const under = overlaidThemeBackground('#ffffff');
    expect(under.r).toBeCloseTo(153, 0);
    expect(under.g).toBeCloseTo(153, 0);
  });

  it('keeps the theme text colour when it reads at AA under the overlay', () => {
    expect(readableThemeText({ background_color: '#0d0a14', text_color: '#f5f3ff' }).text).toBe(
      '#f5f3ff',
    );
  });

  it('replaces a text colour that would not read with the better neutral', () => {
    // Light text on a white background: under the overlay the page is mid grey.
    expect(readableThemeText({ background_color: '#ffffff', text_color: '#eeeeee' }).text).toBe(
      THEME_DARK_TEXT,
    );
    expect(readableThemeText({ background_color: '#000000', text_color: '#111111' }).text).toBe(
      THEME_LIGHT_TEXT,
    );
  });

  it('falls back to a readable colour when the theme colours are missing or malformed', () => {
    const colors = readableThemeText({ background_color: 'red', text_color: null });
    expect(colors.text).toBe(THEME_LIGHT_TEXT);
  });

  it('gives every standard theme, and every colour pair of a grid, text and dimmed text at AA', () => {
    const backgrounds = [
      ...STANDARD_THEMES.map((t) => t.background_color),
      '#ffffff',
      '#808080',
      '#ffff00',
      '#00ffff',
      '#7f7f7f',
      '#000000',
    ];
    for (const background of backgrounds) {
      for (const text of ['#ffffff', '#000000', '#777777', '#ff0000', null]) {
        const colors = readableThemeText({ background_color: background, text_color: text });
        const under = overlaidThemeBackground(background);
        expect(contrastRatio(colors.text, under)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
        expect(contrastRatio(colors.dimmed, under)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
      }
    }
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
