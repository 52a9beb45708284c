import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders, stubAuth } from '../../../test/render';
import { makeUser } from '../../../test/fixtures';
import { announceSignOut } from '../auth/session-events';
import { PUBLIC_KEY, fakeDeps, fakeSubscription } from './test-fakes';
import { base64UrlToBytes } from './this-device';
import { useAlarmsFollowSession } from './use-alarms-follow-session';

function signedIn(token: string) {
  const auth = stubAuth({ status: 'authenticated', token, user: makeUser() });
  return ({ children }: { children: ReactNode }) => (
    <TestProviders auth={auth}>{children}</TestProviders>
  );
}

describe('useAlarmsFollowSession', () => {
  it("stops this browser's alarms when the session ends, with the session's last token", async () => {
    const deps = fakeDeps();
    const subscription = fakeSubscription(base64UrlToBytes(PUBLIC_KEY));
    deps.browser.registration!.subscription = subscription;
    deps.record.write({ userId: 'u1', id: 'd0', endpoint: subscription.endpoint });
    const { unmount } = renderHook(() => useAlarmsFollowSession('u1', deps), {
      wrapper: signedIn('session.token'),
    });
    announceSignOut();
    expect(deps.api.calls).toEqual(['remove d0 with session.token']);
    await waitFor(() => expect(subscription.unsubscribed).toBe(true));
    expect(deps.record.value).toBeNull();
    unmount();
  });

  it("forgets another account's device as the session starts", async () => {
    const deps = fakeDeps();
    const subscription = fakeSubscription(base64UrlToBytes(PUBLIC_KEY));
    deps.browser.registration!.subscription = subscription;
    deps.record.write({ userId: 'someone-else', id: 'd0', endpoint: subscription.endpoint });
    const { unmount } = renderHook(() => useAlarmsFollowSession('u1', deps), {
      wrapper: signedIn('session.token'),
    });
    await waitFor(() => expect(subscription.unsubscribed).toBe(true));
    expect(deps.record.value).toBeNull();
    unmount();
    // Once unmounted (signed out already), a later sign-out is not this hook's.
    announceSignOut();
    expect(deps.api.calls).toEqual([]);
  });
});
