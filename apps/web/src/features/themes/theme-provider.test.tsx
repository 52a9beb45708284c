import { DEFAULT_THEME_ID, FALLBACK_THEME, STANDARD_THEMES, STORAGE_KEYS } from '@focusroom/core';
import { THEME_MESSAGES } from './theme-messages';
import type { Theme, ThemeLists } from '@focusroom/core/schemas';
import { i18n } from '@lingui/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, stubAuth } from '../../../test/render';
import { LOGIN_SUCCESS_EVENT } from '../auth/session-events';
import { notify } from '../../lib/notify';
import { currentBackgroundState, resetThemeBackground } from './theme-background';
import { useThemes, type ThemesContextValue } from './theme-context';
import { ThemeProvider } from './theme-provider';
import { themesApi, type HeldLists } from './themes-api';

vi.mock('./themes-api', () => ({
  themesApi: {
    listStandard: vi.fn(),
    lists: vi.fn(),
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
    getPreference: vi.fn(),
    savePreference: vi.fn(),
    report: vi.fn(),
  },
}));
vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const api = vi.mocked(themesApi);
const USER_ID = '0195f0a4-0000-7000-8000-00000000000c';
const TOKEN = `e30.${btoa(JSON.stringify({ id: USER_ID })).replace(/=+$/, '')}.sig`;
const STANDARD: Theme[] = STANDARD_THEMES.map((theme) => ({ ...theme }));
const NORTHERN_LIGHTS = STANDARD.find((theme) => theme.name === 'Northern Lights')!;

function custom(overrides: Partial<Theme>): Theme {
  return {
    ...STANDARD[0]!,
    id: '0195f0a4-0000-7000-8000-0000000000aa',
    name: 'Mine',
    is_standard: false,
    is_default: false,
    user_id: USER_ID,
    image_url: null,
    background_url: null,
    ...overrides,
  };
}

let facility: ThemesContextValue | null = null;
function Probe() {
  facility = useThemes();
  return <p>{facility.currentTheme.name}</p>;
}

/** The provider under test at `route`, for a visitor or for the signed-in test user. */
function providerTree({ signedIn = false, route = '/' } = {}) {
  const auth = signedIn
    ? stubAuth({ status: 'authenticated', token: TOKEN, user: null })
    : stubAuth();
  return (
    <TestProviders route={route} auth={auth}>
      <ThemeProvider>
        <Probe />
      </ThemeProvider>
    </TestProviders>
  );
}

function renderProvider(options: { signedIn?: boolean; route?: string } = {}) {
  return render(providerTree(options));
}

/** Lets the provider's fetches and state updates settle under fake timers. */
async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The signed-in theme check answers these lists (a fresh 200 each time). */
function answerLists(lists: Partial<ThemeLists> = {}) {
  api.lists.mockImplementation(() =>
    Promise.resolve({
      etag: 'W/"lists"',
      lists: { standard: STANDARD, custom: [], public: [], ...lists },
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  api.listStandard.mockResolvedValue(STANDARD);
  answerLists();
  api.getPreference.mockResolvedValue(FALLBACK_THEME as Theme);
  api.savePreference.mockResolvedValue(FALLBACK_THEME as Theme);
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  localStorage.clear();
  resetThemeBackground();
  facility = null;
});

describe('the theme facility', () => {
  it('throws when used outside its provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useThemes must be used within a ThemeProvider');
    quiet.mockRestore();
  });
});

