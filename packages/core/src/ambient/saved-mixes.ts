import { AMBIENT_MESSAGES } from './messages.js';
import { activeSounds, normalizeMix, type AmbientMix } from './mix.js';
import { AMBIENT_MIX_NAME_MAX_LENGTH, AMBIENT_SAVED_MIXES_MAX } from './saved-mixes-limits.js';

export { AMBIENT_MIX_NAME_MAX_LENGTH, AMBIENT_SAVED_MIXES_MAX };

export interface SavedMix {
  name: string;
  mix: AmbientMix;
}

export type SaveMixResult =
  { ok: true; mixes: SavedMix[]; replaced: boolean; name: string } | { ok: false; error: string };

/** Names compare without case and surrounding spaces: "Rain" and " rain " are one mix. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The message for a bad mix name, or null when the name may be saved. */
export function mixNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return AMBIENT_MESSAGES.mixNameRequired;
  if ([...trimmed].length > AMBIENT_MIX_NAME_MAX_LENGTH) return AMBIENT_MESSAGES.mixNameTooLong;
  return null;
}

export function findSavedMix(mixes: readonly SavedMix[], name: string): SavedMix | undefined {
  return mixes.find((m) => sameName(m.name, name));
}

/**
 * Saves `mix` under `name`: a mix of the same name is replaced in place (this never counts
 * against the limit), a new one is added at the end while fewer than 20 are kept. Bad input
 * changes nothing and says why.
 */
export function saveMix(mixes: readonly SavedMix[], name: string, mix: AmbientMix): SaveMixResult {
  const error = mixNameError(name);
  if (error) return { ok: false, error };
  if (activeSounds(mix).length === 0) return { ok: false, error: AMBIENT_MESSAGES.mixNothingOn };
  const trimmed = name.trim();
  const entry: SavedMix = { name: trimmed, mix: normalizeMix(mix) };
  const index = mixes.findIndex((m) => sameName(m.name, trimmed));
  if (index >= 0) {
    const next = [...mixes];
    next[index] = entry;
    return { ok: true, mixes: next, replaced: true, name: trimmed };
  }
  if (mixes.length >= AMBIENT_SAVED_MIXES_MAX) {
    return { ok: false, error: AMBIENT_MESSAGES.mixLimitReached };
  }
  return { ok: true, mixes: [...mixes, entry], replaced: false, name: trimmed };
}

export function deleteMix(mixes: readonly SavedMix[], name: string): SavedMix[] {
  return mixes.filter((m) => !sameName(m.name, name));
}

/**
 * Stored saved mixes, read defensively: entries without a valid name are dropped, duplicates
 * keep the first, and at most 20 are kept.
 */
export function normalizeSavedMixes(value: unknown): SavedMix[] {
  if (!Array.isArray(value)) return [];
  const result: SavedMix[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const raw = item as { name?: unknown; mix?: unknown };
    if (typeof raw.name !== 'string' || mixNameError(raw.name)) continue;
    if (findSavedMix(result, raw.name)) continue;
    result.push({ name: raw.name.trim(), mix: normalizeMix(raw.mix) });
    if (result.length >= AMBIENT_SAVED_MIXES_MAX) break;
  }
  return result;
}
