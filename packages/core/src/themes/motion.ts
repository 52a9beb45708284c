import { THEME_ART_FILES, type ThemeArtName } from './art-files.js';
import { THEME_ART_PATH } from './standard.js';

/**
 * The moving parts of the animated standard art (product §4), drawn by the page on a canvas
 * over the still picture at a capped frame rate (decision 030). Everything here is pure: where
 * each light, mote and raindrop is at a given time, in the art's own 1920x1080 coordinates, and
 * how those coordinates cover a screen. The art files themselves are still pictures
 * (scripts/make-theme-art.mjs); a part that moves lives here instead of in its file.
 */

/** The size of every standard art picture (its SVG viewBox). */
export const THEME_ART_WIDTH = 1920;
export const THEME_ART_HEIGHT = 1080;

/** Frames per second at most: the motion is slow, so a few frames a second read as smooth. */
export const THEME_MOTION_MAX_FPS = 12;

/**
 * The canvas is drawn at this fraction of the screen's CSS pixels: the parts are soft glows
 * and faint streaks, and a smaller canvas is cheaper to draw and to put on screen.
 */
export const THEME_MOTION_RESOLUTION = 0.5;

/** A colour stop of a soft light: [offset 0-1, #rrggbb, opacity 0-1]. */
export type GlowStop = readonly [offset: number, color: string, opacity: number];

/** Large soft lights moving back and forth on a slow cycle, brightening as they go. */
export interface GlowLayer {
  kind: 'glow';
  stops: readonly GlowStop[];
  lights: readonly {
    x: number;
    y: number;
    rx: number;
    ry: number;
    /** How far the light travels at the middle of its cycle. */
    dx: number;
    dy: number;
    /** Its size at the middle of its cycle, as a factor (1: unchanged). */
    grow: number;
    /** Its opacity at the start and at the middle of its cycle. */
    opacity: readonly [number, number];
    period: number;
    /** Where in its cycle the light is at time 0 (0-1). */
    phase: number;
  }[];
}

/** Small lights that appear, drift along a path and fade, each on its own cycle. */
export interface MoteLayer {
  kind: 'motes';
  stops: readonly GlowStop[];
  count: number;
  seed: string;
  /** Where motes start: [left, top, right, bottom]. */
  area: readonly [number, number, number, number];
  radius: readonly [number, number];
  /** How far a mote drifts over its life. */
  travel: readonly [dx: number, dy: number];
  period: readonly [number, number];
  /** The part of its life spent fading in, and out (0-0.5 each). */
  fade: number;
}

/** Thin streaks falling at a slant and wrapping round the picture. */
export interface RainLayer {
  kind: 'rain';
  color: string;
  count: number;
  seed: string;
  /** Fall speed, picture pixels per second. */
  speed: readonly [number, number];
  length: readonly [number, number];
  /** Sideways movement per pixel of fall (negative: to the left). */
  slant: number;
  width: number;
  opacity: readonly [number, number];
}

export type MotionLayer = GlowLayer | MoteLayer | RainLayer;

export interface ThemeMotion {
  /** Frames per second (at most THEME_MOTION_MAX_FPS). */
  fps: number;
  layers: readonly MotionLayer[];
  /** What moves, in words (the art's README and the theme pages say it). */
  moves: string;
}

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

const AURORA_GREEN: readonly GlowStop[] = [
  [0, '#6ee7b7', 0.34],
  [0.45, '#34d399', 0.16],
  [1, '#22d3ee', 0],
];

const ABSTRACT_BLOBS: readonly GlowStop[] = [
  [0, '#8b5cf6', 0.5],
  [1, '#8b5cf6', 0],
];

