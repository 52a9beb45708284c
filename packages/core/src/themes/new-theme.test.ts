import { describe, expect, it } from 'vitest';
import { THEME_COLOR_FIELDS, isThemeColor } from './colors.js';
import { NEW_THEME_COLORS } from './new-theme.js';

describe("a new theme's colours", () => {
  it('give each of the five colour fields a colour the server accepts', () => {
    expect(Object.keys(NEW_THEME_COLORS)).toEqual([...THEME_COLOR_FIELDS]);
    for (const color of Object.values(NEW_THEME_COLORS)) expect(isThemeColor(color)).toBe(true);
  });
});
