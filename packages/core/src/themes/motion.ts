import { THEME_ART_FILES, type ThemeArtName } from './art-files.js';
import { THEME_ART_PATH } from './standard.js';

/**
 * The moving parts of the animated standard art (product §4), drawn by the page on a canvas
 * over the still picture at a capped frame rate (decision 030). This is the art's data: which
 * art moves, its lights, motes and rain in the art's own 1920x1080 coordinates, and what moves
 * in words (the art's README and the theme pages say it). The art files themselves are still
 * pictures (scripts/make-theme-art.mjs); a part that moves lives here instead of in its file.
 * How a frame of it is computed and drawn is the web app's (features/themes/motion-frame.ts).
 */

/** The size of every standard art picture (its SVG viewBox). */
export const THEME_ART_WIDTH = 1920;
export const THEME_ART_HEIGHT = 1080;

/** Frames per second at most: the motion is slow, so a few frames a second read as smooth. */
export const THEME_MOTION_MAX_FPS = 12;

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
