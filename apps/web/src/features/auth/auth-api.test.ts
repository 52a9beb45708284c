import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_RETRIES_MS, stalledFetch } from '../../../test/stalled-fetch';
import { ApiError, setApiRandom } from '../../lib/api-client';
import { httpAuthApi } from './auth-api';
import { requestPasswordReset } from '../../lib/password-reset-api';
import { resetPassword, verifyResetToken } from './password-api';

describe('the account calls and the generic timeout retry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setApiRandom(() => 0.5);
    localStorage.setItem('token', 'current.session.token');
  });

  afterEach(() => {
    setApiRandom(null);
    vi.useRealTimers();
  });

  it.each([
    ['login', () => httpAuthApi.login({ email: 'ada', login: 'ada', password: 'pw' })],
    [
      'register',
      () =>
        httpAuthApi.register({
          name: 'Ada',
          username: 'ada',
          email: 'ada@example.com',
          password: 'long-enough',
        }),
    ],
    ['password change', () => httpAuthApi.changePassword('old-password', 'new-password')],
    ['account deletion', () => httpAuthApi.deleteAccount('pw')],
    ['profile update', () => httpAuthApi.updateMe({ email: 'new@example.com' })],
    ['reset-password', () => resetPassword('reset-token', 'new-password')],
    ['forgot-password', () => requestPasswordReset('ada@example.com')],
  ])('sends %s once, even when it times out', async (_name, call) => {
    const fetchMock = stalledFetch();
    vi.stubGlobal('fetch', fetchMock);

    const result = call().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ALL_RETRIES_MS);

    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).timedOut).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('still retries the reset-link check, a read, on timeout', async () => {
    const fetchMock = stalledFetch();
    vi.stubGlobal('fetch', fetchMock);
    const result = verifyResetToken('reset-token').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(ALL_RETRIES_MS);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
