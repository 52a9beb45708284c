import { describe, expect, it } from 'vitest';
import { THEME_ART_FILES } from './art-files.js';
import { THEME_MOTIONS, THEME_MOTION_MAX_FPS, themeArtOf, themeMotionFor } from './motion.js';
import { STANDARD_THEMES, THEME_ART_PATH } from './standard.js';

describe('which art moves', () => {
  it('moves at least three standard themes: aurora, rain and drifting light', () => {
    const moving = STANDARD_THEMES.filter((theme) => themeMotionFor(theme.image_url) !== null);
    expect(moving.map((theme) => theme.name).sort()).toEqual([
      'Abstract',
      'Cityscape',
      'Dark Elegance',
      'Northern Lights',
    ]);
    const kinds = new Set(
      Object.values(THEME_MOTIONS).flatMap((m) => m!.layers.map((layer) => layer.kind)),
    );
    expect([...kinds].sort()).toEqual(['glow', 'motes', 'rain']);
  });

  it('knows the art only by its current URL on our origin, so a custom image never moves', () => {
    const url = `${THEME_ART_PATH}${THEME_ART_FILES['northern-lights']}`;
    expect(themeArtOf(url)).toBe('northern-lights');
    expect(themeMotionFor(url)).toBe(THEME_MOTIONS['northern-lights']);
    expect(themeArtOf(`https://example.com${url}`)).toBeNull();
    expect(themeArtOf(`${THEME_ART_PATH}northern-lights.0000000000.svg`)).toBeNull();
    expect(themeArtOf(null)).toBeNull();
    expect(themeArtOf('')).toBeNull();
    expect(themeMotionFor(`${THEME_ART_PATH}${THEME_ART_FILES.forest}`)).toBeNull();
  });

  it('keeps every frame rate within the cap and every cycle slow', () => {
    for (const motion of Object.values(THEME_MOTIONS)) {
      expect(motion!.fps).toBeGreaterThan(0);
      expect(motion!.fps).toBeLessThanOrEqual(THEME_MOTION_MAX_FPS);
      for (const layer of motion!.layers) {
        if (layer.kind === 'glow') {
          for (const light of layer.lights) expect(light.period).toBeGreaterThanOrEqual(20);
        }
        if (layer.kind === 'motes') expect(layer.period[0]).toBeGreaterThanOrEqual(20);
      }
    }
  });
});
