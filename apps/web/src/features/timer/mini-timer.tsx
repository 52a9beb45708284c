import { directionOf, type TimerEvent } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
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
import { shownReading } from './format';
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
  const { t, i18n } = useLingui();
  const view = useTimerStore(
    useShallow((s) => {
      // The user's display (issue 35): the clock, whole minutes, or no number at all.
      const shown = shownReading(i18n, s.timer, s.now, s.settings);
      return {
        time: shown.text,
        spoken: shown.spoken,
        kind: shown.kind,
        status: s.timer.status,
        type: s.timer.type,
      };
    }),
  );
  const windowTitle = t`Focusroom timer`;

  useLayoutEffect(() => {
    adoptStyles(win);
  }, [win]);

  // The window speaks the page's language, and follows it when it changes.
  useLayoutEffect(() => {
    const doc = win.document;
    doc.title = windowTitle;
    doc.documentElement.lang = i18n.locale;
    doc.documentElement.dir = directionOf(i18n.locale);
  }, [win, windowTitle, i18n.locale]);

  useLayoutEffect(() => {
    applyPhaseAccent(win.document.documentElement, view.type);
  }, [win, view.type]);

  const title = i18n._(TIMER_TYPE_TITLES[view.type]);
  const phase =
    view.status === 'paused'
      ? t`${title} · Paused`
      : view.status === 'completed'
        ? t`${title} next`
        : title;
  const primary =
    view.status === 'running'
      ? { label: t`Pause`, event: 'pause' as const, icon: <IconPlayerPauseFilled size={16} /> }
      : view.status === 'paused'
        ? { label: t`Resume`, event: 'resume' as const, icon: <IconPlayerPlayFilled size={16} /> }
        : { label: t`Start`, event: 'start' as const, icon: <IconPlayerPlayFilled size={16} /> };

  return createPortal(
    <main className="fr-mini" data-status={view.status} data-reading={view.kind}>
      <h1 className="fr-visually-hidden">{windowTitle}</h1>
      <p className="fr-mini-phase">{phase}</p>
      {view.time === null ? null : (
        <p className="fr-mini-time" role="timer" aria-atomic="true">
          <span aria-hidden="true">{view.time}</span>
          <span className="fr-visually-hidden">{view.spoken}</span>
        </p>
      )}
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
          {t`Skip`}
        </button>
      </div>
    </main>,
    win.document.body,
  );
}
