import { describe, expect, it } from 'vitest';
import { tooManyRequests } from './http-errors.js';

describe('429 answers', () => {
  // The sentence itself is core's retryMessage (tested there).
  it('carry Retry-After in whole seconds, at least 1', () => {
    expect(tooManyRequests(1500).headers).toEqual({ 'retry-after': '2' });
    expect(tooManyRequests(0).headers).toEqual({ 'retry-after': '1' });
  });
});
