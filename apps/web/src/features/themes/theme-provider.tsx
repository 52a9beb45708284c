import {
  FALLBACK_THEME,
  STANDARD_THEMES,
  THEMES_REFRESH_AFTER_LOGIN_MS,
  THEME_REFRESH_CHECK_INTERVAL_MS,
  canSyncThemePreference,
  filterCustomThemes,
  filterPublicThemes,
  filterStandardThemes,
  isThemeRefreshDue,
  pickCurrentTheme,
  type ThemeFields,
} from '@focusroom/core';
import { THEME_MESSAGES } from './theme-messages';
import type { CreateThemeBody, Theme, UpdateThemeBody } from '@focusroom/core/schemas';
import { i18n } from '@lingui/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { serverMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { userIdFromToken } from '../../lib/token-payload';
import { onLoginSuccess } from '../auth';
import { applyThemeBackground } from './theme-background';
import { ThemesContext, type ThemesContextValue } from './theme-context';
import {
  readStoredTheme,
  readStoredThemeId,
  removeStoredTheme,
  writeStoredTheme,
} from './theme-storage';
import { themesApi, type HeldLists } from './themes-api';

interface Lists {
  themes: Theme[];
  customThemes: Theme[];
  publicThemes: Theme[];
}

/** The lists as the server answered them, before product §4's filters; null: that one failed. */
interface RawLists {
  standard: Theme[] | null;
  own: Theme[] | null;
  gallery: Theme[] | null;
}

/** The ten built-in themes: their art ships with the app, so they work offline. */
const BUILT_IN: Theme[] = [...STANDARD_THEMES];

/**
 * The theme to show once the lists are in (product §4): the stored choice when this viewer may
 * still see it; else, signed in on a browser with nothing stored, the saved preference; else the
 * default chain. When the standard list failed, a stored choice stays and the rest falls back to
 * the fallback theme.
 */
async function chooseTheme(
  lists: Lists,
  failed: { standard: boolean; any: boolean },
  signedIn: boolean,
): Promise<ThemeFields> {
  const standardFailed = failed.standard;
  const visible = [...lists.themes, ...lists.customThemes, ...lists.publicThemes];
  const storedId = readStoredThemeId();
  if (storedId) {
    const found = visible.find((theme) => String(theme.id) === storedId);
    if (found) return found;
    const stored = readStoredTheme();
    if (failed.any) return stored && String(stored.id) === storedId ? stored : FALLBACK_THEME;
    // Every list answered without it: deleted, made private, or not for this viewer.
    removeStoredTheme();
  } else if (signedIn) {
    try {
      const preferred = await themesApi.getPreference();
      return visible.find((theme) => theme.id === preferred.id) ?? preferred;
    } catch {
      // No preference to be had: the default chain below.
    }
  }
  if (standardFailed) return FALLBACK_THEME;
  return pickCurrentTheme(lists.themes);
}

/**
 * The theme facility (product §4): the lists, the current theme and its background, the refresh
 * rules (a 5 s check that refetches when signed in and 60 s have passed or a login just
 * happened, paused on themes screens; a refresh 0.5 s after login-success) and the messages of
 * product §8. Mounted once by the app layout, inside the router.
 */
