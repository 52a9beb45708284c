import { describe, expect, it } from 'vitest';
import {
  PANEL_DOCK_MIN_WINDOW_WIDTH_PX,
  PANEL_EDGE_PX,
  PANEL_MARGIN_PX,
  clampPanelPosition,
  movedPanelPosition,
  panelDocksBeside,
  parsePanelPosition,
} from './panel-position.js';

const PANEL = { width: 384, height: 600 };
const WINDOW = { width: 1280, height: 800 };
const TOP = 72;

describe('the floating panel’s place (decision 054)', () => {
  it('starts at the bottom right', () => {
    expect(clampPanelPosition(null, PANEL, WINDOW, TOP)).toEqual({
      right: PANEL_EDGE_PX,
      bottom: PANEL_EDGE_PX,
    });
  });

  it('keeps a place inside the window and below the top bar', () => {
    expect(clampPanelPosition({ right: 300, bottom: 50 }, PANEL, WINDOW, TOP)).toEqual({
      right: 300,
      bottom: 50,
    });
    // Past the left and top edges.
    expect(clampPanelPosition({ right: 5000, bottom: 5000 }, PANEL, WINDOW, TOP)).toEqual({
      right: WINDOW.width - PANEL.width - PANEL_MARGIN_PX,
      bottom: WINDOW.height - PANEL.height - TOP,
    });
    // Past the right and bottom edges.
    expect(clampPanelPosition({ right: -40, bottom: -40 }, PANEL, WINDOW, TOP)).toEqual({
      right: PANEL_MARGIN_PX,
      bottom: PANEL_MARGIN_PX,
    });
  });

  it('follows a smaller window, and keeps the top-left corner in view when it is too small', () => {
    const place = { right: 800, bottom: 100 };
    expect(clampPanelPosition(place, PANEL, { width: 1000, height: 700 }, TOP)).toEqual({
      right: 1000 - 384 - PANEL_MARGIN_PX,
      bottom: 700 - 600 - TOP,
    });
    // Too small: the left edge at the margin, the top below the bar.
    expect(clampPanelPosition(place, PANEL, { width: 300, height: 500 }, TOP)).toEqual({
      right: 300 - 384 - PANEL_MARGIN_PX,
      bottom: 500 - 600 - TOP,
    });
  });

  it('moves by a drag, and docks again when dropped near its first place', () => {
    expect(movedPanelPosition(null, { x: -200, y: -100 })).toEqual({ right: 216, bottom: 116 });
    expect(movedPanelPosition({ right: 216, bottom: 116 }, { x: 50.4, y: 20.6 })).toEqual({
      right: 166,
      bottom: 95,
    });
    expect(movedPanelPosition({ right: 216, bottom: 116 }, { x: 190, y: 90 })).toBeNull();
  });

  it('makes room beside the page only while docked in a wide window', () => {
    expect(panelDocksBeside(null, PANEL_DOCK_MIN_WINDOW_WIDTH_PX)).toBe(true);
    expect(panelDocksBeside(null, PANEL_DOCK_MIN_WINDOW_WIDTH_PX - 1)).toBe(false);
    expect(panelDocksBeside({ right: 16, bottom: 200 }, 1600)).toBe(false);
  });

  it('reads a stored place, and nothing else', () => {
    expect(parsePanelPosition('{"right":40,"bottom":120}')).toEqual({ right: 40, bottom: 120 });
    for (const raw of [null, '', 'x', '[]', '{"right":"40","bottom":1}', '{"right":1}', 'null']) {
      expect(parsePanelPosition(raw)).toBeNull();
    }
    expect(parsePanelPosition('{"right":1e999,"bottom":1}')).toBeNull();
  });
});
