import { displaySeconds, type TimerEvent } from '@focusroom/core';
import { TIMER_TYPE_TITLES } from './phase-titles';
import {
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipForwardFilled,
} from '@tabler/icons-react';
import { useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { useShallow } from 'zustand/react/shallow';
import styles from './mini-timer.css?inline';
import { formatClock, spokenDuration } from './format';
import { applyPhaseAccent } from './phase-accent';
import { requestNotificationPermission } from './timer-effects';
import { timerController } from './timer-store';
import { useTimerStore } from './use-timer';

function dispatch(event: TimerEvent): void {
  const controller = timerController();
  if (event.type === 'start' && controller.store.getState().settings.notification_enabled) {
    // As on the page: the click is the gesture browsers want before asking (product §4).
    void requestNotificationPermission();
  }
  controller.dispatch(event);
}

/** Its own stylesheet, adopted through the CSSOM: no <style> text for the policy to weigh. */
function adoptStyles(win: Window): void {
  const Sheet = (win as Window & typeof globalThis).CSSStyleSheet;
  const sheet = new Sheet();
  sheet.replaceSync(styles);
  win.document.adoptedStyleSheets = [sheet];
}

/**
 * The mini timer (product §2): the time, the phase and start/pause/skip in a floating window.
 * It draws the page's one timer store into the window through a portal, so it is always in step
 * with the page, and its buttons move the same timer.
 */
export default function MiniTimer({ window: win }: { window: Window }) {
  const view = useTimerStore(
    useShallow((s) => ({
      seconds: displaySeconds(s.timer, s.now, s.settings),
      status: s.timer.status,
      type: s.timer.type,
    })),
  );

  useLayoutEffect(() => {
    const doc = win.document;
    doc.title = 'Focusroom timer';
    doc.documentElement.lang = 'en';
    adoptStyles(win);
  }, [win]);

  useLayoutEffect(() => {
    applyPhaseAccent(win.document.documentElement, view.type);
  }, [win, view.type]);

  const title = TIMER_TYPE_TITLES[view.type];
  const phase =
    view.status === 'paused'
      ? `${title} · Paused`
      : view.status === 'completed'
        ? `${title} next`
        : title;
  const primary =
    view.status === 'running'
      ? { label: 'Pause', event: 'pause' as const, icon: <IconPlayerPauseFilled size={16} /> }
      : view.status === 'paused'
        ? { label: 'Resume', event: 'resume' as const, icon: <IconPlayerPlayFilled size={16} /> }
        : { label: 'Start', event: 'start' as const, icon: <IconPlayerPlayFilled size={16} /> };

  return createPortal(
    <main className="fr-mini" data-status={view.status}>
      <h1 className="fr-visually-hidden">Focusroom timer</h1>
      <p className="fr-mini-phase">{phase}</p>
      <p className="fr-mini-time" role="timer" aria-atomic="true">
        <span aria-hidden="true">{formatClock(view.seconds)}</span>
        <span className="fr-visually-hidden">{spokenDuration(view.seconds)} left</span>
      </p>
      <div className="fr-mini-controls">
        <button
          type="button"
          className="fr-mini-button"
          data-primary="true"
          onClick={() => dispatch({ type: primary.event })}
        >
          <span aria-hidden="true">{primary.icon}</span>
          {primary.label}
        </button>
        <button type="button" className="fr-mini-button" onClick={() => dispatch({ type: 'skip' })}>
          <span aria-hidden="true">
            <IconPlayerSkipForwardFilled size={16} />
          </span>
          Skip
        </button>
      </div>
    </main>,
    win.document.body,
  );
}
