/**
 * Where the floating player's panel and its minimized bar sit on a wide screen (decision 054), as
 * distances from the window's right and bottom edges, so they keep their corner when the window
 * changes size. `null` is the first place: at the bottom right, docked, where a window wide enough
 * makes room for the panel beside the page instead of over it. Pure numbers in CSS pixels.
 */

export interface PanelPosition {
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The first place's distance from the right and bottom edges (the round button's too). */
export const PANEL_EDGE_PX = 16;
/** How close a moved panel may come to a window edge. */
export const PANEL_MARGIN_PX = 8;
/** From this window width, the page makes room beside the docked panel (decision 054). */
export const PANEL_DOCK_MIN_WINDOW_WIDTH_PX = 1200;
/** How far an arrow key moves the panel; with Shift, four times as far. */
export const PANEL_KEY_STEP_PX = 24;
/** Dropped this close to its first place, the panel docks there again. */
export const PANEL_REDOCK_PX = 24;

const FIRST_PLACE: PanelPosition = { right: PANEL_EDGE_PX, bottom: PANEL_EDGE_PX };

/** `value` within [min, max]; when the range is empty, `max`, which keeps the far edge in view. */
function clamp(value: number, min: number, max: number): number {
  return max < min ? max : Math.min(Math.max(value, min), max);
}

/**
 * `position` (or the first place) moved as little as needed to keep a `panel` of that size
 * inside the window: at least PANEL_MARGIN_PX from each edge, and its top at least `topInset`
 * from the top (below the page's top bar). In a window too small for it, its top-left corner
 * (its title and handle) stays in view.
 */
export function clampPanelPosition(
  position: PanelPosition | null,
  panel: Size,
  window: Size,
  topInset: number,
): PanelPosition {
  const { right, bottom } = position ?? FIRST_PLACE;
  return {
    right: clamp(right, PANEL_MARGIN_PX, window.width - panel.width - PANEL_MARGIN_PX),
    bottom: clamp(bottom, PANEL_MARGIN_PX, window.height - panel.height - topInset),
  };
}

/**
 * The place after a drag of `delta` (right and down are positive) from `from`; null (docked
 * again) when it ends within PANEL_REDOCK_PX of the first place.
 */
export function movedPanelPosition(
  from: PanelPosition | null,
  delta: { x: number; y: number },
): PanelPosition | null {
  const start = from ?? FIRST_PLACE;
  const next = {
    right: Math.round(start.right - delta.x),
    bottom: Math.round(start.bottom - delta.y),
  };
  const nearFirst =
    Math.abs(next.right - FIRST_PLACE.right) <= PANEL_REDOCK_PX &&
    Math.abs(next.bottom - FIRST_PLACE.bottom) <= PANEL_REDOCK_PX;
  return nearFirst ? null : next;
}

/** Whether the page makes room beside the panel: it is docked and the window wide enough. */
export function panelDocksBeside(position: PanelPosition | null, windowWidth: number): boolean {
  return position === null && windowWidth >= PANEL_DOCK_MIN_WINDOW_WIDTH_PX;
}

/** A stored place, or null (the first place) when absent or not two finite numbers. */
export function parsePanelPosition(raw: string | null): PanelPosition | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { right, bottom } = value as Record<string, unknown>;
    if (typeof right !== 'number' || typeof bottom !== 'number') return null;
    if (!Number.isFinite(right) || !Number.isFinite(bottom)) return null;
    return { right, bottom };
  } catch {
    return null;
  }
}
