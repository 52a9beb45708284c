import { THEME_MOTION_MAX_FPS, type GlowStop, type ThemeMotion } from '@focusroom/core';
import {
  THEME_MOTION_RESOLUTION,
  coverTransform,
  motionFrame,
  type MotionShape,
  type StreakShape,
} from './motion-frame';

/**
 * Draws the moving parts of an animated standard art (product §4) on a canvas inside its
 * background layer, so they cross-fade and leave with it (decision 030). A few frames a second
 * at half the screen's pixels: the motion is slow and soft, and each frame costs a redraw of
 * the whole screen without a GPU. Under reduced motion it draws one still frame and stops; in
 * a hidden tab it stops and picks up again when the tab is shown. Loaded after the first
 * paint, only for a theme that moves.
 */

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function hex(color: string, opacity: number): string {
  const value = Number.parseInt(color.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${opacity})`;
}

/** The side of the small picture each soft light is drawn from. */
const SPRITE_SIZE = 64;

/**
 * One small picture per colour list: its radial gradient drawn once, then stretched over each
 * light. Scaling a picture costs far less per pixel than filling with a gradient.
 */
function spriteCache() {
  const cache = new Map<readonly GlowStop[], CanvasImageSource | null>();
  return (stops: readonly GlowStop[]) => {
    if (!cache.has(stops)) {
      const sprite = document.createElement('canvas');
      sprite.width = SPRITE_SIZE;
      sprite.height = SPRITE_SIZE;
      const context = sprite.getContext('2d');
      if (context) {
        const half = SPRITE_SIZE / 2;
        const gradient = context.createRadialGradient(half, half, 0, half, half, half);
        for (const [offset, color, opacity] of stops) {
          gradient.addColorStop(offset, hex(color, opacity));
        }
        context.fillStyle = gradient;
        context.fillRect(0, 0, SPRITE_SIZE, SPRITE_SIZE);
      }
      cache.set(stops, context ? sprite : null);
    }
    return cache.get(stops) ?? null;
  };
}

function drawShapes(
  context: CanvasRenderingContext2D,
  shapes: readonly MotionShape[],
  sprite: (stops: readonly GlowStop[]) => CanvasImageSource | null,
): void {
  // Streaks of one look are stroked as one path: a hundred raindrops cost a few strokes.
  const streaks = new Map<string, StreakShape[]>();
  for (const shape of shapes) {
    if (shape.type === 'glow') {
      const image = sprite(shape.stops);
      if (!image) continue;
      context.globalAlpha = Math.min(1, Math.max(0, shape.opacity));
      context.drawImage(image, shape.x - shape.rx, shape.y - shape.ry, shape.rx * 2, shape.ry * 2);
    } else {
      const key = `${shape.color} ${shape.width} ${shape.opacity}`;
      const group = streaks.get(key);
      if (group) group.push(shape);
      else streaks.set(key, [shape]);
    }
  }
  context.lineCap = 'round';
  for (const group of streaks.values()) {
    const [{ color, width, opacity }] = group as [StreakShape];
    context.globalAlpha = Math.min(1, Math.max(0, opacity));
    context.strokeStyle = color;
    context.lineWidth = width;
    context.beginPath();
    for (const streak of group) {
      context.moveTo(streak.x1, streak.y1);
      context.lineTo(streak.x2, streak.y2);
    }
    context.stroke();
  }
  context.globalAlpha = 1;
}

export interface MotionHandle {
  /** Stops drawing and takes the canvas away. */
  stop(): void;
}

/**
 * Starts `motion` in `layer`. The clock is the page's: motion picks up where the cycle is, not
 * where it stopped. Stops by itself when the layer leaves the page.
 */
export function startThemeMotion(layer: HTMLElement, motion: ThemeMotion): MotionHandle {
  const canvas = document.createElement('canvas');
  canvas.className = 'fr-theme-motion';
  canvas.setAttribute('aria-hidden', 'true');
  const context = canvas.getContext('2d');
  if (!context) return { stop: () => undefined };
  layer.append(canvas);
  const sprite = spriteCache();
  const interval = 1000 / Math.min(motion.fps, THEME_MOTION_MAX_FPS);
  const reduced = window.matchMedia(REDUCED_MOTION);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let stopped = false;

  const size = () => {
    const width = Math.max(1, Math.round(window.innerWidth * THEME_MOTION_RESOLUTION));
    const height = Math.max(1, Math.round(window.innerHeight * THEME_MOTION_RESOLUTION));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    return { width, height };
  };

  const draw = (seconds: number) => {
    const { width, height } = size();
    const { scale, dx, dy } = coverTransform(width, height);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, width, height);
    context.setTransform(scale, 0, 0, scale, dx, dy);
    drawShapes(context, motionFrame(motion, seconds), sprite);
  };

  const halt = () => {
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
    timer = undefined;
    frame = undefined;
  };

  const tick = () => {
    timer = setTimeout(tick, interval);
    if (frame !== undefined) return;
    frame = requestAnimationFrame((now) => {
      frame = undefined;
      if (!canvas.isConnected) {
        stop();
        return;
      }
      draw(now / 1000);
    });
  };

  /** Runs, draws one still frame, or rests, as the tab and the motion preference say. */
  const sync = () => {
    halt();
    if (stopped) return;
    if (reduced.matches) {
      // The parts stay where a still picture would have them: the start of every cycle.
      draw(0);
      return;
    }
    if (document.visibilityState === 'hidden') return;
    tick();
  };

  const onResize = () => {
    if (reduced.matches) draw(0);
  };

  function stop() {
    stopped = true;
    halt();
    document.removeEventListener('visibilitychange', sync);
    reduced.removeEventListener('change', sync);
    window.removeEventListener('resize', onResize);
    canvas.remove();
  }

  document.addEventListener('visibilitychange', sync);
  reduced.addEventListener('change', sync);
  window.addEventListener('resize', onResize);
  sync();
  return { stop };
}
