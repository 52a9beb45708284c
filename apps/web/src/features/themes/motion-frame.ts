import {
  THEME_ART_HEIGHT,
  THEME_ART_WIDTH,
  type GlowLayer,
  type GlowStop,
  type MotionLayer,
  type MoteLayer,
  type RainLayer,
  type ThemeMotion,
} from '@focusroom/core';

/**
 * Where each light, mote and raindrop of an animated standard art (core themes/motion.ts) is
 * at a given time, in the art's own 1920x1080 coordinates, and how those coordinates cover a
 * screen (decision 030). Pure, so a frame is the same for the same time; theme-motion.ts draws it.
 */

/**
 * The canvas is drawn at this fraction of the screen's CSS pixels: the parts are soft glows
 * and faint streaks, and a smaller canvas is cheaper to draw and to put on screen.
 */
export const THEME_MOTION_RESOLUTION = 0.5;

/** A soft light to draw: an ellipse filled with a radial gradient of `stops`. */
export interface GlowShape {
  type: 'glow';
  x: number;
  y: number;
  rx: number;
  ry: number;
  opacity: number;
  stops: readonly GlowStop[];
}

/** A line to draw. */
export interface StreakShape {
  type: 'streak';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: string;
  width: number;
  opacity: number;
}

export type MotionShape = GlowShape | StreakShape;

/**
 * How the picture covers a screen of `width` x `height`, as the art's
 * `preserveAspectRatio="xMidYMid slice"` does: scaled to fill, centred, the rest cropped.
 * A picture point (x, y) lands at (x * scale + dx, y * scale + dy).
 */
export function coverTransform(
  width: number,
  height: number,
): { scale: number; dx: number; dy: number } {
  const scale = Math.max(width / THEME_ART_WIDTH, height / THEME_ART_HEIGHT);
  return {
    scale,
    dx: (width - THEME_ART_WIDTH * scale) / 2,
    dy: (height - THEME_ART_HEIGHT * scale) / 2,
  };
}

/** mulberry32 seeded by a name (FNV-1a): the same particles on every visit. */
function random(seed: string): () => number {
  let hash = 2166136261;
  for (const char of seed) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  let a = hash >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (next: () => number, [min, max]: readonly [number, number]) =>
  min + (max - min) * next();

/** 0 at the start of a cycle, 1 at its middle, back to 0, easing in and out. */
function swing(t: number, period: number, phase: number): number {
  return (1 - Math.cos(2 * Math.PI * (t / period + phase))) / 2;
}

/** The fractional part, always in [0, 1). */
const fraction = (value: number) => value - Math.floor(value);

interface Mote {
  x: number;
  y: number;
  r: number;
  period: number;
  phase: number;
}

interface Drop {
  x: number;
  y: number;
  speed: number;
  length: number;
  opacity: number;
}

/** The fixed particles of each layer, made once per layer object. */
const particles = new WeakMap<MotionLayer, Mote[] | Drop[]>();

function motesOf(layer: MoteLayer): Mote[] {
  let list = particles.get(layer) as Mote[] | undefined;
  if (!list) {
    const next = random(layer.seed);
    const [left, top, right, bottom] = layer.area;
    list = Array.from({ length: layer.count }, () => ({
      x: between(next, [left, right]),
      y: between(next, [top, bottom]),
      r: between(next, layer.radius),
      period: between(next, layer.period),
      phase: next(),
    }));
    particles.set(layer, list);
  }
  return list;
}

function dropsOf(layer: RainLayer): Drop[] {
  let list = particles.get(layer) as Drop[] | undefined;
  if (!list) {
    const next = random(layer.seed);
    list = Array.from({ length: layer.count }, () => ({
      x: between(next, [0, THEME_ART_WIDTH]),
      y: between(next, [0, THEME_ART_HEIGHT]),
      speed: between(next, layer.speed),
      length: between(next, layer.length),
      // In steps of 0.02: drops of one opacity are drawn as one path.
      opacity: Math.round(between(next, layer.opacity) * 50) / 50,
    }));
    particles.set(layer, list);
  }
  return list;
}

/** How visible a mote is at `progress` (0-1) through its life: in, steady, out. */
export function moteOpacity(progress: number, fade: number): number {
  if (fade <= 0) return 1;
  if (progress < fade) return progress / fade;
  if (progress > 1 - fade) return (1 - progress) / fade;
  return 1;
}

function glowShapes(layer: GlowLayer, t: number, out: MotionShape[]): void {
  for (const light of layer.lights) {
    const u = swing(t, light.period, light.phase);
    const grow = 1 + (light.grow - 1) * u;
    out.push({
      type: 'glow',
      x: light.x + light.dx * u,
      y: light.y + light.dy * u,
      rx: light.rx * grow,
      ry: light.ry * grow,
      opacity: light.opacity[0] + (light.opacity[1] - light.opacity[0]) * u,
      stops: layer.stops,
    });
  }
}

function moteShapes(layer: MoteLayer, t: number, out: MotionShape[]): void {
  for (const mote of motesOf(layer)) {
    const progress = fraction(t / mote.period + mote.phase);
    const opacity = moteOpacity(progress, layer.fade);
    if (opacity <= 0) continue;
    out.push({
      type: 'glow',
      x: mote.x + layer.travel[0] * progress,
      y: mote.y + layer.travel[1] * progress,
      rx: mote.r,
      ry: mote.r,
      opacity,
      stops: layer.stops,
    });
  }
}

function rainShapes(layer: RainLayer, t: number, out: MotionShape[]): void {
  for (const drop of dropsOf(layer)) {
    // Each drop falls through the picture and a drop's length above it, then starts again.
    const span = THEME_ART_HEIGHT + drop.length;
    const fallen = fraction((drop.y + drop.speed * t) / span) * span;
    const y2 = fallen;
    const y1 = y2 - drop.length;
    const x2 = fraction((drop.x + layer.slant * fallen) / THEME_ART_WIDTH) * THEME_ART_WIDTH;
    out.push({
      type: 'streak',
      x1: x2 - layer.slant * drop.length,
      y1,
      x2,
      y2,
      color: layer.color,
      width: layer.width,
      opacity: drop.opacity,
    });
  }
}

/** Everything to draw of `motion` at `t` seconds, in picture coordinates, back to front. */
export function motionFrame(motion: ThemeMotion, t: number): MotionShape[] {
  const out: MotionShape[] = [];
  for (const layer of motion.layers) {
    if (layer.kind === 'glow') glowShapes(layer, t, out);
    else if (layer.kind === 'motes') moteShapes(layer, t, out);
    else rainShapes(layer, t, out);
  }
  return out;
}
