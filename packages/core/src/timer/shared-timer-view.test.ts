import { describe, expect, it } from 'vitest';
import { remainingAt } from './machine.js';
import { DEFAULT_TIMER_SETTINGS } from './settings.js';
import {
  SHARED_TIMER_MAX_BATCH,
  applySharedTimerRequests,
  newSharedTimer,
  type SharedTimerRequest,
} from './shared-timer.js';
import {
  isNewerSnapshot,
  sharedTimerSnapshot,
  nextBatch,
  shownTimer,
  withoutAnswered,
} from './shared-timer-view.js';

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);
const MIN = 60_000;
const settings = { ...DEFAULT_TIMER_SETTINGS };

const press = (id: string, at: number, action: SharedTimerRequest['action']) =>
  ({ id, device: 'phone', baseVersion: 1, at, action }) satisfies SharedTimerRequest;

const running = applySharedTimerRequests(
  newSharedTimer(settings, T0),
  [{ id: 'l1', device: 'laptop', baseVersion: 0, at: T0, action: { type: 'start' } }],
  T0,
  settings,
).timer;

describe('shownTimer', () => {
  it("shows the device's own presses at once, as the server will apply them", () => {
    const pending = [press('p1', T0 + 5 * MIN, { type: 'pause' })];
    const shown = shownTimer(sharedTimerSnapshot(running), pending, T0 + 5 * MIN + 10, settings);
    expect(shown.state.status).toBe('paused');
    expect(remainingAt(shown.state, T0 + 6 * MIN, settings)).toBe(20 * MIN);
    // The server's answer to the same press is the same timer.
    const server = applySharedTimerRequests(running, pending, T0 + 5 * MIN + 300, settings).timer;
    expect(shown.state).toEqual(server.state);
    expect(shown.version).toBe(server.version);
  });

  it('is the snapshot itself when nothing is pending', () => {
    const snapshot = sharedTimerSnapshot(running);
    expect(shownTimer(snapshot, [], T0 + MIN, settings)).toBe(snapshot);
  });

  it('leaves out a press the server will find stale: a phase ended since', () => {
    const pending = [press('p1', T0 + 20 * MIN, { type: 'pause' })];
    const shown = shownTimer(sharedTimerSnapshot(running), pending, T0 + 26 * MIN, settings);
    expect(shown.state).toEqual(running.state);
  });
});

describe('isNewerSnapshot', () => {
  it('takes only a higher version, so crossing messages never step back or flicker', () => {
    const v1 = sharedTimerSnapshot(running);
    const v2 = { ...v1, version: 2 };
    expect(isNewerSnapshot(v1, null)).toBe(true);
    expect(isNewerSnapshot(v2, v1)).toBe(true);
    expect(isNewerSnapshot(v1, v2)).toBe(false);
    expect(isNewerSnapshot({ ...v1 }, v1)).toBe(false);
  });
});

describe('the presses still to send', () => {
  it('drops what the server answered, whatever the outcome, and keeps the order', () => {
    const pending = ['a', 'b', 'c'].map((id, i) => press(id, T0 + i, { type: 'pause' }));
    expect(withoutAnswered(pending, ['a', 'c']).map((p) => p.id)).toEqual(['b']);
  });

  it('sends the oldest first, at most one batch', () => {
    const pending = Array.from({ length: SHARED_TIMER_MAX_BATCH + 5 }, (_, i) =>
      press(`p${i}`, T0 + i, { type: 'task', text: String(i) }),
    );
    const batch = nextBatch(pending);
    expect(batch).toHaveLength(SHARED_TIMER_MAX_BATCH);
    expect(batch[0]!.id).toBe('p0');
  });
});
