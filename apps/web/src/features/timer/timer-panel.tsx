import '@mantine/core/styles/ActionIcon.css';
import './timer.css';
import {
  CURRENT_TASK_MAX_LENGTH,
  TIMER_TYPES,
  remainingAt,
  type TimerEvent,
  type TimerType,
} from '@focusroom/core';
import { TIMER_SHORTCUT } from '../../lib/timer-shortcuts';
import { TIMER_TYPE_TITLES } from './phase-titles';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Title } from '@mantine/core';
import {
  IconKeyboard,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipForwardFilled,
  IconRotateClockwise,
  IconSettings,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { richMessage } from '../../i18n';
import { replayedInputTime, useAdoptEarlyInput } from '../../lib/early-input';
import { useAuth } from '../../lib/auth-context';
import { DeferredPart } from '../../lib/deferred-part';
import { useRevealWhenHydrated } from '../../lib/hydration';
import { importWithTimeout, lazyPage } from '../../lib/lazy-with-timeout';
import { DailyGoal } from './daily-goal';
import { shownReading } from './format';
import { timerSoundUrls, unlockAudio } from './timer-audio';
import { requestNotificationPermission } from './timer-effects';
import { timerController } from './timer-store';
import { TimerViewTools } from './timer-view-tools';
import { useFocusMode } from './use-focus-mode';
import { useTimerStore } from './use-timer';
import { useTimerShortcuts } from './use-timer-shortcuts';
import type { TimerDialogRequest } from './timer-dialogs';

/* Dialogs and the sortable list (dnd-kit) are not on the first paint: loaded on demand. */
const loadDialogs = () => importWithTimeout(() => import('./timer-dialogs'));
const TimerDialogs = lazy(loadDialogs);
// The to-do list starts loading as a pre-rendered / starts hydrating (preloadTimerPanel): a key
// press in its field reaches a boundary that cannot hydrate until it is in, and React drops it.
const TodoList = lazyPage(() => import('./todo-list'), 'default');
// Only a signed-in tab follows the account's live timer: a visitor's first load never carries it.
const LiveIndicator = lazy(() =>
  importWithTimeout(() => import('./live-indicator')).then((m) => ({ default: m.LiveIndicator })),
);

/** Loads what the timer panel shows lazily on its first screen (the to-do list). */
export function preloadTimerPanel(): Promise<void> {
  return TodoList.preload();
}

/** The dial's phase line: the phase under way, and the one a completed phase leads to. */
const PHASE_LABELS: Record<TimerType, { now: MessageDescriptor; next: MessageDescriptor }> = {
  pomodoro: { now: msg`Focus`, next: msg`Focus next` },
  short_break: { now: msg`Short break`, next: msg`Short break next` },
  long_break: { now: msg`Long break`, next: msg`Long break next` },
};

function TypeTabs({ onSelect }: { onSelect: (type: TimerType) => void }) {
  const current = useTimerStore((s) => s.timer.type);
  const { t, i18n } = useLingui();
  return (
    <div className="fr-type-tabs" role="group" aria-label={t`Timer type`}>
      {TIMER_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className="fr-type-tab"
          aria-pressed={current === type}
          onClick={() => onSelect(type)}
        >
          {i18n._(TIMER_TYPE_TITLES[type])}
        </button>
      ))}
    </div>
  );
}

const RING_RADIUS = 120;
const RING_CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

function TimerDial() {
  const gradientId = useId();
  const { t, i18n } = useLingui();
  const view = useTimerStore(
    useShallow((s) => {
      const remaining = remainingAt(s.timer, s.now, s.settings);
      const total =
        s.timer.status === 'running' || s.timer.status === 'paused'
          ? s.timer.durationMs
          : remaining;
      const shown = shownReading(i18n, s.timer, s.now, s.settings);
      const hiding = s.settings.time_display === 'hidden' && shown.kind === 'none';
      return {
        shown: shown.text,
        spoken: shown.spoken,
        // Quantised to whole seconds so the selector's value changes once a second; hidden until
        // the end, the ring stays whole while the phase is under way (and nothing re-renders).
        fraction: hiding
          ? 1
          : total > 0
            ? Math.ceil(remaining / 1000) / Math.ceil(total / 1000)
            : 0,
        status: s.timer.status,
        type: s.timer.type,
        hiding,
        kind: shown.kind,
      };
    }),
  );
  const phase =
    view.status === 'paused'
      ? t`Paused`
      : i18n._(PHASE_LABELS[view.type][view.status === 'completed' ? 'next' : 'now']);
  return (
    <div className="fr-ring" data-reading={view.kind}>
      <svg className="fr-ring-svg" viewBox="0 0 260 260" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--fr-ring-from)" />
            <stop offset="1" stopColor="var(--fr-ring-to)" />
          </linearGradient>
        </defs>
        <circle className="fr-ring-track" cx="130" cy="130" r={RING_RADIUS} />
        <circle
          className="fr-ring-progress"
          cx="130"
          cy="130"
          r={RING_RADIUS}
          stroke={`url(#${gradientId})`}
          strokeDasharray={RING_CIRCUMFERENCE}
          transform="rotate(-90 130 130)"
          style={{ strokeDashoffset: RING_CIRCUMFERENCE * (1 - view.fraction) }}
        />
      </svg>
      <div className="fr-ring-center">
        {view.shown === null ? null : (
          <p className="fr-time" role="timer" aria-atomic="true" data-testid="timer-display">
            <span aria-hidden="true">{view.shown}</span>
            <span className="fr-visually-hidden">{view.spoken}</span>
          </p>
        )}
        <p className="fr-phase">{phase}</p>
        {view.hiding ? <p className="fr-time-hidden">{t`Time hidden until the end`}</p> : null}
        {view.kind === 'none' && !view.hiding ? (
          // The ring is drawn for the eye only: a screen reader hears why there is no number.
          <p className="fr-visually-hidden">{t`The time left shows as a ring only`}</p>
        ) : null}
      </div>
    </div>
  );
}

