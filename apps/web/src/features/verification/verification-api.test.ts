import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_RETRIES_MS, stalledFetch } from '../../../test/stalled-fetch';
import { ApiError, setApiRandom } from '../../lib/api-client';
import { resendVerification, verifyEmail } from './verification-api';

describe('the verification calls and the generic timeout retry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setApiRandom(() => 0.5);
  });

  afterEach(() => {
    setApiRandom(null);
    vi.useRealTimers();
  });

  it('sends a resend request once, even when it times out', async () => {
    const fetchMock = stalledFetch();
    vi.stubGlobal('fetch', fetchMock);
    const result = resendVerification('ada@example.com').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ALL_RETRIES_MS);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).timedOut).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('still retries the verification itself, which is idempotent, on timeout', async () => {
    const fetchMock = stalledFetch();
    vi.stubGlobal('fetch', fetchMock);
    const result = verifyEmail('mail-token').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ALL_RETRIES_MS);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
