import { MAX_FAILED_AUTH_REFRESHES } from '../constants.js';

/** How one background refresh of the current user ended. */
export type RefreshOutcome =
  | { kind: 'ok' }
  /** The server answered 401: the token is dead. */
  | { kind: 'unauthorized' }
  /** The server answered with another error. */
  | { kind: 'server-error' }
  /** No answer: offline or unreachable (product §4: never counts as a failure). */
  | { kind: 'unreachable' };

export type RefreshDecision = 'keep' | 'clear' | 'retry-when-online';

/**
 * product §4: a 401 logs out at once; other server answers count, and the third
 * clears the state; an unreachable server counts nothing and waits for the network.
 */
export function decideAfterRefresh(
  failedSoFar: number,
  outcome: RefreshOutcome,
): { decision: RefreshDecision; failed: number } {
  switch (outcome.kind) {
    case 'ok':
      return { decision: 'keep', failed: 0 };
    case 'unauthorized':
      return { decision: 'clear', failed: 0 };
    case 'unreachable':
      return { decision: 'retry-when-online', failed: failedSoFar };
    case 'server-error': {
      const failed = failedSoFar + 1;
      return failed >= MAX_FAILED_AUTH_REFRESHES
        ? { decision: 'clear', failed: 0 }
        : { decision: 'keep', failed };
    }
  }
}
