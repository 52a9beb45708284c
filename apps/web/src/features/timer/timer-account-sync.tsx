import { useAlarmsFollowSession } from '../alarms';
import { CarryOverGate, useCarryOver } from './carry-over-gate';
import type { TimerController } from './timer-store';
import { useAccountTodayCount } from './use-account-today-count';
import { useOutboxSync } from './use-outbox-sync';
import { useSharedTimer } from './use-shared-timer';
import { useTimerServerSync } from './use-timer-server-sync';

function ServerSync({ controller, userId }: { controller: TimerController; userId: string }) {
  useTimerServerSync(controller, userId);
  useSharedTimer(controller, userId);
  return null;
}

/**
 * What only a signed-in user needs: server settings and to-dos (TanStack Query), the session
 * outbox's send triggers, today's count for the daily goal and the watch over this browser's push
 * alarms. Loaded on demand, so a visitor's first load of / never carries it. While a visitor's
 * set-up waits to be carried into the account (or the person is asked whether it should be,
 * decision 051), the settings and to-dos wait: the account's would otherwise replace the
 * visitor's before they were kept.
 */
export default function TimerAccountSync({
  controller,
  userId,
}: {
  controller: TimerController;
  userId: string;
}) {
  const carry = useCarryOver(userId);
  // This browser's push alarms end with the session (issue 33).
  useAlarmsFollowSession(userId);
  useOutboxSync(userId);
  useAccountTodayCount(userId);
  return carry ? (
    <CarryOverGate carry={carry} controller={controller} />
  ) : (
    <ServerSync controller={controller} userId={userId} />
  );
}
