import './theme-background.css';
import {
  THEME_BACKGROUND_VERIFY_DELAY_MS,
  THEME_FADE_MS,
  THEME_FALLBACK_GRADIENT,
  THEME_GRADIENT_LIGHTER_STOP,
  THEME_OVERLAY_OPACITY,
  isThemeColor,
  overlaidThemeBackground,
  themeBackgroundUrl,
  themeMotionFor,
  themeOverlayOpacity,
} from '@focusroom/core';
import type { MotionHandle } from './theme-motion';

/**
 * The page background of product §4, drawn outside React: fixed layers under the page, the new
 * one cross-fading over the old in 1 s (a cut under reduced motion), the 40% dark overlay on
 * top, the purple-to-blue gradient when a theme has no image or its image fails. Kept tiny and
 * free of React so main.tsx can apply the stored theme before the first render.
 */

/**
 * The app's own text colours (app/theme.ts: text, dimmed text, links). The app's chrome stays
 * the dark purple UI on every theme; its surfaces are what make them read over any picture
 * (decision 056); app/theme.test.ts keeps this list equal to the theme's values.
 */
export const APP_TEXT_COLORS = ['#ebe8f3', '#aea7c4', '#c4b5fd'] as const;

/** What drawing a theme's background reads of it. */
export interface BackgroundTheme {
  id: string | number;
  background_color?: string | null;
  text_color?: string | null;
  image_url?: string | null;
  background_url?: string | null;
}

/** How a layer ended up: its image, or the gradient (no image, or the image failed). */
export type LayerState = 'loading' | 'image' | 'gradient';

export const THEME_BACKGROUND_ID = 'fr-theme-bg';
const DEFAULT_LAYER_COLOR = '#110d1c';