function CompletedCount() {
  const { count, every } = useTimerStore(
    useShallow((s) => ({
      count: s.timer.completedPomodoros,
      every: Math.max(1, s.settings.pomodoros_until_long_break),
    })),
  );
  const { t } = useLingui();
  const inCycle = count % every;
  const left = every - inCycle;
  const longBreakAfter = t`${plural(left, {
    one: 'Long break after # more pomodoro.',
    other: 'Long break after # more pomodoros.',
  })}`;
  return (
    <div className="fr-count" data-testid="completed-count">
      <span className="fr-count-dots" aria-hidden="true">
        {Array.from({ length: Math.min(every, 12) }, (_, i) => (
          <span key={i} className="fr-count-dot" data-filled={i < inCycle} />
        ))}
      </span>
      <span>
        {richMessage(t`Pomodoros completed: <0>${count}</0>`, [<strong />])}
        {/* The full stop ends the visible sentence for a screen reader. */}
        <span className="fr-visually-hidden">{`. ${longBreakAfter}`}</span>
      </span>
    </div>
  );
}

/** A plain field styled like Mantine's inputs: the first screen stays free of Mantine's Input JS. */
function CurrentTaskField() {
  const value = useTimerStore((s) => s.currentTask);
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const { t } = useLingui();
  useAdoptEarlyInput(field, value, (typed) => timerController().setCurrentTask(typed));
  return (
    <div className="fr-field">
      <label htmlFor={id} className="fr-field-label">
        {t`Current task`}
      </label>
      <input
        ref={field}
        id={id}
        className="fr-field-input"
        type="text"
        placeholder={t`What are you working on?`}
        autoComplete="off"
        value={value}
        maxLength={CURRENT_TASK_MAX_LENGTH}
        onChange={(event) => timerController().setCurrentTask(event.currentTarget.value)}
      />
    </div>
  );
}

/**
 * Shows the card's contents the boot script hid (app/boot/boot-state.ts) once this browser's timer is
 * drawn. A leaf, so the re-render right after hydration stays in it: a re-render of the panel
 * would give the to-do list's boundary new props and make React hydrate it at once, in one task.
 */
function RevealStoredTimer() {
  useRevealWhenHydrated('fr-boot-restore');
  return null;
}

/**
 * The one timer component (product §2: the same on / and /dashboard): type tabs, the dial,
 * the controls, the completed count, the current task, the to-do list, settings and shortcuts.
 */
