import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { OAuthFlowError, toFlowError } from './providers.js';

function timeoutError(): Error {
  const error = new Error('The operation was aborted due to timeout');
  error.name = 'TimeoutError';
  return error;
}

function clientError(message: string, code: string, cause?: unknown): client.ClientError {
  const error = new client.ClientError(message, cause === undefined ? undefined : { cause });
  error.code = code;
  return error;
}

describe('toFlowError', () => {
  it('calls an unreachable, slow or failing provider unavailable', () => {
    expect(toFlowError(new TypeError('fetch failed')).code).toBe('provider_unavailable');
    expect(toFlowError(timeoutError()).code).toBe('provider_unavailable');
    const timedOut = clientError('operation timed out', 'OAUTH_TIMEOUT');
    expect(toFlowError(timedOut).code).toBe('provider_unavailable');
    const notJson = clientError('unexpected response content-type', 'OAUTH_RESPONSE_IS_NOT_JSON');
    expect(toFlowError(notJson).code).toBe('provider_unavailable');
  });

  it('calls a nonce mismatch a state mismatch, and anything else a failed sign-in', () => {
    const nonce = clientError(
      'unexpected JWT claim value encountered',
      'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
      new Error('nonce', { cause: { claim: 'nonce' } }),
    );
    expect(toFlowError(nonce).code).toBe('state_mismatch');
    const audience = clientError(
      'unexpected JWT claim value encountered',
      'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
      new Error('aud', { cause: { claim: 'aud' } }),
    );
    expect(toFlowError(audience).code).toBe('sign_in_failed');
    expect(toFlowError(new Error('boom')).code).toBe('sign_in_failed');
    const known = new OAuthFlowError('email_missing');
    expect(toFlowError(known)).toBe(known);
  });
});
