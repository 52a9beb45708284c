import {
  THEME_MOTION_MAX_FPS,
  THEME_MOTION_RESOLUTION,
  coverTransform,
  motionFrame,
  type GlowStop,
  type MotionShape,
  type ThemeMotion,
} from '@focusroom/core';

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

/** One radial gradient per colour list, made on a unit circle and drawn under a transform. */
function gradientCache(context: CanvasRenderingContext2D) {
  const cache = new Map<readonly GlowStop[], CanvasGradient>();
  return (stops: readonly GlowStop[]) => {
    let gradient = cache.get(stops);
    if (!gradient) {
      gradient = context.createRadialGradient(0, 0, 0, 0, 0, 1);
      for (const [offset, color, opacity] of stops)
        gradient.addColorStop(offset, hex(color, opacity));
      cache.set(stops, gradient);
    }
    return gradient;
  };
}

function drawShapes(
  context: CanvasRenderingContext2D,
  shapes: readonly MotionShape[],
  gradient: (stops: readonly GlowStop[]) => CanvasGradient,
): void {
  for (const shape of shapes) {
    context.save();
    context.globalAlpha = Math.min(1, Math.max(0, shape.opacity));
    if (shape.type === 'glow') {
      context.globalCompositeOperation = shape.blend === 'screen' ? 'screen' : 'source-over';
      context.translate(shape.x, shape.y);
      context.scale(shape.rx, shape.ry);
      context.fillStyle = gradient(shape.stops);
      context.beginPath();
      context.arc(0, 0, 1, 0, 2 * Math.PI);
      context.fill();
    } else {
      context.strokeStyle = shape.color;
      context.lineWidth = shape.width;
      context.lineCap = 'round';
      context.beginPath();
      context.moveTo(shape.x1, shape.y1);
      context.lineTo(shape.x2, shape.y2);
      context.stroke();
    }
    context.restore();
  }
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
  const gradient = gradientCache(context);
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
    drawShapes(context, motionFrame(motion, seconds), gradient);
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
