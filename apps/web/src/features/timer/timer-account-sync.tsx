import type { TimerController } from './timer-store';
import { useAccountTodayCount } from './use-account-today-count';
import { useOutboxSync } from './use-outbox-sync';
import { useTimerServerSync } from './use-timer-server-sync';

/**
 * What only a signed-in user needs: server settings and to-dos (TanStack Query), the session
 * outbox's send triggers and today's count for the daily goal. Loaded on demand, so a visitor's
 * first load of / never carries it.
 */
export default function TimerAccountSync({
  controller,
  userId,
}: {
  controller: TimerController;
  userId: string;
}) {
  useTimerServerSync(controller, userId);
  useOutboxSync(userId);
  useAccountTodayCount(userId);
  return null;
}
