import { DailyGoalMeter } from '../../components/daily-goal-meter';
import { useTodayCount } from './daily-count';
import { useTimerStore } from './use-timer';

/** The daily goal on the timer card: today's finished pomodoros against `daily_goal`. */
export function DailyGoal({ signedIn }: { signedIn: boolean }) {
  const goal = useTimerStore((s) => s.settings.daily_goal);
  const done = useTodayCount(signedIn);
  // A signed-in user's count is on its way from the server: show nothing rather than a wrong 0.
  if (done === null) return null;
  return <DailyGoalMeter done={done} goal={goal} />;
}