export function ThemeProvider({ children }: { children?: ReactNode }) {
  const { initialized, isAuthenticated, token, user } = useAuth();
  const signedIn = initialized && isAuthenticated;
  const currentUserId = signedIn ? (userIdFromToken(token) ?? user?.id ?? null) : null;
  const { pathname } = useLocation();

  const [lists, setLists] = useState<Lists>({
    themes: BUILT_IN,
    customThemes: [],
    publicThemes: [],
  });
  const [currentTheme, setCurrentTheme] = useState<ThemeFields>(
    () => readStoredTheme() ?? FALLBACK_THEME,
  );
  const [loading, setLoading] = useState(true);

  const lastFetchAt = useRef<number | null>(null);
  const loginJustHappened = useRef(false);
  const appliedOnce = useRef(false);
  const live = useRef({ signedIn, currentUserId, pathname });
  live.current = { signedIn, currentUserId, pathname };
  const generation = useRef(0);

  // The signed-in theme check's last answer and tag, for this user only (decision 041).
  const heldLists = useRef<{ userId: string; held: HeldLists } | null>(null);

  /** The three lists of a signed-in user in one revalidated call; null for a list that failed. */
  const checkLists = useCallback(async (userId: string): Promise<RawLists> => {
    const prior = heldLists.current?.userId === userId ? heldLists.current.held : undefined;
    try {
      const held = await themesApi.lists(prior);
      // An answer that comes after the user signed out (or another signed in) is not kept.
      const now = live.current;
      if (now.signedIn && (now.currentUserId ?? '') === userId)
        heldLists.current = { userId, held };
      const { standard, custom, public: gallery } = held.lists;
      return { standard, own: custom, gallery };
    } catch {
      return { standard: null, own: null, gallery: null };
    }
  }, []);

  const load = useCallback(async () => {
    const run = ++generation.current;
    lastFetchAt.current = Date.now();
    loginJustHappened.current = false;
    const { signedIn: asUser, currentUserId: userId } = live.current;
    // Signed out: the last user's lists and tag go (their own themes included).
    if (!asUser) heldLists.current = null;
    const { standard, own, gallery } = asUser
      ? await checkLists(userId ?? '')
      : { standard: await themesApi.listStandard().catch(() => null), own: [], gallery: [] };
    const standardFailed = standard === null;
    const next: Lists = {
      themes: standard && standard.length > 0 ? filterStandardThemes(standard) : BUILT_IN,
      // Product §8: a failed custom or public list is an empty list.
      customThemes: own ? filterCustomThemes(own) : [],
      publicThemes: gallery ? filterPublicThemes(gallery, userId) : [],
    };
    const failed = {
      standard: standardFailed,
      any: [standard, own, gallery].some((list) => list === null),
    };
    const chosen = await chooseTheme(next, failed, asUser);
    if (run !== generation.current) return;
    setLists(next);
    setLoading(false);
    setCurrentTheme(chosen);
    // A stored choice is refreshed with the server's copy (a changed image shows next start).
    if (readStoredThemeId() === String(chosen.id) || (asUser && !readStoredThemeId())) {
      if (!standardFailed) writeStoredTheme(chosen);
    }
  }, [checkLists]);

  // The first load once auth has settled, and again whenever the signed-in user changes.
  useEffect(() => {
    if (!initialized) return;
    void load();
  }, [initialized, currentUserId, load]);

  // The 5 s check (product §4, §9); its rule is core's isThemeRefreshDue.
  useEffect(() => {
    const timer = setInterval(() => {
      const { signedIn: asUser, pathname: path } = live.current;
      const due = isThemeRefreshDue({
        now: Date.now(),
        lastFetchAt: lastFetchAt.current,
        signedIn: asUser,
        loginJustHappened: loginJustHappened.current,
        pathname: path,
      });
      if (due) void load();
    }, THEME_REFRESH_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [load]);

  // Themes refresh 0.5 s after the login-success event.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onLogin = () => {
      loginJustHappened.current = true;
      clearTimeout(timer);
      timer = setTimeout(() => void load(), THEMES_REFRESH_AFTER_LOGIN_MS);
    };
    const stop = onLoginSuccess(onLogin);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [load]);

  // The background follows the current theme: a cut the first time (the stored theme is already
  // on screen from start-up), a 1 s cross-fade on every change after.
  useEffect(() => {
    applyThemeBackground(currentTheme, { fade: appliedOnce.current });
    appliedOnce.current = true;
  }, [currentTheme]);

  const setTheme = useCallback((theme: ThemeFields) => {
    generation.current++;
    setCurrentTheme(theme);
    writeStoredTheme(theme);
    const id = String(theme.id);
    if (live.current.signedIn && canSyncThemePreference(id)) {
      themesApi.savePreference(id).catch((error: unknown) => {
        // Product §8: a failed preference save only logs a warning.
        console.warn('Could not save the theme preference', error);
      });
    }
  }, []);

  const createCustomTheme = useCallback(
    async (body: CreateThemeBody) => {
      try {
        const created = await themesApi.create(body);
        notify({ tone: 'success', message: i18n._(THEME_MESSAGES.created) });
        await load();
        return created;
      } catch (error) {
        notify({ tone: 'error', message: i18n._(THEME_MESSAGES.createFailed) });
        throw error;
      }
    },
    [load],
  );

  const updateCustomTheme = useCallback(
    async (id: string, body: UpdateThemeBody) => {
      try {
        const updated = await themesApi.update(id, body);
        notify({ tone: 'success', message: i18n._(THEME_MESSAGES.updated) });
        if (readStoredThemeId() === id) {
          writeStoredTheme(updated);
          setCurrentTheme(updated);
        }
        await load();
        return updated;
      } catch (error) {
        notify({ tone: 'error', message: i18n._(THEME_MESSAGES.updateFailed) });
        throw error;
      }
    },
    [load],
  );

  const deleteCustomTheme = useCallback(
    async (id: string) => {
      try {
        await themesApi.remove(id);
        notify({ tone: 'success', message: i18n._(THEME_MESSAGES.deleted) });
      } catch (error) {
        notify({ tone: 'error', message: i18n._(THEME_MESSAGES.deleteFailed) });
        throw error;
      }
      // The deleted theme may have been the current one: load() picks again.
      await load();
    },
    [load],
  );

  const reportTheme = useCallback(async (id: string, reason: string) => {
    try {
      const answer = await themesApi.report(id, { reason });
      notify({ tone: 'success', message: answer.message });
    } catch (error) {
      notify({ tone: 'error', message: serverMessage(error, i18n._(THEME_MESSAGES.reportFailed)) });
      throw error;
    }
  }, []);

  const value = useMemo<ThemesContextValue>(
    () => ({
      ...lists,
      currentTheme,
      loading,
      currentUserId,
      setTheme,
      refreshThemes: load,
      createCustomTheme,
      updateCustomTheme,
      deleteCustomTheme,
      reportTheme,
    }),
    [
      lists,
      currentTheme,
      loading,
      currentUserId,
      setTheme,
      load,
      createCustomTheme,
      updateCustomTheme,
      deleteCustomTheme,
      reportTheme,
    ],
  );

  return <ThemesContext value={value}>{children}</ThemesContext>;
}
