import { describe, expect, it } from 'vitest';
import { ID_PATTERN } from '../constants.js';
import { isThemeColor } from './colors.js';
import { DEFAULT_THEME_ID, STANDARD_THEME_IDS, STANDARD_THEMES } from './standard.js';

describe('the ten standard themes (product §3)', () => {
  it('carry the fixed ids and names, Minimalist the only default', () => {
    expect(STANDARD_THEMES.map((t) => [t.name, t.id])).toEqual([
      ['Abstract', 'd8a7c463-e2a0-4b15-9c1b-cb1d4e59d933'],
      ['Cityscape', 'fd8b7d61-fec0-48e6-a2da-52a1b5c9887c'],
      ['Classic Light', '550e8400-e29b-41d4-a716-446655440000'],
      ['Forest', 'a3e0f1d8-5c22-4b23-9c5a-b1d1c1a9b7a2'],
      ['Minimalist', 'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0'],
      ['Sunset Orange', 'b5f87e7c-f98a-4a5e-8f8a-7e5b8be2b35d'],
      ['Ocean Blue', 'f48a7dc2-3b8a-49e7-b8c8-6a32d1e0c1b9'],
      ['Mountain Peaks', 'c9d5a8f1-2b7c-4e9c-b1a3-9e5c8d7f6a2e'],
      ['Northern Lights', 'd7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f'],
      ['Dark Elegance', 'e2d3c4b5-a6b7-c8d9-e0f1-a2b3c4d5e6f7'],
    ]);
    expect(STANDARD_THEMES.filter((t) => t.is_default).map((t) => t.id)).toEqual([
      DEFAULT_THEME_ID,
    ]);
    expect(STANDARD_THEME_IDS.every((id) => ID_PATTERN.test(id))).toBe(true);
  });

  it('are standard, light except Northern Lights and Dark Elegance, with art from our origin', () => {
    for (const theme of STANDARD_THEMES) {
      expect(theme.is_standard).toBe(true);
      expect(theme.user_id).toBeNull();
      expect(theme.is_dark).toBe(['Northern Lights', 'Dark Elegance'].includes(theme.name));
      expect(theme.background_url).toMatch(/^\/themes\/art\/[a-z-]+\.[0-9a-f]{10}\.svg$/);
      for (const field of [
        theme.background_color,
        theme.text_color,
        theme.primary_color,
        theme.secondary_color,
        theme.accent_color,
      ]) {
        expect(isThemeColor(field)).toBe(true);
      }
    }
  });
});