/** The animated art and what moves in it. Every other standard art is still. */
export const THEME_MOTIONS: Partial<Record<ThemeArtName, ThemeMotion>> = {
  abstract: {
    fps: 4,
    moves: 'soft lights and motes drift',
    layers: [
      {
        kind: 'glow',
        stops: ABSTRACT_BLOBS,
        lights: [
          {
            x: 360,
            y: 300,
            rx: 520,
            ry: 520,
            dx: 70,
            dy: -40,
            grow: 1,
            opacity: [0.9, 1],
            period: 46,
            phase: 0,
          },
          {
            x: 980,
            y: 980,
            rx: 480,
            ry: 480,
            dx: -60,
            dy: 50,
            grow: 1.06,
            opacity: [1, 0.85],
            period: 58,
            phase: 0.3,
          },
        ],
      },
      {
        kind: 'glow',
        stops: [
          [0, '#fb7185', 0.5],
          [1, '#f472b6', 0],
        ],
        lights: [
          {
            x: 1560,
            y: 780,
            rx: 560,
            ry: 560,
            dx: -60,
            dy: 50,
            grow: 1,
            opacity: [1, 0.85],
            period: 58,
            phase: 0.6,
          },
          {
            x: 240,
            y: 900,
            rx: 380,
            ry: 380,
            dx: 40,
            dy: 30,
            grow: 1.08,
            opacity: [0.9, 1],
            period: 38,
            phase: 0.1,
          },
        ],
      },
      {
        kind: 'glow',
        stops: [
          [0, '#fbbf24', 0.4],
          [1, '#fbbf24', 0],
        ],
        lights: [
          {
            x: 1480,
            y: 180,
            rx: 360,
            ry: 360,
            dx: 40,
            dy: 30,
            grow: 1.08,
            opacity: [1, 0.8],
            period: 38,
            phase: 0.45,
          },
        ],
      },
      {
        kind: 'motes',
        stops: [
          [0, '#fde68a', 0.8],
          [0.4, '#fbcfe8', 0.3],
          [1, '#fbcfe8', 0],
        ],
        count: 22,
        seed: 'abstract',
        area: [40, 300, 1880, 1120],
        radius: [12, 38],
        travel: [0, -260],
        period: [26, 44],
        fade: 0.15,
      },
    ],
  },
  cityscape: {
    fps: 6,
    moves: 'a faint rain falls',
    layers: [
      {
        kind: 'rain',
        color: '#c7d2fe',
        count: 110,
        seed: 'cityscape',
        speed: [50, 66],
        length: [24, 60],
        slant: -0.2,
        width: 1.4,
        opacity: [0.12, 0.26],
      },
    ],
  },
  'northern-lights': {
    fps: 4,
    moves: 'the aurora sways and brightens',
    layers: [
      {
        kind: 'glow',
        stops: AURORA_GREEN,
        lights: [
          {
            x: 620,
            y: 380,
            rx: 560,
            ry: 170,
            dx: 90,
            dy: 0,
            grow: 1.05,
            opacity: [0.55, 1],
            period: 34,
            phase: 0,
          },
          {
            x: 1380,
            y: 330,
            rx: 480,
            ry: 150,
            dx: -110,
            dy: 0,
            grow: 1.08,
            opacity: [1, 0.6],
            period: 42,
            phase: 0.35,
          },
        ],
      },
      {
        kind: 'glow',
        stops: [
          [0, '#c4b5fd', 0.22],
          [0.5, '#8b5cf6', 0.1],
          [1, '#8b5cf6', 0],
        ],
        lights: [
          {
            x: 420,
            y: 230,
            rx: 520,
            ry: 140,
            dx: 90,
            dy: -10,
            grow: 1.05,
            opacity: [0.6, 1],
            period: 56,
            phase: 0.6,
          },
        ],
      },
    ],
  },
  'dark-elegance': {
    fps: 4,
    moves: 'gold motes of light float up',
    layers: [
      {
        kind: 'motes',
        stops: [
          [0, '#fef3c7', 0.95],
          [0.3, '#facc15', 0.45],
          [1, '#eab308', 0],
        ],
        count: 30,
        seed: 'dark-elegance',
        area: [20, 160, 1900, 1100],
        radius: [9, 26],
        travel: [40, -180],
        period: [24, 42],
        fade: 0.2,
      },
    ],
  },
};

/** The art name of a standard art URL of the current build, else null (a custom image). */
export function themeArtOf(url: string | null | undefined): ThemeArtName | null {
  if (!url || !url.startsWith(THEME_ART_PATH)) return null;
  const file = url.slice(THEME_ART_PATH.length);
  for (const [name, current] of Object.entries(THEME_ART_FILES)) {
    if (current === file) return name as ThemeArtName;
  }
  return null;
}

/** The motion over a background URL: only the standard animated art, as this build drew it. */
export function themeMotionFor(url: string | null | undefined): ThemeMotion | null {
  const art = themeArtOf(url);
  return art ? (THEME_MOTIONS[art] ?? null) : null;
}

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
