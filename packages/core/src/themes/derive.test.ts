import { describe, expect, it } from 'vitest';
import { WCAG_AA_TEXT_CONTRAST, contrastRatio } from '../color/contrast.js';
import { FALLBACK_THEME } from './standard.js';
import {
  DERIVED_TEXT_ON_DARK,
  DERIVED_TEXT_ON_LIGHT,
  isDarkBackground,
  missesThemeColours,
  readableTextColor,
  themeColoursFor,
  toHexColor,
} from './derive.js';

const defaults = FALLBACK_THEME;
const picture = { dominant: { r: 16, g: 32, b: 48 }, mean: { r: 96.4, g: 80, b: 250.6 } };

describe('colours derived for a theme created without them', () => {
  it('writes a colour as #rrggbb, rounding and clamping its channels', () => {
    expect(toHexColor({ r: 0, g: 127.6, b: 255 })).toBe('#0080ff');
    expect(toHexColor({ r: -3, g: 300, b: 9 })).toBe('#00ff09');
  });

  it('picks the text colour that reads better, and calls the background dark by the same rule', () => {
    expect(readableTextColor('#ffffff')).toBe(DERIVED_TEXT_ON_LIGHT);
    expect(readableTextColor('#000000')).toBe(DERIVED_TEXT_ON_DARK);
    expect(isDarkBackground('#f4f4f5')).toBe(false);
    expect(isDarkBackground('#111827')).toBe(true);
    // Mid tones: whichever of the two reads better.
    for (const background of ['#777777', '#808080', '#2563eb', '#f97316', '#22c55e']) {
      const text = readableTextColor(background);
      const other = text === DERIVED_TEXT_ON_LIGHT ? DERIVED_TEXT_ON_DARK : DERIVED_TEXT_ON_LIGHT;
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(
        contrastRatio(other, background),
      );
      expect(isDarkBackground(background)).toBe(text === DERIVED_TEXT_ON_DARK);
    }
  });

  it('takes the background from the picture and makes the text and is_dark agree with it', () => {
    const colours = themeColoursFor({}, picture, defaults);
    expect(colours).toEqual({
      background_color: '#102030',
      text_color: DERIVED_TEXT_ON_DARK,
      primary_color: defaults.primary_color,
      secondary_color: '#6050fb',
      accent_color: defaults.accent_color,
      is_dark: true,
    });
    expect(contrastRatio(colours.text_color, colours.background_color)).toBeGreaterThanOrEqual(
      WCAG_AA_TEXT_CONTRAST,
    );
    const light = themeColoursFor(
      {},
      { ...picture, dominant: { r: 240, g: 236, b: 220 } },
      defaults,
    );
    expect(light).toMatchObject({ text_color: DERIVED_TEXT_ON_LIGHT, is_dark: false });
  });

  it('uses the default theme’s colours when there is no picture it can read', () => {
    expect(themeColoursFor({}, null, defaults)).toEqual({
      background_color: defaults.background_color,
      text_color: readableTextColor(defaults.background_color),
      primary_color: defaults.primary_color,
      secondary_color: defaults.secondary_color,
      accent_color: defaults.accent_color,
      is_dark: isDarkBackground(defaults.background_color),
    });
  });

  it('keeps every colour sent and is_dark when sent, deriving only what is missing', () => {
    const sent = {
      background_color: '#fafafa',
      text_color: '#123456',
      primary_color: '#7c3aed',
      secondary_color: '#a78bfa',
      accent_color: '#f97316',
      is_dark: true,
    };
    expect(themeColoursFor(sent, picture, defaults)).toEqual(sent);
    // A background sent, the rest missing: the text and is_dark follow the background sent.
    expect(themeColoursFor({ background_color: '#fafafa' }, picture, defaults)).toMatchObject({
      background_color: '#fafafa',
      text_color: DERIVED_TEXT_ON_LIGHT,
      is_dark: false,
    });
  });

  it('says when a payload lacks a colour', () => {
    expect(missesThemeColours({})).toBe(true);
    expect(
      missesThemeColours({
        background_color: '#000',
        text_color: '#fff',
        primary_color: '#111',
        secondary_color: '#222',
      }),
    ).toBe(true);
    expect(
      missesThemeColours({
        background_color: '#000',
        text_color: '#fff',
        primary_color: '#111',
        secondary_color: '#222',
        accent_color: '#333',
      }),
    ).toBe(false);
  });
});
