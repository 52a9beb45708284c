import { readItem, writeItem } from '../../lib/storage';

/** JSON values under the timer's storage keys (STORAGE_KEYS of @focusroom/core). */
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
