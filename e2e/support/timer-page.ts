import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.js';

/**
 * Helpers for the timer specs. Time is Playwright's clock (https://playwright.dev/docs/clock):
 * installed before the page loads, then paused, so the timer moves only when a test says so.
 * The clock does not reach into Workers, which is why the app also pulses from the page.
 */

export const MINUTE = 60_000;
/** A fixed morning for every timer test. */
export const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

export interface TimerSettingsPatch {
  pomodoro_duration?: number;
  short_break_duration?: number;
  long_break_duration?: number;
  pomodoros_until_long_break?: number;
  auto_start_breaks?: boolean;
  auto_start_pomodoros?: boolean;
  sound_enabled?: boolean;
  notification_enabled?: boolean;
}

export const DEFAULT_SETTINGS = {
  pomodoro_duration: 25,
  short_break_duration: 5,
  long_break_duration: 15,
  pomodoros_until_long_break: 4,
  auto_start_breaks: false,
  auto_start_pomodoros: false,
  sound_enabled: true,
  notification_enabled: true,
};

/**
 * Records what the page plays and notifies: HTMLMediaElement.play is stubbed (headless Chromium
 * has no audio device) and keeps the src; window.Notification is wrapped to keep title and body.
 */
export async function installTimerProbes(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await context.addInitScript(() => {
    const w = window as unknown as {
      __sounds: string[];
      __notifications: { title: string; body: string; tag: string }[];
    };
    w.__sounds = [];
    w.__notifications = [];
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      w.__sounds.push(this.src);
      return Promise.resolve();
    };
    class ProbeNotification {
      static permission: NotificationPermission = 'granted';
      static requestPermission(): Promise<NotificationPermission> {
        return Promise.resolve('granted');
      }
      constructor(title: string, options: NotificationOptions = {}) {
        w.__notifications.push({ title, body: options.body ?? '', tag: options.tag ?? '' });
      }
      close(): void {}
    }
    Object.defineProperty(window, 'Notification', {
      configurable: true,
      writable: true,
      value: ProbeNotification,
    });
  });
}

export async function sounds(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __sounds: string[] }).__sounds);
}

export async function notifications(page: Page): Promise<{ title: string; body: string }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications,
  );
}

/** Installs the clock at T0, paused, so nothing moves until runFor / fastForward. */
export async function installPausedClock(page: Page, at = T0): Promise<void> {
  await page.clock.install({ time: at });
  await page.clock.pauseAt(at + 1000);
}

/** Stores timer settings for a visitor before the app reads them. */
export async function presetLocalSettings(
  context: BrowserContext,
  patch: TimerSettingsPatch,
  extra: Record<string, string> = {},
): Promise<void> {
  await context.addInitScript(
    ([settings, more]) => {
      // Only on the first document: a later reload must see what the app saved since.
      if (sessionStorage.getItem('__preset')) return;
      sessionStorage.setItem('__preset', '1');
      localStorage.setItem('focusroom_settings', settings);
      for (const [key, value] of Object.entries(more)) localStorage.setItem(key, value);
    },
    [JSON.stringify({ ...DEFAULT_SETTINGS, ...patch }), extra] as const,
  );
}

/**
 * Waits for lazily loaded UI (the to-do list, the dialogs) under a paused clock: React reveals a
 * resolved Suspense boundary after a short timer, and the paused clock must be moved for it.
 */
export async function settleLazy(page: Page, target: Locator, attempts = 40): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await target.isVisible()) return;
    await page.clock.runFor(350);
    await page.waitForTimeout(50);
  }
  await expect(target).toBeVisible();
}

export function timerDisplay(page: Page) {
  return page.getByTestId('timer-display');
}

export async function expectTime(page: Page, clock: string): Promise<void> {
  await expect(timerDisplay(page)).toContainText(clock);
}

export function typeTab(page: Page, name: 'Pomodoro' | 'Short Break' | 'Long Break') {
  return page.getByRole('group', { name: 'Timer type' }).getByRole('button', { name, exact: true });
}

export async function savedTimerState(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('focusroom_timer');
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  });
}

/** What the live region last said. */
export function liveRegion(page: Page) {
  return page.locator('[aria-live="polite"]').filter({ hasText: /complete/ });
}

/** Makes document.visibilityState read as `state` and tells the page, as a tab switch would. */
export async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', {
      configurable: true,
      get: () => value === 'hidden',
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** GET /api/pomodoro/sessions as the user, outside the browser (no route applies). */
export async function serverSessions(token: string): Promise<
  {
    id: string;
    duration: number;
    task: string;
    start_time: string;
    end_time: string;
    completed: boolean;
    client_id: string | null;
  }[]
> {
  const res = await fetch(`${E2E_BASE_URL}/api/pomodoro/sessions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`GET sessions: ${res.status}`);
  return (await res.json()) as never;
}

export async function serverSettings(token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${E2E_BASE_URL}/api/settings`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as Record<string, unknown>;
}
