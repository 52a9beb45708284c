import { STORAGE_KEYS } from '@focusroom/core';

/**
 * localStorage can throw (private modes, quota, disabled storage); a focus timer must keep
 * working without it, so every access degrades to "nothing stored".
 */
export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the in-memory state still works for this tab.
  }
}

export function removeItem(key: string): void {
  writeItem(key, null);
}

export function readToken(): string | null {
  const token = readItem(STORAGE_KEYS.token);
  return token && token.trim() ? token : null;
}

export function removeToken(): void {
  removeItem(STORAGE_KEYS.token);
}
