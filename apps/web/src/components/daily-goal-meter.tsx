import './daily-goal-meter.css';
import { goalProgress } from '@focusroom/core';

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
  const progress = goalProgress(done, goal);
  const words = `${progress.done} of ${progress.goal} pomodoros today`;
  return (
    <div
      className="fr-goal"
      data-size={size}
      data-reached={progress.reached}
      data-testid="daily-goal"
    >
      {size === 'sm' ? <span>Today</span> : null}
      <span
        className="fr-goal-bar"
        role="progressbar"
        aria-label="Daily goal"
        aria-valuemin={0}
        aria-valuemax={progress.goal}
        aria-valuenow={Math.min(progress.done, progress.goal)}
        aria-valuetext={progress.reached ? `${words}, goal reached` : words}
      >
        <span className="fr-goal-fill" style={{ width: `${progress.fraction * 100}%` }} />
      </span>
      <span className="fr-goal-text">
        <strong>{progress.done}</strong> / {progress.goal}
        {size === 'lg' ? ' pomodoros' : null}
        {progress.reached ? <span aria-hidden="true"> ✓</span> : null}
      </span>
    </div>
  );
}
