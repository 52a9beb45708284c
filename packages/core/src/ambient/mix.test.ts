import { describe, expect, it } from 'vitest';
import { SOUNDSCAPES, SOUNDSCAPE_IDS, isSoundscapeId, soundscapeName } from './catalogue.js';
import {
  activeSounds,
  ambientGain,
  clampAmbientVolume,
  defaultMix,
  isSilentMix,
  normalizeMix,
  withMaster,
  withSound,
} from './mix.js';

describe('catalogue', () => {
  it('has at least the six soundscapes the mixer promises, each once', () => {
    expect(SOUNDSCAPE_IDS).toEqual(
      expect.arrayContaining(['white', 'pink', 'brown', 'rain', 'wind', 'waves']),
    );
    expect(new Set(SOUNDSCAPES.map((s) => s.id)).size).toBe(SOUNDSCAPES.length);
    expect(SOUNDSCAPES.map((s) => s.id)).toEqual([...SOUNDSCAPE_IDS]);
    for (const s of SOUNDSCAPES) {
      expect(s.defaultVolume).toBeGreaterThan(0);
      expect(s.defaultVolume).toBeLessThanOrEqual(100);
    }
  });

  it('recognises its ids and names them', () => {
    expect(isSoundscapeId('rain')).toBe(true);
    expect(isSoundscapeId('thunder')).toBe(false);
    expect(isSoundscapeId(3)).toBe(false);
    expect(soundscapeName('waves')).toBe('Ocean waves');
  });
});

describe('mix model', () => {
  it('clamps volumes to whole numbers 0-100', () => {
    expect(clampAmbientVolume(-5)).toBe(0);
    expect(clampAmbientVolume(250)).toBe(100);
    expect(clampAmbientVolume(42.6)).toBe(43);
    expect(clampAmbientVolume(Number.NaN, 7)).toBe(7);
    expect(clampAmbientVolume('50', 9)).toBe(9);
  });

  it('turns a volume into a gain on a squared curve', () => {
    expect(ambientGain(0)).toBe(0);
    expect(ambientGain(50)).toBe(0.25);
    expect(ambientGain(100)).toBe(1);
    expect(ambientGain(180)).toBe(1);
  });

  it('starts with nothing on and every default volume', () => {
    const mix = defaultMix();
    expect(activeSounds(mix)).toEqual([]);
    expect(mix.sounds.rain.volume).toBe(60);
    expect(isSilentMix(mix)).toBe(true);
  });

  it('turns sounds on and off and sets their volume, clamped, without touching the input', () => {
    const start = defaultMix();
    const mix = withSound(withSound(start, 'rain', { on: true }), 'wind', {
      on: true,
      volume: 140,
    });
    expect(activeSounds(mix)).toEqual(['rain', 'wind']);
    expect(mix.sounds.wind.volume).toBe(100);
    expect(activeSounds(start)).toEqual([]);
    expect(withSound(mix, 'rain', { on: false }).sounds.rain).toEqual({ on: false, volume: 60 });
    expect(withMaster(mix, -3).master).toBe(0);
  });

  it('is silent when nothing on is audible', () => {
    const rain = withSound(defaultMix(), 'rain', { on: true });
    expect(isSilentMix(rain)).toBe(false);
    expect(isSilentMix(withMaster(rain, 0))).toBe(true);
    expect(isSilentMix(withSound(rain, 'rain', { volume: 0 }))).toBe(true);
  });

  it('reads stored values defensively', () => {
    expect(normalizeMix(null)).toEqual(defaultMix());
    expect(normalizeMix('junk')).toEqual(defaultMix());
    const mix = normalizeMix({
      master: 500,
      sounds: { rain: { on: true, volume: -1 }, thunder: { on: true }, wind: 'x', pink: { on: 1 } },
    });
    expect(mix.master).toBe(100);
    expect(mix.sounds.rain).toEqual({ on: true, volume: 0 });
    expect(mix.sounds.pink.on).toBe(false);
    expect(Object.keys(mix.sounds).sort()).toEqual([...SOUNDSCAPE_IDS].sort());
  });
});
