import { useStore } from 'zustand';
import { timerController, type TimerSnapshot } from './timer-store';

/** Reads the one timer store; components pick the slice they draw so they re-render rarely. */
export function useTimerStore<T>(selector: (snapshot: TimerSnapshot) => T): T {
  return useStore(timerController().store, selector);
}