export function TimerPanel() {
  const controller = timerController();
  const { status: authStatus } = useAuth();
  const signedIn = authStatus === 'authenticated';
  const status = useTimerStore((s) => s.timer.status);
  const notificationsWanted = useTimerStore((s) => s.settings.notification_enabled);
  const [dialog, setDialog] = useState<TimerDialogRequest | null>(null);
  const focusMode = useFocusMode();
  const { t } = useLingui();

  const dispatch = useCallback(
    (event: TimerEvent, at?: number) => {
      if (event.type === 'start' && notificationsWanted) {
        // A click is the gesture browsers want before asking (product §4: asked if undecided).
        void requestNotificationPermission();
      }
      if (event.type === 'start' || event.type === 'resume') {
        // The click unlocks audio, so the alarm can ring later (browsers' autoplay rules).
        unlockAudio(timerSoundUrls(controller.store.getState().settings));
      }
      controller.dispatch(event, at);
    },
    [controller, notificationsWanted],
  );

  /** Start, pause or resume; `at`: when the person pressed, for a press kept while loading. */
  const toggle = useCallback(
    (at?: number) => {
      const current = controller.store.getState().timer.status;
      const type = current === 'running' ? 'pause' : current === 'paused' ? 'resume' : 'start';
      dispatch({ type }, at);
    },
    [controller, dispatch],
  );

  const select = (timerType: TimerType) => {
    const { timer } = controller.store.getState();
    if (timer.type === timerType && timer.status === 'idle') return;
    // Switching away from a phase in progress throws it away: ask first.
    if (timer.status === 'running' || timer.status === 'paused') {
      setDialog({ kind: 'confirm-switch', from: timer.type, to: timerType });
      return;
    }
    dispatch({ type: 'select', timerType });
  };

  useTimerShortcuts(
    {
      toggle,
      reset: (at) => dispatch({ type: 'reset' }, at),
      skip: (at) => dispatch({ type: 'skip' }, at),
      help: () => setDialog({ kind: 'shortcuts' }),
      focus: focusMode.toggle,
    },
    dialog === null,
  );

  const primary =
    status === 'running'
      ? { label: t`Pause`, icon: <IconPlayerPauseFilled size={18} aria-hidden /> }
      : status === 'paused'
        ? { label: t`Resume`, icon: <IconPlayerPlayFilled size={18} aria-hidden /> }
        : { label: t`Start`, icon: <IconPlayerPlayFilled size={18} aria-hidden /> };

  const preloadDialogs = () => void loadDialogs().catch(() => undefined);
  const type = useTimerStore((s) => s.timer.type);

  return (
    <section
      className="fr-timer"
      aria-labelledby="fr-timer-heading"
      data-type={type}
      data-status={status}
    >
      <h2 id="fr-timer-heading" className="fr-visually-hidden">
        {t`Focus timer`}
      </h2>
      <div className="fr-timer-grid">
        <div
          className="fr-card fr-timer-card"
          ref={focusMode.cardRef}
          data-focus-mode={focusMode.active || undefined}
        >
          <div className="fr-timer-toolbar">
            <TypeTabs onSelect={select} />
          </div>

          <TimerDial />

          <div className="fr-controls fr-controls-main">
            <Button
              variant="default"
              size="md"
              leftSection={<IconRotateClockwise size={18} aria-hidden />}
              onClick={(event) => dispatch({ type: 'reset' }, replayedInputTime(event.nativeEvent))}
              disabled={status === 'idle'}
              aria-keyshortcuts={TIMER_SHORTCUT.reset.aria}
            >
              {t`Reset`}
            </Button>
            <Button
              size="lg"
              radius="xl"
              className="fr-primary-action"
              leftSection={primary.icon}
              onClick={(event) => toggle(replayedInputTime(event.nativeEvent))}
              aria-keyshortcuts={TIMER_SHORTCUT.toggle.aria}
            >
              {primary.label}
            </Button>
            <Button
              variant="default"
              size="md"
              leftSection={<IconPlayerSkipForwardFilled size={18} aria-hidden />}
              onClick={(event) => dispatch({ type: 'skip' }, replayedInputTime(event.nativeEvent))}
              aria-keyshortcuts={TIMER_SHORTCUT.skip.aria}
            >
              {t`Skip`}
            </Button>
          </div>

          <div className="fr-timer-footer">
            <CompletedCount />
            <DailyGoal signedIn={signedIn} />
            {signedIn ? (
              <Suspense fallback={null}>
                <LiveIndicator />
              </Suspense>
            ) : null}
            <div className="fr-timer-tools">
              <TimerViewTools focusMode={focusMode} />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t`Keyboard shortcuts`}
                aria-keyshortcuts={TIMER_SHORTCUT.help.aria}
                onClick={() => setDialog({ kind: 'shortcuts' })}
                onMouseEnter={preloadDialogs}
                onFocus={preloadDialogs}
              >
                <IconKeyboard size={20} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t`Timer settings`}
                onClick={() => setDialog({ kind: 'settings' })}
                onMouseEnter={preloadDialogs}
                onFocus={preloadDialogs}
              >
                <IconSettings size={20} aria-hidden />
              </ActionIcon>
            </div>
          </div>
        </div>

        <div className="fr-card fr-tasks-card">
          <Title order={2} fz="h3">
            {t`Tasks`}
          </Title>
          <CurrentTaskField />
          {/* Counted: the theme provider waits for it to hydrate (lib/deferred-part.tsx). */}
          <DeferredPart fallback={<div className="fr-todo-placeholder" aria-hidden="true" />}>
            <TodoList />
          </DeferredPart>
        </div>
      </div>

      {/* The card's contents show this browser's timer from here on. */}
      <RevealStoredTimer />
      {dialog ? (
        <Suspense fallback={null}>
          <TimerDialogs
            request={dialog}
            signedIn={signedIn}
            onClose={() => setDialog(null)}
            onConfirmSwitch={(timerType) => {
              setDialog(null);
              dispatch({ type: 'select', timerType });
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
