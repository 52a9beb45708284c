import {
  DEFAULT_TIMER_SETTINGS,
  type Completion,
  type SessionRecord,
  type TimerSettings,
} from '@focusroom/core';
import { describe, expect, it, vi } from 'vitest';
import { completionClientId } from './completion-id';
import {
  announcementFor,
  handleCompletions,
  type CompletionContext,
  type CompletionEffects,
} from './timer-effects';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

const pomodoro: Completion = {
  finishedType: 'pomodoro',
  nextType: 'short_break',
  startedAt: T0,
  endedAt: T0 + 27 * MINUTE,
  activeMs: 24.6 * MINUTE,
  durationMs: 25 * MINUTE,
  completedPomodoros: 1,
  autoStart: false,
};
const shortBreak: Completion = {
  ...pomodoro,
  finishedType: 'short_break',
  nextType: 'pomodoro',
  startedAt: T0 + 28 * MINUTE,
  endedAt: T0 + 33 * MINUTE,
  activeMs: 5 * MINUTE,
  durationMs: 5 * MINUTE,
};

function spies() {
  const recorded: [string, SessionRecord][] = [];
  const effects: CompletionEffects = {
    playSound: vi.fn(),
    showNotification: vi.fn(),
    recordSession: vi.fn((userId: string, record: SessionRecord) => {
      recorded.push([userId, record]);
    }),
    announce: vi.fn(),
    claimChime: vi.fn(() => true),
    countPomodoro: vi.fn(),
  };
  return { effects, recorded };
}

function context(patch: Partial<CompletionContext> = {}, settings: Partial<TimerSettings> = {}) {
  return {
    source: 'live' as const,
    userId: 'user-1',
    settings: { ...DEFAULT_TIMER_SETTINGS, ...settings },
    todos: [],
    currentTask: '',
    ...patch,
  };
}

describe('what a completion does', () => {
  it('records a finished pomodoro with the active minutes and a stable client id', () => {
    const { effects, recorded } = spies();
    handleCompletions([pomodoro], context({ currentTask: 'Essay' }), effects);
    expect(recorded).toEqual([
      [
        'user-1',
        {
          duration: 25,
          task: 'Essay',
          completed: true,
          start_time: new Date(T0).toISOString(),
          end_time: new Date(T0 + 27 * MINUTE).toISOString(),
          client_id: completionClientId(pomodoro),
        },
      ],
    ]);
  });

  it('names the session after the completed to-dos first', () => {
    const { effects, recorded } = spies();
    handleCompletions(
      [pomodoro],
      context({
        currentTask: 'Essay',
        todos: [
          { text: 'Outline', completed: true },
          { text: 'Draft', completed: false },
          { text: 'Sources', completed: true },
        ],
      }),
      effects,
    );
    expect(recorded[0]![1].task).toBe('Outline, Sources');
  });

  it('never records a break, and never records for a visitor', () => {
    const { effects } = spies();
    handleCompletions([shortBreak], context(), effects);
    handleCompletions([pomodoro], context({ userId: null }), effects);
    expect(effects.recordSession).not.toHaveBeenCalled();
  });

  it('rings, notifies and announces a live completion per the settings', () => {
    const { effects } = spies();
    handleCompletions([pomodoro], context(), effects);
    expect(effects.playSound).toHaveBeenCalledTimes(1);
    // The defaults ring the original chime at full volume.
    expect(effects.playSound).toHaveBeenCalledWith('/sounds/complete.wav', 100);
    expect(effects.showNotification).toHaveBeenCalledWith(
      'Time for a break!',
      'Pomodoro complete. Short Break next.',
    );
    expect(effects.announce).toHaveBeenCalledWith('Pomodoro complete. Short break next.');

    const quiet = spies();
    handleCompletions(
      [shortBreak],
      context({}, { sound_enabled: false, notification_enabled: false }),
      quiet.effects,
    );
    expect(quiet.effects.playSound).not.toHaveBeenCalled();
    expect(quiet.effects.showNotification).not.toHaveBeenCalled();
    expect(quiet.effects.announce).toHaveBeenCalledWith('Short break complete. Pomodoro next.');
  });

  it('notifies “Break is over, time to focus!” after a break', () => {
    const { effects } = spies();
    handleCompletions([shortBreak], context(), effects);
    expect(effects.showNotification).toHaveBeenCalledWith(
      'Break is over, time to focus!',
      'Short Break complete. Pomodoro next.',
    );
  });

  it('records a restored completion but plays nothing late', () => {
    const { effects, recorded } = spies();
    handleCompletions([pomodoro], context({ source: 'restore' }), effects);
    expect(recorded).toHaveLength(1);
    expect(effects.playSound).not.toHaveBeenCalled();
    expect(effects.showNotification).not.toHaveBeenCalled();
    expect(effects.announce).not.toHaveBeenCalled();
  });

  it('rings once for a batch caught up after sleep, and not at all when another tab rang', () => {
    const { effects, recorded } = spies();
    handleCompletions([pomodoro, shortBreak], context(), effects);
    expect(recorded).toHaveLength(1);
    expect(effects.playSound).toHaveBeenCalledTimes(1);
    expect(effects.claimChime).toHaveBeenCalledWith(shortBreak.endedAt);

    const other = spies();
    other.effects.claimChime = vi.fn(() => false);
    handleCompletions([pomodoro], context(), other.effects);
    expect(other.effects.playSound).not.toHaveBeenCalled();
    expect(other.effects.showNotification).not.toHaveBeenCalled();
    expect(other.recorded).toHaveLength(1);
  });

  it('says when the next phase starts by itself', () => {
    expect(announcementFor({ ...pomodoro, nextType: 'long_break', autoStart: true })).toBe(
      'Pomodoro complete. Long break starts in 1 second.',
    );
  });

  it('derives the same UUID-shaped client id for the same phase, and another for another', () => {
    const id = completionClientId(pomodoro);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(completionClientId({ ...pomodoro })).toBe(id);
    expect(completionClientId({ ...pomodoro, endedAt: pomodoro.endedAt + 1 })).not.toBe(id);
  });

  it('rings the focus alarm after a pomodoro and the break alarm after a break, at the volume', () => {
    const chosen = { focus_end_sound: 'bell', break_end_sound: 'wood', alarm_volume: 40 } as const;
    const { effects } = spies();
    handleCompletions([pomodoro], context({}, chosen), effects);
    expect(effects.playSound).toHaveBeenLastCalledWith('/sounds/bell.wav', 40);
    handleCompletions([shortBreak], context({}, chosen), effects);
    expect(effects.playSound).toHaveBeenLastCalledWith('/sounds/wood.wav', 40);
  });

  it("counts a visitor's finished pomodoros (live or restored) towards today's goal", () => {
    const { effects } = spies();
    handleCompletions([pomodoro, shortBreak], context({ userId: null }), effects);
    handleCompletions([pomodoro], context({ userId: null, source: 'restore' }), effects);
    expect(effects.countPomodoro).toHaveBeenCalledTimes(2);
    expect(effects.countPomodoro).toHaveBeenCalledWith(pomodoro.startedAt);
    // A signed-in user's count comes from the server.
    const signedIn = spies();
    handleCompletions([pomodoro], context(), signedIn.effects);
    expect(signedIn.effects.countPomodoro).not.toHaveBeenCalled();
  });
});
