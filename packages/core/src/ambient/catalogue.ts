/**
 * The ambient mixer's soundscapes (product §4 ambient mixer). Every one is generated in the
 * browser with Web Audio (noise, filters, slow modulation): no files, no network, so the mixer
 * works offline. The order here is the order the mixer lists them.
 */
export const SOUNDSCAPE_IDS = ['rain', 'waves', 'wind', 'fire', 'white', 'pink', 'brown'] as const;

export type SoundscapeId = (typeof SOUNDSCAPE_IDS)[number];

export interface Soundscape {
  id: SoundscapeId;
  name: string;
  /** The volume (0-100) a sound starts at the first time it is turned on. */
  defaultVolume: number;
}

export const SOUNDSCAPES: readonly Soundscape[] = [
  { id: 'rain', name: 'Rain', defaultVolume: 60 },
  { id: 'waves', name: 'Ocean waves', defaultVolume: 60 },
  { id: 'wind', name: 'Wind', defaultVolume: 50 },
  { id: 'fire', name: 'Crackling fire', defaultVolume: 55 },
  { id: 'white', name: 'White noise', defaultVolume: 35 },
  { id: 'pink', name: 'Pink noise', defaultVolume: 45 },
  { id: 'brown', name: 'Brown noise', defaultVolume: 55 },
];

export function isSoundscapeId(value: unknown): value is SoundscapeId {
  return typeof value === 'string' && (SOUNDSCAPE_IDS as readonly string[]).includes(value);
}

export function soundscapeName(id: SoundscapeId): string {
  return SOUNDSCAPES.find((s) => s.id === id)?.name ?? id;
}
