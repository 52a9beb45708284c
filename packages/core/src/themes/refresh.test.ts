import { describe, expect, it } from 'vitest';
import { THEME_REFRESH_MIN_GAP_MS, isThemeRefreshDue, isThemesPath } from './refresh.js';

const NOW = Date.UTC(2031, 2, 3, 9, 0);
const base = {
  now: NOW,
  lastFetchAt: NOW - THEME_REFRESH_MIN_GAP_MS,
  signedIn: true,
  loginJustHappened: false,
  pathname: '/dashboard',
};

describe('the theme refresh check (product §4, §9)', () => {
  it('refetches when signed in and 60 s have passed, not a millisecond earlier', () => {
    expect(isThemeRefreshDue(base)).toBe(true);
    expect(isThemeRefreshDue({ ...base, lastFetchAt: NOW - 59_999 })).toBe(false);
    expect(isThemeRefreshDue({ ...base, lastFetchAt: null })).toBe(true);
  });

  it('does not refetch for visitors unless a login just happened', () => {
    expect(isThemeRefreshDue({ ...base, signedIn: false })).toBe(false);
    expect(isThemeRefreshDue({ ...base, signedIn: false, loginJustHappened: true })).toBe(true);
    expect(isThemeRefreshDue({ ...base, lastFetchAt: NOW - 1, loginJustHappened: true })).toBe(
      true,
    );
  });

  it('pauses on any path containing /themes', () => {
    expect(isThemesPath('/themes')).toBe(true);
    expect(isThemesPath('/x/themes/y')).toBe(true);
    expect(isThemesPath('/dashboard')).toBe(false);
    expect(isThemeRefreshDue({ ...base, pathname: '/themes' })).toBe(false);
    expect(isThemeRefreshDue({ ...base, pathname: '/themes', loginJustHappened: true })).toBe(
      false,
    );
  });
});