let current: {
  key: string;
  theme: BackgroundTheme;
  layer: HTMLElement;
  image: HTMLImageElement | null;
} | null = null;
let verifyTimer: ReturnType<typeof setTimeout> | undefined;
/** The moving parts drawn in a layer (animated standard art only), stopped with the layer. */
const motions = new WeakMap<HTMLElement, MotionHandle>();
let removeVisibilityListener: (() => void) | null = null;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** A CSS url() value; quotes, backslashes and line breaks escaped so the value stays one token. */
function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`;
}

function backgroundRoot(): HTMLElement {
  let root = document.getElementById(THEME_BACKGROUND_ID);
  if (!root) {
    root = document.createElement('div');
    root.id = THEME_BACKGROUND_ID;
    root.className = 'fr-theme-bg';
    root.setAttribute('aria-hidden', 'true');
    root.style.setProperty('--fr-theme-fade', `${THEME_FADE_MS}ms`);
    root.style.setProperty('--fr-theme-overlay', String(THEME_OVERLAY_OPACITY));
    const overlay = document.createElement('div');
    overlay.className = 'fr-theme-overlay';
    root.append(overlay);
    document.body.prepend(root);
  }
  if (!removeVisibilityListener) {
    // A hidden tab draws no background; the moving parts of animated art stop on their own too.
    const sync = () => {
      const bg = document.getElementById(THEME_BACKGROUND_ID);
      if (!bg) return;
      if (document.visibilityState === 'hidden') bg.setAttribute('data-paused', '');
      else bg.removeAttribute('data-paused');
    };
    document.addEventListener('visibilitychange', sync);
    removeVisibilityListener = () => document.removeEventListener('visibilitychange', sync);
    sync();
  }
  return root;
}

function setLayerState(layer: HTMLElement, state: LayerState, url: string | null): void {
  layer.dataset.state = state;
  if (current?.layer === layer) applyOverlay(current.theme, state);
  layer.style.setProperty(
    '--fr-layer-image',
    state === 'gradient' || !url ? THEME_FALLBACK_GRADIENT : cssUrl(url),
  );
}

/**
 * Starts the moving parts of an animated standard art once its picture shows (decision 030).
 * Their code loads then, after the first paint, and only for a theme that moves.
 */
function startMotion(layer: HTMLElement, url: string): void {
  const motion = themeMotionFor(url);
  if (!motion || motions.has(layer)) return;
  void import('./theme-motion')
    .then(({ startThemeMotion }) => {
      if (!layer.isConnected || motions.has(layer) || layer.dataset.state !== 'image') return;
      motions.set(layer, startThemeMotion(layer, motion));
    })
    .catch(() => {
      // Offline before the code was cached: the still picture stays, which is all it loses.
    });
}

/** Takes a layer out of the page, stopping anything drawn in it. */
function removeLayer(layer: HTMLElement): void {
  motions.get(layer)?.stop();
  motions.delete(layer);
  layer.remove();
}

function themeKey(theme: BackgroundTheme): string {
  return [theme.id, themeBackgroundUrl(theme) ?? '', theme.background_color ?? ''].join('|');
}

/**
 * The overlay over the current picture and the page colour under the layers (what the eye sees
 * of the picture's own colour under the overlay, which accessibility checkers read too): 40%
 * over a dark picture, none over a light one, which stays light; the app's surfaces keep text
 * readable on both (decision 056). On the gradient they are worked out for its lighter stop.
 */
function applyOverlay(theme: BackgroundTheme, state: LayerState): void {
  const html = document.documentElement;
  const base =
    state === 'gradient'
      ? THEME_GRADIENT_LIGHTER_STOP
      : (theme.background_color ?? DEFAULT_LAYER_COLOR);
  const opacity = themeOverlayOpacity(base);
  const page = overlaidThemeBackground(base, opacity);
  // The same value again is not written: a write to <html> invalidates its styles all the same.
  const id = String(theme.id);
  if (html.dataset.frTheme !== id) html.dataset.frTheme = id;
  document
    .getElementById(THEME_BACKGROUND_ID)
    ?.style.setProperty('--fr-theme-overlay', String(opacity));
  const color = `rgb(${Math.round(page.r)}, ${Math.round(page.g)}, ${Math.round(page.b)})`;
  if (html.style.getPropertyValue('--fr-page-color') !== color) {
    html.style.setProperty('--fr-page-color', color);
  }
}

/** Called once the layer's image settled (or at once without one). */
function whenSettled(image: HTMLImageElement | null, done: () => void): void {
  if (!image || image.complete) {
    done();
    return;
  }
  const finish = () => {
    image.removeEventListener('load', finish);
    image.removeEventListener('error', finish);
    done();
  };
  image.addEventListener('load', finish);
  image.addEventListener('error', finish);
}

export interface ApplyOptions {
  /** Cross-fade from the current background (1 s); false cuts, as at start-up. */
  fade: boolean;
}

/**
 * Shows a theme's background. The same theme again changes nothing. With `fade` the new layer
 * fades in over the old one once its image has loaded or failed, so the fade shows the picture.
 */
export function applyThemeBackground(theme: BackgroundTheme, options: ApplyOptions): void {
  const key = themeKey(theme);
  if (current?.key === key && current.layer.isConnected) return;

  const root = backgroundRoot();
  const previous = Array.from(root.querySelectorAll<HTMLElement>('.fr-theme-layer'));
  const layer = document.createElement('div');
  layer.className = 'fr-theme-layer';
  layer.dataset.themeId = String(theme.id);
  const color = theme.background_color;
  layer.style.setProperty('--fr-layer-color', isThemeColor(color) ? color : DEFAULT_LAYER_COLOR);

  current = { key, theme, layer, image: null };
  const url = themeBackgroundUrl(theme);
  let image: HTMLImageElement | null = null;
  if (url) {
    setLayerState(layer, 'loading', url);
    image = new Image();
    image.decoding = 'async';
    // The background is most of what the screen shows: ask for it ahead of the scripts that
    // load after the first paint (an image made in script is otherwise fetched at low priority).
    image.fetchPriority = 'high';
    image.addEventListener('load', () => {
      setLayerState(layer, 'image', url);
      startMotion(layer, url);
    });
    image.addEventListener('error', () => setLayerState(layer, 'gradient', url));
    image.src = url;
  } else {
    setLayerState(layer, 'gradient', null);
  }

  const fade = options.fade && previous.length > 0 && !prefersReducedMotion();
  if (fade) layer.setAttribute('data-entering', '');
  root.insertBefore(layer, root.querySelector('.fr-theme-overlay'));
  current.image = image;

  if (!fade) {
    for (const old of previous) removeLayer(old);
  } else {
    whenSettled(image, () => {
      // Two frames: the layer is first drawn transparent, then the transition runs to opaque.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          layer.removeAttribute('data-entering');
          setTimeout(() => {
            for (const old of previous) removeLayer(old);
          }, THEME_FADE_MS);
        }),
      );
    });
  }

  clearTimeout(verifyTimer);
  verifyTimer = setTimeout(() => verifyThemeBackground(theme), THEME_BACKGROUND_VERIFY_DELAY_MS);
}

/**
 * The background verify check of product §4, 0.1 s after a theme is applied: the layer is still
 * in the page (else it is drawn again) and an image that already failed shows the gradient.
 */
export function verifyThemeBackground(theme: BackgroundTheme): void {
  if (!current || current.key !== themeKey(theme)) return;
  const { layer, image } = current;
  if (!layer.isConnected || !document.getElementById(THEME_BACKGROUND_ID)) {
    current = null;
    applyThemeBackground(theme, { fade: false });
    return;
  }
  if (image && image.complete && image.naturalWidth === 0) {
    setLayerState(layer, 'gradient', null);
    layer.removeAttribute('data-entering');
  }
}

/** The state of the layer now shown (tests and the preview read it). */
export function currentBackgroundState(): LayerState | null {
  return (current?.layer.dataset.state as LayerState | undefined) ?? null;
}

/** Takes the background away (tests). */
export function resetThemeBackground(): void {
  clearTimeout(verifyTimer);
  removeVisibilityListener?.();
  removeVisibilityListener = null;
  current = null;
  document
    .querySelectorAll<HTMLElement>(`#${THEME_BACKGROUND_ID} .fr-theme-layer`)
    .forEach(removeLayer);
  document.getElementById(THEME_BACKGROUND_ID)?.remove();
  const html = document.documentElement;
  delete html.dataset.frTheme;
  html.style.removeProperty('--fr-page-color');
}
