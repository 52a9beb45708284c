import './daily-goal-meter.css';
import { goalProgress } from '@focusroom/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { richMessage } from '../i18n';

export interface DailyGoalMeterProps {
  /** Pomodoros completed today. */
  done: number;
  /** The daily goal (settings `daily_goal`). */
  goal: number;
  /** `sm`: one line for the timer card; `lg`: a full-width bar for the statistics card. */
  size?: 'sm' | 'lg';
}

/** Today's pomodoros against the daily goal (product §2): the timer page and /stats show it. */
export function DailyGoalMeter({ done, goal, size = 'sm' }: DailyGoalMeterProps) {
  const { t } = useLingui();
  const progress = goalProgress(done, goal);
  const today = progress.done;
  const target = progress.goal;
  const words = progress.reached
    ? t`${plural(target, {
        one: `${today} of # pomodoro today, goal reached`,
        other: `${today} of # pomodoros today, goal reached`,
      })}`
    : t`${plural(target, {
        one: `${today} of # pomodoro today`,
        other: `${today} of # pomodoros today`,
      })}`;
  // The large meter's figures and word: "3 / 8 pomodoros", the done count in bold (<0>).
  const tally = t`${plural(target, {
    one: `<0>${today}</0> / # pomodoro`,
    other: `<0>${today}</0> / # pomodoros`,
  })}`;
  return (
    <div
      className="fr-goal"
      data-size={size}
      data-reached={progress.reached}
      data-testid="daily-goal"
    >
      {size === 'sm' ? <span>{t`Today`}</span> : null}
      <span
        className="fr-goal-bar"
        role="progressbar"
        aria-label={t`Daily goal`}
        aria-valuemin={0}
        aria-valuemax={progress.goal}
        aria-valuenow={Math.min(progress.done, progress.goal)}
        aria-valuetext={words}
      >
        <span className="fr-goal-fill" style={{ width: `${progress.fraction * 100}%` }} />
      </span>
      <span className="fr-goal-text">
        {size === 'lg' ? (
          richMessage(tally, [<strong />])
        ) : (
          <>
            <strong>{today}</strong> / {target}
          </>
        )}
        {progress.reached ? <span aria-hidden="true"> ✓</span> : null}
      </span>
    </div>
  );
}
