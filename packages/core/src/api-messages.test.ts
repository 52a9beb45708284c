import { describe, expect, it } from 'vitest';
import { retryMessage } from './api-messages.js';

describe('429 messages', () => {
  it('say when to retry in minutes or seconds', () => {
    expect(retryMessage(900)).toBe('Too many attempts. Try again in 15 minutes.');
    expect(retryMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(retryMessage(60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(retryMessage(1)).toBe('Too many attempts. Try again in 1 second.');
    expect(retryMessage(30)).toBe('Too many attempts. Try again in 30 seconds.');
  });
});
