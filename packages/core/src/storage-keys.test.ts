import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage-keys.js';

describe('client storage keys', () => {
  const all: string[] = Object.values(STORAGE_KEYS);

  it('names every stored value with its own key', () => {
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps the six keys existing clients read and prefixes every other with focusroom_', () => {
    const legacy = ['token', 'user', 'lastAvatarUrl', 'lastUserId', 'theme', 'selectedTheme'];
    expect(all.filter((key) => !key.startsWith('focusroom_'))).toEqual(legacy);
  });
});
