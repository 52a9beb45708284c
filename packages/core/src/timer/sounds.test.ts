import { describe, expect, it } from 'vitest';
import { initialTimerState, transition, type TimerState } from './machine.js';
import { DEFAULT_TIMER_SETTINGS, type TimerSettings } from './settings.js';
import {
  ALARM_SOUNDS,
  alarmFor,
  alarmSoundUrl,
  goalProgress,
  localDayKey,
  soundCuesBetween,
  volumeGain,
} from './sounds.js';

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
const ON: TimerSettings = {
  ...DEFAULT_TIMER_SETTINGS,
  pomodoro_duration: 2,
  ticking_enabled: true,
  warning_chime_enabled: true,
};

function running(settings: TimerSettings, type: TimerState['type'] = 'pomodoro'): TimerState {
  const idle = initialTimerState(settings, type);
  return transition(idle, { type: 'start' }, T0, settings).state;
}

describe('alarms', () => {
  it('keeps the original chime as the default for both ends', () => {
    expect(alarmFor('pomodoro', DEFAULT_TIMER_SETTINGS)).toBe('/sounds/complete.wav');
    expect(alarmFor('short_break', DEFAULT_TIMER_SETTINGS)).toBe('/sounds/complete.wav');
  });

  it('rings the focus alarm after a pomodoro and the break alarm after either break', () => {
    const settings = {
      ...DEFAULT_TIMER_SETTINGS,
      focus_end_sound: 'bell',
      break_end_sound: 'wood',
    };
    expect(alarmFor('pomodoro', settings as TimerSettings)).toBe('/sounds/bell.wav');
    expect(alarmFor('short_break', settings as TimerSettings)).toBe('/sounds/wood.wav');
    expect(alarmFor('long_break', settings as TimerSettings)).toBe('/sounds/wood.wav');
  });

  it('offers at least four alarms, each a distinct file under /sounds/', () => {
    expect(ALARM_SOUNDS.length).toBeGreaterThanOrEqual(4);
    const urls = ALARM_SOUNDS.map((s) => alarmSoundUrl(s.id));
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url).toMatch(/^\/sounds\/[a-z]+\.wav$/);
  });

  it('maps the volume to a gain: 0 is silent, 100 is full, 50 a quarter', () => {
    expect(volumeGain(0)).toBe(0);
    expect(volumeGain(100)).toBe(1);
    expect(volumeGain(50)).toBe(0.25);
    expect(volumeGain(250)).toBe(1);
    expect(volumeGain(Number.NaN)).toBe(1);
  });
});

describe('soundCuesBetween', () => {
  const state = running(ON);

  it('ticks once per displayed second while a pomodoro runs', () => {
    expect(
      soundCuesBetween({ timer: state, now: T0 }, { timer: state, now: T0 + 1000 }, ON),
    ).toEqual(['tick']);
    // Two looks within the same displayed second make no second tick.
    expect(
      soundCuesBetween({ timer: state, now: T0 + 1000 }, { timer: state, now: T0 + 1400 }, ON),
    ).toEqual([]);
  });

  it('does not tick when ticking is off, on pause, on a break or at the end', () => {
    const off = { ...ON, ticking_enabled: false, warning_chime_enabled: false };
    expect(
      soundCuesBetween({ timer: state, now: T0 }, { timer: state, now: T0 + 1000 }, off),
    ).toEqual([]);
    const paused = transition(state, { type: 'pause' }, T0 + 1000, ON).state;
    expect(
      soundCuesBetween({ timer: state, now: T0 + 500 }, { timer: paused, now: T0 + 2000 }, ON),
    ).toEqual([]);
    expect(
      soundCuesBetween({ timer: paused, now: T0 + 2000 }, { timer: paused, now: T0 + 3000 }, ON),
    ).toEqual([]);
    const brk = running(ON, 'short_break');
    expect(soundCuesBetween({ timer: brk, now: T0 }, { timer: brk, now: T0 + 1000 }, ON)).toEqual(
      [],
    );
    const done = transition(state, { type: 'tick' }, T0 + 2 * 60_000, ON).state;
    expect(done.status).toBe('completed');
    expect(
      soundCuesBetween({ timer: state, now: T0 + 119_000 }, { timer: done, now: T0 + 120_000 }, ON),
    ).toEqual([]);
  });

  it('rings the warning once, as one minute left is reached', () => {
    const before = { timer: state, now: T0 + 59_000 };
    const at = { timer: state, now: T0 + 60_000 };
    const after = { timer: state, now: T0 + 61_000 };
    expect(soundCuesBetween(before, at, ON)).toEqual(['warning', 'tick']);
    expect(soundCuesBetween(at, after, ON)).toEqual(['tick']);
    const onlyWarning = { ...ON, ticking_enabled: false };
    expect(soundCuesBetween(before, at, onlyWarning)).toEqual(['warning']);
    // Breaks get the warning too.
    const brk = running({ ...onlyWarning, short_break_duration: 5 }, 'short_break');
    const brkSettings = { ...onlyWarning, short_break_duration: 5 };
    expect(
      soundCuesBetween(
        { timer: brk, now: T0 + 239_500 },
        { timer: brk, now: T0 + 240_000 },
        brkSettings,
      ),
    ).toEqual(['warning']);
  });

  it('stays silent for a warning noticed late, a phase of a minute or less, or volume 0', () => {
    const late = soundCuesBetween(
      { timer: state, now: T0 + 50_000 },
      { timer: state, now: T0 + 70_000 },
      { ...ON, ticking_enabled: false },
    );
    expect(late).toEqual([]);
    const short = { ...ON, pomodoro_duration: 1, ticking_enabled: false };
    const shortRun = running(short);
    expect(
      soundCuesBetween({ timer: shortRun, now: T0 }, { timer: shortRun, now: T0 + 1000 }, short),
    ).toEqual([]);
    expect(
      soundCuesBetween(
        { timer: state, now: T0 + 59_000 },
        { timer: state, now: T0 + 60_000 },
        { ...ON, alarm_volume: 0 },
      ),
    ).toEqual([]);
    expect(
      soundCuesBetween(
        { timer: state, now: T0 + 59_000 },
        { timer: state, now: T0 + 60_000 },
        { ...ON, warning_chime_enabled: false, ticking_enabled: false },
      ),
    ).toEqual([]);
  });

  it('treats a new phase as a fresh start, not a crossing', () => {
    const restarted = transition(
      transition(state, { type: 'reset' }, T0 + 70_000, ON).state,
      { type: 'start' },
      T0 + 70_000,
      ON,
    ).state;
    expect(
      soundCuesBetween(
        { timer: state, now: T0 + 59_000 },
        { timer: restarted, now: T0 + 70_000 },
        ON,
      ),
    ).toEqual([]);
  });
});

describe('daily goal', () => {
  it('caps the fraction at the goal but keeps counting', () => {
    expect(goalProgress(3, 8)).toEqual({ done: 3, goal: 8, fraction: 0.375, reached: false });
    expect(goalProgress(10, 8)).toEqual({ done: 10, goal: 8, fraction: 1, reached: true });
    expect(goalProgress(0, 0).goal).toBe(1);
  });

  it('names the local day of an instant', () => {
    const noonLocal = new Date(2026, 0, 5, 12, 0, 0).getTime();
    expect(localDayKey(noonLocal)).toBe('2026-01-05');
  });
});
