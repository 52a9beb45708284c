import { describe, expect, it } from 'vitest';
import { formatFinishAt, formatSpan } from './finish-at';

const at = (iso: string) => Date.parse(iso);

describe('formatFinishAt', () => {
  it('shows the clock time in the given locale and zone', () => {
    const now = at('2026-11-23T09:00:00Z');
    expect(formatFinishAt(at('2026-11-23T13:05:00Z'), now, 'en-GB', 'UTC')).toBe('13:05');
    expect(formatFinishAt(at('2026-11-23T13:05:00Z'), now, 'en-US', 'UTC')).toBe('1:05 PM');
    // The same instant in the user's own zone.
    expect(formatFinishAt(at('2026-11-23T13:05:00Z'), now, 'en-GB', 'Europe/Berlin')).toBe('14:05');
  });

  it('adds the weekday when the time falls on another day', () => {
    const now = at('2026-11-23T22:00:00Z');
    expect(formatFinishAt(at('2026-11-24T01:30:00Z'), now, 'en-GB', 'UTC')).toBe('Tue 01:30');
  });
});

describe('formatSpan', () => {
  it('says minutes and hours, rounded up to the minute', () => {
    expect(formatSpan(25 * 60_000)).toBe('25 min');
    expect(formatSpan(24 * 60_000 + 1)).toBe('25 min');
    expect(formatSpan(120 * 60_000)).toBe('2 h');
    expect(formatSpan(95 * 60_000)).toBe('1 h 35 min');
  });

  it('writes the span in the given locale', () => {
    expect(formatSpan(95 * 60_000, 'ja')).toBe('1 時間 35 分');
    expect(formatSpan(95 * 60_000, 'de')).toBe('1 Std., 35 Min.');
  });
});
