import { STORAGE_KEYS, localDayKey } from '@focusroom/core';
import { useSyncExternalStore } from 'react';
import { readItem, writeItem } from '../../lib/storage';

/**
 * Today's finished pomodoros for the daily goal (product §2 timer page). A visitor's are counted
 * in this browser (`focusroom_goal_day`, by the start instant so two tabs count a pomodoro
 * once); a signed-in user's come from the server, pushed here by the account sync.
 */

interface GoalDay {
  day: string;
  /** Start instants of today's finished pomodoros: the count, and the key that dedupes tabs. */
  started: number[];
}

/** More than a day can hold; keeps the stored value small whatever happens. */
const MAX_STARTS = 200;

const listeners = new Set<() => void>();
let accountCount: number | null = null;

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function readGoalDay(): GoalDay | null {
  const raw = readItem(STORAGE_KEYS.goalDay);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<GoalDay> | null;
    if (!value || typeof value.day !== 'string' || !Array.isArray(value.started)) return null;
    return { day: value.day, started: value.started.filter((n) => typeof n === 'number') };
  } catch {
    return null;
  }
}

/** A visitor's pomodoros finished today (0 on a new day). */
export function localCountToday(now: number = Date.now()): number {
  const stored = readGoalDay();
  return stored && stored.day === localDayKey(now) ? stored.started.length : 0;
}

/** Counts a visitor's finished pomodoro that started today; the same pomodoro counts once. */
export function countLocalPomodoro(startedAt: number, now: number = Date.now()): void {
  const today = localDayKey(now);
  // A pomodoro begun before midnight belongs to yesterday, as on the statistics page.
  if (localDayKey(startedAt) !== today) return;
  const stored = readGoalDay();
  const started = stored && stored.day === today ? stored.started : [];
  if (started.includes(startedAt)) return;
  writeItem(
    STORAGE_KEYS.goalDay,
    JSON.stringify({ day: today, started: [...started, startedAt].slice(-MAX_STARTS) }),
  );
  emit();
}

/** The signed-in user's count from the server (null: not known yet, or signed out). */
export function setAccountCount(count: number | null): void {
  if (accountCount === count) return;
  accountCount = count;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.goalDay) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Today's finished pomodoros for the goal, or null while a signed-in user's count loads. */
export function useTodayCount(signedIn: boolean): number | null {
  return useSyncExternalStore(
    subscribe,
    () => (signedIn ? accountCount : localCountToday()),
    // A pre-rendered page is a visitor's with nothing counted; this browser's count follows.
    () => (signedIn ? null : 0),
  );
}
