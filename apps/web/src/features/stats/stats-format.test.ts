import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  dayActivityLabel,
  formatDay,
  formatMinutes,
  formatPercentChange,
  formatSessionDate,
  formatSessionTime,
} from './stats-format';

describe('the statistics formats', () => {
  it('writes durations in hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(725)).toBe('12 h 5 min');
  });

  it('writes a local day without shifting it', () => {
    expect(formatDay('2026-11-16')).toBe('Mon 16 Nov 2026');
    expect(formatDay('2026-03-29')).toBe('Sun 29 Mar 2026');
  });

  it('describes a heatmap day as the tooltip says it', () => {
    const label = (count: number, minutes: number) =>
      i18n._(dayActivityLabel({ date: '2026-11-16', count, minutes }));
    expect(label(3, 75)).toBe('3 sessions · 75 min on Mon 16 Nov 2026');
    expect(label(1, 25)).toBe('1 session · 25 min on Mon 16 Nov 2026');
    expect(label(0, 0)).toBe('No sessions on Mon 16 Nov 2026');
    // Counts are grouped in thousands.
    expect(label(1200, 30000)).toBe('1,200 sessions · 30,000 min on Mon 16 Nov 2026');
  });

  it('signs the weekly change', () => {
    expect(formatPercentChange(67)).toBe('+67%');
    expect(formatPercentChange(-40)).toBe('\u221240%');
    expect(formatPercentChange(0)).toBe('0%');
  });

  it('shows a session in the person’s zone', () => {
    // 07:30 UTC on the 22nd is 23:30 on the 21st in Los Angeles.
    const iso = '2026-11-22T07:30:00.000Z';
    expect(formatSessionDate(iso, 'America/Los_Angeles')).toBe('Sat 21 Nov 2026');
    expect(formatSessionTime(iso, 'America/Los_Angeles')).toBe('23:30');
    expect(formatSessionTime(iso, 'Asia/Tokyo')).toBe('16:30');
  });

  it('writes in the page’s locale, or the one it is given', () => {
    const iso = '2026-11-22T07:30:00.000Z';
    expect(formatDay('2026-11-16', 'de')).toBe('Mo., 16. Nov. 2026');
    expect(formatMinutes(95, 'fr')).toBe('1\u202Fh et 35\u00A0min');
    expect(formatPercentChange(-40, 'de')).toBe('-40\u00A0%');
    expect(formatSessionDate(iso, 'America/Los_Angeles', 'ja')).toBe('2026年11月21日(土)');
    expect(formatSessionTime(iso, 'America/Los_Angeles', 'en-US')).toBe('11:30 PM');
    document.documentElement.lang = 'es';
    try {
      expect(formatMinutes(95)).toBe('1 h y 35 min');
    } finally {
      document.documentElement.lang = '';
    }
  });
});
