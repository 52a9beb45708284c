import type { TimerController } from './timer-store';
import { useOutboxSync } from './use-outbox-sync';
import { useTimerServerSync } from './use-timer-server-sync';

/**
 * What only a signed-in user needs: server settings and to-dos (TanStack Query) and the session
 * outbox's send triggers. Loaded on demand, so a visitor's first load of / never carries it.
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
  return null;
}
