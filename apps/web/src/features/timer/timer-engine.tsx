import { STORAGE_KEYS, type TimerState } from '@focusroom/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { setTimerTitle } from '../../components/use-document-title';
import { i18n } from '../../i18n';
import { useAuth } from '../../lib/auth-context';
import { importWithTimeout } from '../../lib/lazy-with-timeout';
import { readItem } from '../../lib/storage';
import { useAnnouncement } from './announcer';
import { useForgetAccountOnSignOut } from './forget-account';
import { timerTabTitle } from './format';
import { startPulse, type PulseCommand } from './pulse-schedule';
import { MiniTimerHost } from './mini-timer-host';
import { handleCompletions, type CompletionEffects } from './timer-effects';
import { timerController, type TimerController } from './timer-store';
import { useSoundCues } from './use-sound-cues';

const TimerAccountSync = lazy(() => importWithTimeout(() => import('./timer-account-sync')));

/** The instant the next pulse must land on: a phase's end or a pending auto-start; else none. */
export function pulseAnchor(timer: TimerState): number | null {
  if (timer.status === 'running') return timer.endsAt;
  if (timer.status === 'completed') return timer.autoStartAt;
  return null;
}

function createPulseWorker(): Worker | null {
  if (typeof Worker === 'undefined' || readItem(STORAGE_KEYS.benchNoWorkerPulse) === '1')
    return null;
  try {
    return new Worker(new URL('./timer-pulse.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/**
 * Two pulses while something is due: the Worker (on time in a hidden tab) and the page's own
 * timer (the one Playwright's clock controls). Each only makes the store look at the clock.
 * The Worker is started the first time something is due, not as the page starts: a visitor who
 * only reads the page never pays for it (decision 039).
 */
function useTimerPulse(controller: TimerController): void {
  const anchor = useStore(controller.store, (s) => pulseAnchor(s.timer));
  // The store runs on the server's clock while signed in; a new offset moves the pulses too.
  const offset = useStore(controller.store, () => controller.clockOffset());
  const worker = useRef<Worker | null>(null);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [controller],
  );

  useEffect(() => {
    if (anchor === null) {
      worker.current?.postMessage({ type: 'stop' } satisfies PulseCommand);
      return;
    }
    if (!worker.current) {
      worker.current = createPulseWorker();
      if (worker.current) worker.current.onmessage = () => controller.tick();
    }
    // Signed in, the timer runs in the server's time; the pulses count on this device's clock.
    const local = anchor - offset;
    worker.current?.postMessage({ type: 'run', anchor: local } satisfies PulseCommand);
    const stop = startPulse(local, Date.now, () => controller.tick(), {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    });
    return () => {
      stop();
      worker.current?.postMessage({ type: 'stop' } satisfies PulseCommand);
    };
  }, [controller, anchor, offset]);
}

/**
 * Product §4 persistence in the page's life: saved when the page is hidden or unloaded, recomputed
 * when it is visible again, and kept in step with the timer of another open tab.
 */
function usePageLifecycle(controller: TimerController): void {
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') controller.tick('visible');
      else controller.save();
    };
    const onHide = () => controller.save();
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.timer) controller.adoptSaved(event.newValue);
      else if (event.key === STORAGE_KEYS.settings) controller.adoptSettings(event.newValue);
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onHide);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onHide);
      window.removeEventListener('storage', onStorage);
    };
  }, [controller]);
}

/** Completions become sound, notification, announcement and (signed in) a session record. */
function useCompletionEffects(
  controller: TimerController,
  userId: string | null,
  authSettled: boolean,
  effects?: CompletionEffects,
): void {
  const user = useRef(userId);
  user.current = userId;

  useEffect(() => {
    return controller.onCompletions((completions) => {
      const s = controller.store.getState();
      handleCompletions(
        completions,
        {
          source: 'live',
          userId: user.current,
          settings: s.settings,
          todos: s.todos,
          currentTask: s.currentTask,
        },
        effects,
      );
    });
  }, [controller, effects]);

  useEffect(() => {
    // A phase that ended while the page was closed is recorded once we know who is signed in.
    if (!authSettled) return;
    const restored = controller.takeRestoredCompletions();
    const s = controller.store.getState();
    handleCompletions(
      restored,
      {
        source: 'restore',
        userId,
        settings: s.settings,
        todos: s.todos,
        currentTask: s.currentTask,
      },
      effects,
    );
  }, [controller, authSettled, userId, effects]);
}

/**
 * The timer's part of the tab title; components/use-document-title.ts composes the title. Set
 * again when the timer moves and when the language changes (a paused timer does not move).
 */
function useTimerTitle(controller: TimerController): void {
  useEffect(() => {
    const update = () => {
      const { timer, now, settings } = controller.store.getState();
      setTimerTitle(timerTabTitle(timer, now, settings, i18n.locale));
    };
    update();
    const unsubscribe = controller.store.subscribe(update);
    const unsubscribeLocale = i18n.on('change', update);
    return () => {
      unsubscribe();
      unsubscribeLocale();
      setTimerTitle(null);
    };
  }, [controller]);
}

export interface TimerEngineProps {
  /** Tests pass their own controller and effects. */
  controller?: TimerController;
  effects?: CompletionEffects;
}

/**
 * The timer's engine, mounted once in the app layout so the badge and the tab title work on
 * every page: pulses, persistence, completion effects, server sync and the live region.
 */
export function TimerEngine({ controller: injected, effects }: TimerEngineProps) {
  const controller = injected ?? timerController();
  const { status, user } = useAuth();
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  const authSettled = status !== 'loading';

  useTimerPulse(controller);
  usePageLifecycle(controller);
  useCompletionEffects(controller, userId, authSettled, effects);
  useSoundCues(controller, effects?.playSound);
  useTimerTitle(controller);
  useForgetAccountOnSignOut(controller);
  useEffect(() => {
    // Signed out: the list is this browser's own again (signed in, the account sync takes it).
    if (authSettled && userId === null) controller.setTodoSource('local');
  }, [controller, authSettled, userId]);

  const announcement = useAnnouncement();
  return (
    <>
      <div className="fr-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {authSettled && userId ? (
        <Suspense fallback={null}>
          <TimerAccountSync controller={controller} userId={userId} />
        </Suspense>
      ) : null}
      <MiniTimerHost />
    </>
  );
}
