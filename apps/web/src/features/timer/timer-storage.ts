import { readItem, writeItem } from '../../lib/storage';

/** Client storage keys of DESIGN §4a for the timer. */
export const TIMER_STORAGE_KEYS = {
  settings: 'focusroom_settings',
  timer: 'focusroom_timer',
  todos: 'focusroom_todos',
} as const;

/** Only the accuracy benchmark sets this: it turns the Worker pulse off to measure without it. */
export const NO_WORKER_PULSE_KEY = 'focusroom_bench_no_worker_pulse';

export function readJson(key: string): unknown {
  const raw = readItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, value === undefined ? null : JSON.stringify(value));
}
