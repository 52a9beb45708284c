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
  focus_end_sound?: string;
  break_end_sound?: string;
  alarm_volume?: number;
  ticking_enabled?: boolean;
  warning_chime_enabled?: boolean;
  daily_goal?: number;
  time_display?: 'clock' | 'minutes' | 'ring' | 'hidden';
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
  focus_end_sound: 'chime',
  break_end_sound: 'chime',
  alarm_volume: 100,
  ticking_enabled: false,
  warning_chime_enabled: false,
  daily_goal: 8,
  time_display: 'clock',
};

/**
 * Records what the page plays and notifies: HTMLMediaElement.play is stubbed (headless Chromium
 * has no audio device) and keeps the src; Web Audio is replaced by a recording stand-in that
 * knows each decoded buffer's URL (Response.arrayBuffer is tagged) and the gain it plays at;
 * window.Notification is wrapped to keep title and body. `__sounds` lists every audible play's
 * URL, `__plays` adds its volume (0-1), `__audioUnlocked` says a click resumed the context.
 */
export async function installTimerProbes(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await context.addInitScript(() => {
    const w = window as unknown as {
      __sounds: string[];
      __plays: { src: string; volume: number }[];
      __audioUnlocked: boolean;
      __notifications: { title: string; body: string; tag: string }[];
    };
    w.__sounds = [];
    w.__plays = [];
    w.__audioUnlocked = false;
    w.__notifications = [];
    const played = (src: string, volume: number) => {
      w.__sounds.push(src);
      w.__plays.push({ src, volume });
    };
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played(this.src, this.volume);
      return Promise.resolve();
    };
    const urlOf = new WeakMap<ArrayBuffer, string>();
    const arrayBuffer = Response.prototype.arrayBuffer;
    Response.prototype.arrayBuffer = async function tagged(this: Response) {
      const bytes = await arrayBuffer.call(this);
      urlOf.set(bytes, this.url);
      return bytes;
    };
    type ProbeBuffer = { url: string | null };
    type ProbeNode = { gain?: { value: number }; connect(node: ProbeNode): ProbeNode };
    class ProbeAudioContext {
      state: AudioContextState = 'suspended';
      destination: ProbeNode = { connect: (node) => node };
      resume(): Promise<void> {
        this.state = 'running';
        w.__audioUnlocked = true;
        return Promise.resolve();
      }
      close(): Promise<void> {
        this.state = 'closed';
        return Promise.resolve();
      }
      createBuffer(): ProbeBuffer {
        return { url: null };
      }
      decodeAudioData(bytes: ArrayBuffer): Promise<ProbeBuffer> {
        return Promise.resolve({ url: urlOf.get(bytes) ?? null });
      }
      createGain(): ProbeNode {
        return { gain: { value: 1 }, connect: (node) => node };
      }
      createBufferSource() {
        const source = {
          buffer: null as ProbeBuffer | null,
          target: null as ProbeNode | null,
          connect(node: ProbeNode) {
            source.target = node;
            return node;
          },
          start() {
            // The silent unlock buffer has no URL: only real sounds count as played.
            if (source.buffer?.url) played(source.buffer.url, source.target?.gain?.value ?? 1);
          },
        };
        return source;
      }
    }
    for (const name of ['AudioContext', 'webkitAudioContext']) {
      Object.defineProperty(window, name, {
        configurable: true,
        writable: true,
        value: ProbeAudioContext,
      });
    }
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

/** Every audible play with its volume (0-1), as the probes saw it. */
export async function plays(page: Page): Promise<{ src: string; volume: number }[]> {
  return page.evaluate(
    () => (window as unknown as { __plays: { src: string; volume: number }[] }).__plays,
  );
}

/** The file names of what was played: `bell.wav`, `tick.wav`... */
export async function playedFiles(page: Page): Promise<string[]> {
  return (await sounds(page)).map((src) => new URL(src).pathname.replace('/sounds/', ''));
}

export async function notifications(page: Page): Promise<{ title: string; body: string }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications,
  );
}

/**
 * Installs the clock at T0, paused, so nothing moves until runFor / fastForward. A signed-in tab
 * follows the account's timer on the server's clock (issue 33), which the test cannot move, so
 * this page is kept off the live timer: its timer runs on its own clock, as on a device that
 * cannot reach the server (timer-devices.spec.ts tests the live timer).
 */
export async function installPausedClock(page: Page, at = T0): Promise<void> {
  await page.routeWebSocket(/\/api\/live$/, (socket) => socket.close());
  await page.route(/\/api\/timer(\/actions)?(\?.*)?$/, (route) => route.abort());
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
 * A pre-rendered page shows the to-do list before the app has taken it over; what is done there
 * meanwhile waits for the app (docs/decisions/048), which, on a paused clock, comes only as the
 * test moves time: so this also moves the clock until the app answers, `stepMs` at a time, and
 * says how far (ms).
 */
export async function settleLazy(
  page: Page,
  target: Locator,
  { attempts = 40, stepMs = 350 } = {},
): Promise<number> {
  const booting = page.locator('html[data-booting]');
  let moved = 0;
  for (let i = 0; i < attempts; i++) {
    if ((await target.isVisible()) && (await booting.count()) === 0) return moved;
    await page.clock.runFor(stepMs);
    moved += stepMs;
    await page.waitForTimeout(50);
  }
  await expect(target).toBeVisible();
  return moved;
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

/**
 * Waits until a service worker is active and controls `page`. The first install precaches the
 * whole build (~2.6 MB), which on a loaded CI machine has taken more than the default 10 s.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 })
    .toBe(true);
}
