import {
  DEFAULT_TIMER_SETTINGS,
  initialTimerState,
  transition,
  type TimerState,
} from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { readingText, spokenReading, timerTabTitle } from './format';
import { i18n } from '../../i18n';

const NOW = Date.UTC(2026, 10, 29, 9, 0, 0);

/** A pomodoro of the default 25 minutes, started `minutesAgo` before NOW (and paused at NOW). */
function running(minutesAgo: number, status: 'running' | 'paused' = 'running'): TimerState {
  const idle = initialTimerState(DEFAULT_TIMER_SETTINGS);
  const started = transition(
    idle,
    { type: 'start' },
    NOW - minutesAgo * 60_000,
    DEFAULT_TIMER_SETTINGS,
  ).state;
  return status === 'paused'
    ? transition(started, { type: 'pause' }, NOW, DEFAULT_TIMER_SETTINGS).state
    : started;
}

describe('the time as a display shows it (issue 35)', () => {
  it('writes whole minutes in the locale, in minutes even past the hour', () => {
    expect(readingText('en', { kind: 'minutes', minutes: 25, length: false })).toBe('25 min');
    expect(readingText('en', { kind: 'minutes', minutes: 90, length: true })).toBe('90 min');
    expect(readingText('de', { kind: 'minutes', minutes: 25, length: false })).toBe('25 Min.');
    expect(readingText('en', { kind: 'clock', seconds: 1497 })).toBe('24:57');
    expect(readingText('en', { kind: 'none' })).toBeNull();
  });

  it('says about so many minutes left, a length as it is, and nothing when the time is hidden', () => {
    const spoken = (minutes: number, length: boolean) =>
      i18n._(spokenReading({ kind: 'minutes', minutes, length })!);
    expect(spoken(1, false)).toBe('About 1 minute left');
    expect(spoken(25, false)).toBe('About 25 minutes left');
    expect(spoken(25, true)).toBe('25 minutes');
    expect(i18n._(spokenReading({ kind: 'clock', seconds: 90 })!)).toBe('1 minute 30 seconds left');
    expect(spokenReading({ kind: 'none' })).toBeNull();
  });

  it('keeps the tab title in step with the display', () => {
    const at = (time_display: typeof DEFAULT_TIMER_SETTINGS.time_display, timer: TimerState) =>
      timerTabTitle(timer, NOW, { ...DEFAULT_TIMER_SETTINGS, time_display }, 'en');
    expect(at('clock', running(3))).toBe('22:00 · Focus');
    expect(at('minutes', running(3))).toBe('22 min · Focus');
    expect(at('ring', running(3))).toBe('Focus');
    expect(at('hidden', running(3, 'paused'))).toBe('⏸ Focus');
    expect(at('hidden', initialTimerState(DEFAULT_TIMER_SETTINGS))).toBeNull();
  });
});