describe('choosing the current theme', () => {
  it('restores the stored theme, applied before the lists arrive', async () => {
    localStorage.setItem(STORAGE_KEYS.theme, NORTHERN_LIGHTS.id);
    localStorage.setItem(STORAGE_KEYS.selectedTheme, JSON.stringify(NORTHERN_LIGHTS));
    renderProvider();
    expect(screen.getByText('Northern Lights')).toBeInTheDocument();
    await settle();
    expect(facility?.currentTheme.id).toBe(NORTHERN_LIGHTS.id);
  });

  it('takes the theme flagged is_default when nothing is stored', async () => {
    renderProvider();
    await settle();
    expect(facility?.currentTheme.id).toBe(DEFAULT_THEME_ID);
  });

  it('takes Abstract, then the first, when no theme is flagged default', async () => {
    const noDefault = STANDARD.map((theme) => ({ ...theme, is_default: false }));
    api.listStandard.mockResolvedValue(noDefault);
    renderProvider();
    await settle();
    expect(facility?.currentTheme.name).toBe('Abstract');
  });

  it('falls back to the fallback theme and the built-in list when the list fails', async () => {
    api.listStandard.mockRejectedValue(new Error('offline'));
    renderProvider();
    await settle();
    expect(facility?.currentTheme.id).toBe(FALLBACK_THEME.id);
    expect(facility?.themes).toHaveLength(10);
  });

  it('gives the built-in, and empty custom and public lists, when the signed-in check fails', async () => {
    api.lists.mockRejectedValue(new Error('boom'));
    renderProvider({ signedIn: true });
    await settle();
    expect(facility?.customThemes).toEqual([]);
    expect(facility?.publicThemes).toEqual([]);
    expect(facility?.themes).toHaveLength(10);
    expect(facility?.currentTheme.id).toBe(FALLBACK_THEME.id);
    expect(api.listStandard).not.toHaveBeenCalled();
  });

  it('filters the gallery, keeping the user’s own retired-name theme and the newest of a name', async () => {
    answerLists({
      public: [
        custom({ id: 'a1', name: 'Ocean Blue', user_id: 'someone-else', is_public: true }),
        custom({ id: 'a2', name: 'Ocean Blue', user_id: USER_ID, is_public: true }),
        custom({ id: 'a3', name: 'Calm', user_id: 'x', created_at: '2025-01-01T00:00:00Z' }),
        custom({ id: 'a4', name: 'Calm', user_id: 'y', created_at: '2025-02-01T00:00:00Z' }),
      ],
    });
    renderProvider({ signedIn: true });
    await settle();
    expect(facility?.publicThemes.map((theme) => theme.id)).toEqual(['a2', 'a4']);
  });
});

describe('refreshing the lists (product §4)', () => {
  it('never refetches for a visitor on the 5 s check', async () => {
    renderProvider();
    await settle();
    expect(api.listStandard).toHaveBeenCalledTimes(1);
    await settle(180_000);
    expect(api.listStandard).toHaveBeenCalledTimes(1);
  });

  it('refetches for a signed-in user on the first check 60 s after the last fetch', async () => {
    renderProvider({ signedIn: true });
    await settle();
    expect(api.lists).toHaveBeenCalledTimes(1);
    await settle(55_000);
    expect(api.lists).toHaveBeenCalledTimes(1);
    await settle(5_000);
    expect(api.lists).toHaveBeenCalledTimes(2);
    expect(api.listStandard).not.toHaveBeenCalled();
  });

  it('revalidates with what it holds, and keeps it while the server says it is current', async () => {
    const mine = custom({ id: 'm1', name: 'Desk' });
    const held = { etag: 'W/"held"', lists: { standard: STANDARD, custom: [mine], public: [] } };
    api.lists.mockResolvedValueOnce(held);
    renderProvider({ signedIn: true });
    await settle();
    expect(api.lists).toHaveBeenLastCalledWith(undefined);
    expect(facility?.customThemes.map((theme) => theme.id)).toEqual(['m1']);
    // A 304: the call answers what it was given.
    api.lists.mockImplementation((prior) => Promise.resolve(prior!));
    await settle(60_000);
    expect(api.lists).toHaveBeenCalledTimes(2);
    expect(api.lists).toHaveBeenLastCalledWith(held);
    expect(facility?.customThemes.map((theme) => theme.id)).toEqual(['m1']);
  });

  it('forgets the lists it held on sign-out: signing in again fetches them whole', async () => {
    const view = render(providerTree({ signedIn: true }));
    await settle();
    expect(api.lists).toHaveBeenCalledTimes(1);
    view.rerender(providerTree());
    await settle();
    view.rerender(providerTree({ signedIn: true }));
    await settle();
    expect(api.lists).toHaveBeenCalledTimes(2);
    expect(api.lists).toHaveBeenLastCalledWith(undefined);
  });

  it('keeps no answer that comes after the user signed out: signing in again fetches whole', async () => {
    let answer: (held: HeldLists) => void = () => undefined;
    api.lists.mockImplementationOnce(
      () =>
        new Promise<HeldLists>((resolve) => {
          answer = resolve;
        }),
    );
    const view = render(providerTree({ signedIn: true }));
    await settle();
    expect(api.lists).toHaveBeenCalledTimes(1);
    // Signed out while the check is still on its way; then its answer comes.
    view.rerender(providerTree());
    await settle();
    answer({ etag: 'W/"late"', lists: { standard: STANDARD, custom: [], public: [] } });
    await settle();
    view.rerender(providerTree({ signedIn: true }));
    await settle();
    expect(api.lists).toHaveBeenCalledTimes(2);
    expect(api.lists).toHaveBeenLastCalledWith(undefined);
  });

  it('pauses the check on any path containing /themes', async () => {
    renderProvider({ signedIn: true, route: '/themes' });
    await settle();
    await settle(180_000);
    expect(api.lists).toHaveBeenCalledTimes(1);
  });

  it('refreshes 0.5 s after the login-success event', async () => {
    renderProvider();
    await settle();
    expect(api.listStandard).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event(LOGIN_SUCCESS_EVENT));
    });
    await settle(499);
    expect(api.listStandard).toHaveBeenCalledTimes(1);
    await settle(1);
    expect(api.listStandard).toHaveBeenCalledTimes(2);
  });
});

