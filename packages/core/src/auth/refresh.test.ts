import { describe, expect, it } from 'vitest';
import { decideAfterRefresh } from './refresh.js';

describe('decideAfterRefresh', () => {
  it('clears the state at once on a 401', () => {
    expect(decideAfterRefresh(0, { kind: 'unauthorized' })).toEqual({
      decision: 'clear',
      failed: 0,
    });
  });

  it('keeps the user for two server failures and clears on the third', () => {
    let failed = 0;
    const decisions = [1, 2, 3].map(() => {
      const next = decideAfterRefresh(failed, { kind: 'server-error' });
      failed = next.failed;
      return next.decision;
    });
    expect(decisions).toEqual(['keep', 'keep', 'clear']);
  });

  it('does not count an unreachable server', () => {
    expect(decideAfterRefresh(2, { kind: 'unreachable' })).toEqual({
      decision: 'retry-when-online',
      failed: 2,
    });
  });

  it('resets the count after a success', () => {
    expect(decideAfterRefresh(2, { kind: 'ok' })).toEqual({ decision: 'keep', failed: 0 });
  });
});
