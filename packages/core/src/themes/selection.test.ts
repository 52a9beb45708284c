import { describe, expect, it } from 'vitest';
import { canSyncThemePreference, pickCurrentTheme, themeBackgroundUrl } from './selection.js';
import { DEFAULT_THEME_ID, FALLBACK_THEME, STANDARD_THEMES } from './standard.js';

const t = (id: string, name: string, is_default = false) => ({ id, name, is_default });

describe('the current theme (product §4)', () => {
  it('takes the stored choice when it is in the list', () => {
    const list = [t('a', 'Abstract'), t('b', 'Rain'), t('c', 'Calm', true)];
    expect(pickCurrentTheme(list, 'b').id).toBe('b');
    expect(pickCurrentTheme([t('7', 'Old')], 7).id).toBe('7');
  });

  it('falls back to is_default, then Abstract, then the first, then Minimalist', () => {
    expect(pickCurrentTheme([t('a', 'Abstract'), t('c', 'Calm', true)], 'gone').id).toBe('c');
    expect(pickCurrentTheme([t('b', 'Rain'), t('a', 'Abstract')]).id).toBe('a');
    expect(pickCurrentTheme([t('b', 'Rain'), t('d', 'Dusk')], null).id).toBe('b');
    expect(pickCurrentTheme([], 'b')).toBe(FALLBACK_THEME);
  });

  it('picks Minimalist from the standard list when nothing is stored', () => {
    expect(pickCurrentTheme(STANDARD_THEMES).id).toBe(DEFAULT_THEME_ID);
    expect(FALLBACK_THEME).toMatchObject({ name: 'Minimalist', is_dark: false, is_default: true });
  });
});

describe('the background image', () => {
  it('prefers background_url over image_url and is null without either', () => {
    expect(themeBackgroundUrl({ background_url: '/b.webp', image_url: '/i.webp' })).toBe('/b.webp');
    expect(themeBackgroundUrl({ background_url: '  ', image_url: '/i.webp' })).toBe('/i.webp');
    expect(themeBackgroundUrl({ background_url: null, image_url: null })).toBeNull();
    expect(themeBackgroundUrl({})).toBeNull();
  });
});

describe('the preferred-theme sync rule (product §5)', () => {
  it('syncs only ids that are not made only of digits', () => {
    expect(canSyncThemePreference(DEFAULT_THEME_ID)).toBe(true);
    expect(canSyncThemePreference('custom-1')).toBe(true);
    expect(canSyncThemePreference('24')).toBe(false);
    expect(canSyncThemePreference(7)).toBe(false);
    expect(canSyncThemePreference('')).toBe(false);
    expect(canSyncThemePreference(null)).toBe(false);
  });
});