describe('applying a theme', () => {
  it('stores the choice and saves it as the preference when signed in', async () => {
    renderProvider({ signedIn: true });
    await settle();
    act(() => facility!.setTheme(NORTHERN_LIGHTS));
    expect(facility?.currentTheme.id).toBe(NORTHERN_LIGHTS.id);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe(NORTHERN_LIGHTS.id);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.selectedTheme)!)).toMatchObject({
      id: NORTHERN_LIGHTS.id,
      name: 'Northern Lights',
    });
    expect(api.savePreference).toHaveBeenCalledWith(NORTHERN_LIGHTS.id);
  });

  it('never sends a numeric id as the preference, nor anything for a visitor', async () => {
    renderProvider({ signedIn: true });
    await settle();
    act(() => facility!.setTheme(custom({ id: '27', name: 'Legacy' })));
    expect(api.savePreference).not.toHaveBeenCalled();
  });

  it('only warns when saving the preference fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.savePreference.mockRejectedValue(new Error('down'));
    renderProvider({ signedIn: true });
    await settle();
    act(() => facility!.setTheme(NORTHERN_LIGHTS));
    await settle();
    expect(warn).toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('draws the gradient when the theme has no image', async () => {
    renderProvider();
    await settle();
    act(() => facility!.setTheme(custom({ image_url: null, background_url: null })));
    expect(currentBackgroundState()).toBe('gradient');
  });
});

describe('custom theme messages (product §8)', () => {
  const body = {
    name: 'Mine',
    background_color: '#000000',
    text_color: '#ffffff',
    primary_color: '#7c3aed',
    secondary_color: '#a78bfa',
    accent_color: '#60a5fa',
  };

  it('says a theme was created', async () => {
    api.create.mockResolvedValue(custom({}));
    renderProvider({ signedIn: true });
    await settle();
    await act(async () => {
      await facility!.createCustomTheme(body);
    });
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ message: i18n._(THEME_MESSAGES.created) }),
    );
  });

  it('says creating failed and re-throws', async () => {
    api.create.mockRejectedValue(new Error('nope'));
    renderProvider({ signedIn: true });
    await settle();
    await act(async () => {
      await expect(facility!.createCustomTheme(body)).rejects.toThrow('nope');
    });
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ message: i18n._(THEME_MESSAGES.createFailed), tone: 'error' }),
    );
  });

  it('says a theme was deleted', async () => {
    api.remove.mockResolvedValue(undefined);
    renderProvider({ signedIn: true });
    await settle();
    await act(async () => {
      await facility!.deleteCustomTheme('x');
    });
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ message: i18n._(THEME_MESSAGES.deleted) }),
    );
  });

  it('says deleting failed and re-throws', async () => {
    api.remove.mockRejectedValue(new Error('nope'));
    renderProvider({ signedIn: true });
    await settle();
    await act(async () => {
      await expect(facility!.deleteCustomTheme('x')).rejects.toThrow('nope');
    });
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ message: i18n._(THEME_MESSAGES.deleteFailed), tone: 'error' }),
    );
  });
});
