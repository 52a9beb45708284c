import { describe, expect, it } from 'vitest';
import { classifyStatsFailure, isServerFailure } from './load-failure.js';

describe('a failed statistics fetch', () => {
  it('counts 5xx answers, not network trouble, as server errors', () => {
    expect(isServerFailure({ status: 500 })).toBe(true);
    expect(isServerFailure({ status: 503 })).toBe(true);
    expect(isServerFailure({ status: 404 })).toBe(false);
    expect(isServerFailure({})).toBe(false);
  });

  it('is read the same way by every rule: no answer, 401, 500, other 5xx, 408/429, other 4xx, not a request', () => {
    expect(classifyStatsFailure({})).toBe('no-answer');
    expect(classifyStatsFailure({ message: 'Network Error' })).toBe('no-answer');
    expect(classifyStatsFailure({ status: 401 })).toBe('unauthorized');
    expect(classifyStatsFailure({ status: 500 })).toBe('server-error');
    expect(classifyStatsFailure({ status: 502 })).toBe('server-trouble');
    expect(classifyStatsFailure({ status: 503 })).toBe('server-trouble');
    expect(classifyStatsFailure({ status: 408 })).toBe('not-now');
    expect(classifyStatsFailure({ status: 429 })).toBe('not-now');
    expect(classifyStatsFailure({ status: 400 })).toBe('client-error');
    expect(classifyStatsFailure({ status: 404 })).toBe('client-error');
    expect(classifyStatsFailure({ unexpected: true, message: 'x is not a function' })).toBe(
      'unexpected',
    );
  });
});
