import { describe, expect, it } from 'vitest';
import { AMBIENT_MESSAGES } from './messages.js';
import { defaultMix, withSound } from './mix.js';
import {
  AMBIENT_MIX_NAME_MAX_LENGTH,
  AMBIENT_SAVED_MIXES_MAX,
  deleteMix,
  findSavedMix,
  mixNameError,
  normalizeSavedMixes,
  saveMix,
  type SavedMix,
} from './saved-mixes.js';

const rain = withSound(defaultMix(), 'rain', { on: true });
const wind = withSound(defaultMix(), 'wind', { on: true });

describe('saved mixes', () => {
  it('accepts names of 1-40 characters after trimming', () => {
    expect(AMBIENT_MIX_NAME_MAX_LENGTH).toBe(40);
    expect(mixNameError('   ')).toBe(AMBIENT_MESSAGES.mixNameRequired);
    expect(mixNameError('a'.repeat(40))).toBeNull();
    expect(mixNameError(` ${'a'.repeat(40)} `)).toBeNull();
    expect(mixNameError('a'.repeat(41))).toBe(AMBIENT_MESSAGES.mixNameTooLong);
    expect(AMBIENT_MESSAGES.mixNameTooLong).toContain('40');
  });

  it('adds a new mix with its trimmed name', () => {
    const result = saveMix([], '  Rainy desk ', rain);
    expect(result).toEqual({
      ok: true,
      mixes: [{ name: 'Rainy desk', mix: rain }],
      replaced: false,
      name: 'Rainy desk',
    });
  });

  it('replaces a mix of the same name (any case) in place', () => {
    const first = saveMix([], 'Desk', rain);
    if (!first.ok) throw new Error(first.error);
    const second = saveMix([...first.mixes, { name: 'Other', mix: rain }], 'desk', wind);
    expect(second.ok && second.replaced).toBe(true);
    expect(second.ok && second.mixes.map((m) => m.name)).toEqual(['desk', 'Other']);
    expect(second.ok && second.mixes[0]!.mix.sounds.wind.on).toBe(true);
  });

  it('refuses a bad name, an empty mix and a 21st mix, changing nothing', () => {
    expect(saveMix([], '', rain)).toEqual({ ok: false, error: AMBIENT_MESSAGES.mixNameRequired });
    expect(saveMix([], 'Quiet', defaultMix())).toEqual({
      ok: false,
      error: AMBIENT_MESSAGES.mixNothingOn,
    });
    const full: SavedMix[] = Array.from({ length: AMBIENT_SAVED_MIXES_MAX }, (_, i) => ({
      name: `Mix ${i}`,
      mix: rain,
    }));
    expect(AMBIENT_SAVED_MIXES_MAX).toBe(20);
    expect(saveMix(full, 'One more', rain)).toEqual({
      ok: false,
      error: AMBIENT_MESSAGES.mixLimitReached,
    });
    // Replacing one of the twenty is still allowed.
    expect(saveMix(full, 'mix 3', wind).ok).toBe(true);
  });

  it('finds and deletes by name without case', () => {
    const mixes: SavedMix[] = [
      { name: 'Rain', mix: rain },
      { name: 'Wind', mix: wind },
    ];
    expect(findSavedMix(mixes, ' rain ')?.name).toBe('Rain');
    expect(deleteMix(mixes, 'RAIN').map((m) => m.name)).toEqual(['Wind']);
    expect(deleteMix(mixes, 'nothing')).toEqual(mixes);
  });

  it('reads stored mixes defensively', () => {
    expect(normalizeSavedMixes('junk')).toEqual([]);
    const stored = [
      { name: 'Rain', mix: rain },
      { name: 'rain', mix: wind },
      { name: '', mix: rain },
      { name: 'x'.repeat(41), mix: rain },
      null,
      { name: 'Odd', mix: 'nope' },
      ...Array.from({ length: 30 }, (_, i) => ({ name: `M${i}`, mix: rain })),
    ];
    const mixes = normalizeSavedMixes(stored);
    expect(mixes).toHaveLength(AMBIENT_SAVED_MIXES_MAX);
    expect(mixes[0]).toEqual({ name: 'Rain', mix: rain });
    expect(mixes[1]).toEqual({ name: 'Odd', mix: defaultMix() });
  });
});
