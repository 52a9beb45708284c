import './timer.css';
import type { TimerType } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { TIMER_TYPE_TITLES } from './phase-titles';
import {
  IconArmchair,
  IconBrain,
  IconCoffee,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { ROUTES } from '../../app/paths';
import { useAuth } from '../../lib/auth-context';
import { readingAt, readingText } from './format';
import { timerSoundUrls, unlockAudio } from './timer-audio';
import { timerController } from './timer-store';
import { useTimerStore } from './use-timer';

/** The phase at a glance where the bar has no room for its title (phones). */
const PHASE_ICONS: Record<TimerType, Icon> = {
  pomodoro: IconBrain,
  short_break: IconCoffee,
  long_break: IconArmchair,
};

/**
 * The timer badge of product §2: signed-in users only, hidden while idle (the completed state is
 * not idle, decided), the remaining time under the type's title, a click to /dashboard and a
 * pause/resume button. Colours: paused yellow, pomodoro red, short break green, long break blue.
 */
export function TimerBadge({
  onNavigate,
  compact = false,
}: {
  onNavigate?: () => void;
  /** Narrow top bars: an icon named after the phase stands for the title, the time stays. */
  compact?: boolean;
}) {
  const { status: authStatus } = useAuth();
  const { t, i18n } = useLingui();
  const view = useTimerStore(
    useShallow((s) => ({
      status: s.timer.status,
      type: s.timer.type,
      // The user's display (issue 35): the clock, whole minutes, or no number at all.
      time: readingText(i18n.locale, readingAt(s.timer, s.now, s.settings)),
    })),
  );
  if (authStatus !== 'authenticated' || view.status === 'idle') return null;

  const title = i18n._(TIMER_TYPE_TITLES[view.type]);
  const time = view.time;
  // The link's name for a screen reader, one sentence per state (no glued pieces to translate).
  const paused = view.status === 'paused';
  const name =
    time === null
      ? paused
        ? t({
            comment: 'The timer badge link, the time hidden: phase, paused',
            message: `${title}, paused. Click to go to the timer page`,
          })
        : t({
            comment: 'The timer badge link, the time hidden: phase',
            message: `${title}. Click to go to the timer page`,
          })
      : paused
        ? t({
            comment: 'The timer badge link: phase, time left, paused',
            message: `${title} ${time}, paused. Click to go to the timer page`,
          })
        : t({
            comment: 'The timer badge link: phase and time left',
            message: `${title} ${time}. Click to go to the timer page`,
          });
  const PhaseIcon = PHASE_ICONS[view.type];
  const tone = view.status === 'paused' ? 'paused' : view.type;
  const toggle =
    view.status === 'running'
      ? { label: t`Pause timer`, event: 'pause' as const }
      : view.status === 'paused'
        ? { label: t`Resume timer`, event: 'resume' as const }
        : { label: t`Start ${title}`, event: 'start' as const };

  return (
    <div className="fr-badge" data-tone={tone} data-testid="timer-badge">
      <Link
        to={ROUTES.dashboard.path}
        className="fr-badge-link"
        title={t`${title}: Click to go to the timer page`}
        aria-label={name}
        onClick={onNavigate}
      >
        {compact ? (
          <span className="fr-badge-icon" role="img" aria-label={title}>
            <PhaseIcon size={15} aria-hidden />
          </span>
        ) : (
          <>
            <span className="fr-badge-dot" aria-hidden="true" />
            <span>{title}</span>
          </>
        )}
        {time === null ? null : <span className="fr-badge-time">{time}</span>}
      </Link>
      <button
        type="button"
        className="fr-badge-toggle"
        aria-label={toggle.label}
        title={toggle.label}
        onClick={() => {
          const controller = timerController();
          // A click that starts the timer also unlocks its sounds (browsers' autoplay rules).
          if (toggle.event !== 'pause') {
            unlockAudio(timerSoundUrls(controller.store.getState().settings));
          }
          controller.dispatch({ type: toggle.event });
        }}
      >
        {view.status === 'running' ? (
          <IconPlayerPauseFilled size={14} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={14} aria-hidden />
        )}
      </button>
    </div>
  );
}
