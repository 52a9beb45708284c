import {
  THEME_ART_HEIGHT,
  THEME_ART_WIDTH,
  THEME_MOTIONS,
  type ThemeMotion,
} from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import {
  coverTransform,
  moteOpacity,
  motionFrame,
  type GlowShape,
  type StreakShape,
} from './motion-frame';

const motionOf = (art: keyof typeof THEME_MOTIONS): ThemeMotion => {
  const motion = THEME_MOTIONS[art];
  if (!motion) throw new Error(`${art} does not move`);
  return motion;
};

describe('coverTransform', () => {
  it('fills a wide screen by width and crops top and bottom evenly', () => {
    const { scale, dx, dy } = coverTransform(1920, 800);
    expect(scale).toBe(1);
    expect(dx).toBe(0);
    expect(dy).toBe(-140);
  });

  it('fills a phone by height and crops the sides evenly, centre on centre', () => {
    const { scale, dx, dy } = coverTransform(390, 844);
    expect(scale).toBeCloseTo(844 / 1080);
    expect(dy).toBe(0);
    const centre = (THEME_ART_WIDTH / 2) * scale + dx;
    expect(centre).toBeCloseTo(195);
    expect(THEME_ART_WIDTH * scale).toBeGreaterThanOrEqual(390);
  });
});

describe('motionFrame', () => {
  it('is the same for the same time (no hidden state between frames)', () => {
    for (const motion of Object.values(THEME_MOTIONS)) {
      expect(motionFrame(motion!, 12.5)).toEqual(motionFrame(motion!, 12.5));
    }
  });

  it('moves the aurora lights back and forth and repeats each light on its own cycle', () => {
    const motion = motionOf('northern-lights');
    const glows = (t: number) => motionFrame(motion, t) as GlowShape[];
    const first = motion.layers[0]!;
    if (first.kind !== 'glow') throw new Error('the aurora starts with its lights');
    const period = first.lights[0]!.period;
    expect(glows(period)[0]!.x).toBeCloseTo(glows(0)[0]!.x);
    expect(Math.abs(glows(period / 2)[0]!.x - glows(0)[0]!.x)).toBeCloseTo(
      Math.abs(first.lights[0]!.dx),
    );
    for (const glow of glows(7)) {
      expect(glow.opacity).toBeGreaterThan(0);
      expect(glow.opacity).toBeLessThanOrEqual(1);
    }
  });

  it('lets rain fall down and to the side, every drop inside the picture, wrapping round', () => {
    const motion = motionOf('cityscape');
    const at = (t: number) => motionFrame(motion, t) as StreakShape[];
    const before = at(10);
    const after = at(10.1);
    expect(before).toHaveLength(110);
    let fell = 0;
    before.forEach((drop, i) => {
      const next = after[i]!;
      expect(drop.y2).toBeGreaterThanOrEqual(0);
      expect(drop.y2).toBeLessThanOrEqual(THEME_ART_HEIGHT + 60);
      expect(drop.x2).toBeGreaterThanOrEqual(0);
      expect(drop.x2).toBeLessThan(THEME_ART_WIDTH);
      // A streak leans: its top is to the right of its foot (the rain blows left).
      expect(drop.x1).toBeGreaterThan(drop.x2);
      expect(drop.y1).toBeLessThan(drop.y2);
      if (next.y2 > drop.y2) fell++;
    });
    // In a tenth of a second all but the drops that wrapped to the top have fallen.
    expect(fell).toBeGreaterThan(100);
  });

  it('fades motes in and out, and drifts each one along its way', () => {
    expect(moteOpacity(0, 0.2)).toBe(0);
    expect(moteOpacity(0.1, 0.2)).toBeCloseTo(0.5);
    expect(moteOpacity(0.5, 0.2)).toBe(1);
    expect(moteOpacity(0.9, 0.2)).toBeCloseTo(0.5);
    expect(moteOpacity(0.5, 0)).toBe(1);
    const motion = motionOf('dark-elegance');
    const motes = motionFrame(motion, 3) as GlowShape[];
    expect(motes.length).toBeGreaterThan(20);
    expect(motes.length).toBeLessThanOrEqual(30);
    for (const mote of motes) {
      expect(mote.opacity).toBeGreaterThan(0);
      expect(mote.rx).toBe(mote.ry);
    }
    // A second later the motes that are still on their way have risen.
    const later = motionFrame(motion, 4) as GlowShape[];
    const risen = later.filter((mote) =>
      motes.some((m) => Math.abs(m.x - mote.x) < 3 && m.y > mote.y && m.y - mote.y < 10),
    );
    expect(risen.length).toBeGreaterThan(10);
  });
});
