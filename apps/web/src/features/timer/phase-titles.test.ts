import { describe, expect, it } from 'vitest';
import { notificationText } from './phase-titles';

describe('notificationText', () => {
  it('words the notification by the finished type', () => {
    expect(notificationText({ finishedType: 'pomodoro' })).toBe('Time for a break!');
    expect(notificationText({ finishedType: 'long_break' })).toBe('Break is over, time to focus!');
  });
});
