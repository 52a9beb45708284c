import fc from 'fast-check';
import { localDate } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { exactOffsetSeconds, localDay, offsetSeconds, zonedIsoString } from './zoned-time.js';

const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Lord_Howe', // a 30-minute daylight-saving change
  'Pacific/Chatham', // +12:45 / +13:45
  'America/St_Johns', // -03:30 / -02:30
  'Africa/Casablanca', // summer time suspended during Ramadan
  'Pacific/Kiritimati', // +14:00
  'Pacific/Pago_Pago', // -11:00
];

describe('zoned time', () => {
  it('gives the same local day as core for any instant and zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2099, 11, 31) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          expect(localDay(ms, zone)).toBe(localDate(ms, zone));
          expect(offsetSeconds(ms, zone)).toBe(exactOffsetSeconds(ms, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees with core minute by minute across the days the clocks change', () => {
    const windows: [string, string][] = [
      ['America/New_York', '2026-03-08T00:00:00Z'],
      ['America/New_York', '2026-11-01T00:00:00Z'],
      ['Europe/Berlin', '2026-03-29T00:00:00Z'],
      ['Europe/Berlin', '2026-10-25T00:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T00:00:00Z'],
      ['Pacific/Chatham', '2026-09-26T00:00:00Z'],
    ];
    for (const [zone, start] of windows) {
      for (let minute = -24 * 60; minute < 48 * 60; minute += 7) {
        const ms = Date.parse(start) + minute * 60_000;
        expect(localDay(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(
          localDate(ms, zone),
        );
      }
    }
  });

  it('answers instants outside the cached years through Intl', () => {
    const ms = Date.UTC(2150, 5, 1, 23, 30);
    expect(localDay(ms, 'Asia/Tokyo')).toBe(localDate(ms, 'Asia/Tokyo'));
    expect(localDay(ms, 'Asia/Tokyo')).toBe('2150-06-02');
  });

  it('writes wall-clock times with the offset of the zone, to the second', () => {
    const ms = Date.parse('2026-11-22T17:00:00.750Z');
    expect(zonedIsoString(ms, 'America/Los_Angeles')).toBe('2026-11-22T09:00:00-08:00');
    expect(zonedIsoString(ms, 'Asia/Kolkata')).toBe('2026-11-22T22:30:00+05:30');
    expect(zonedIsoString(ms, 'UTC')).toBe('2026-11-22T17:00:00+00:00');
    expect(zonedIsoString(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(
      '2026-03-08T03:00:00-04:00',
    );
    expect(zonedIsoString(Date.parse('2026-03-08T06:59:59Z'), 'America/New_York')).toBe(
      '2026-03-08T01:59:59-05:00',
    );
    expect(zonedIsoString(Date.parse('2026-04-01T00:00:00Z'), 'America/St_Johns')).toBe(
      '2026-03-31T21:30:00-02:30',
    );
  });
});
