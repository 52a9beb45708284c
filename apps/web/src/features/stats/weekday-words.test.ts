import { WEEKDAYS } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { STRONGEST_WEEKDAY, WEEKDAY_NAMES, WEEKDAY_SHORT_NAMES } from './weekday-words';

describe('the weekday words', () => {
  it('say core’s weekdays in English as the page always has', () => {
    for (const day of WEEKDAYS) {
      expect(i18n._(WEEKDAY_NAMES[day])).toBe(day);
      expect(i18n._(WEEKDAY_SHORT_NAMES[day])).toBe(day.slice(0, 3));
      expect(i18n._(STRONGEST_WEEKDAY[day]('2 h'))).toBe(
        `${day}s are your strongest: 2 h in total`,
      );
    }
  });
});
