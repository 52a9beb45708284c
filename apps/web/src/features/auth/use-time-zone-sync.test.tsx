import type { User } from '@focusroom/core/schemas';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthApi } from './auth-api';
import { createAuthMachine } from './auth-machine';
import { AuthProvider } from './auth-provider';
import { makeUser } from '../../../test/fixtures';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const USER = makeUser({ id: '0195f0a4-0000-7000-8000-00000000000c', time_zone: 'UTC' });

const TOKEN = `e30.${btoa(JSON.stringify({ id: USER.id })).replace(/=+$/, '')}.sig`;

/** Signed in from storage, with a server that knows the user in `zone`. */
function signInWithZone(zone: string) {
  const user = { ...USER, time_zone: zone };
  localStorage.setItem('token', TOKEN);
  localStorage.setItem('user', JSON.stringify(user));
  const api = {
    login: vi.fn(),
    register: vi.fn(),
    me: vi.fn(async () => user),
    logout: vi.fn(async () => undefined),
    updateMe: vi.fn(async (update: Partial<User>) => ({ ...user, ...update })),
    changePassword: vi.fn(),
    deleteAccount: vi.fn(),
  } satisfies AuthApi;
  render(
    <AuthProvider machine={createAuthMachine({ api })}>
      <p>app</p>
    </AuthProvider>,
  );
  return api;
}

describe("the signed-in user's time zone", () => {
  afterEach(() => {
    localStorage.clear();
  });

  it("is stored on the profile once, from the browser, when the profile's differs", async () => {
    const api = signInWithZone('Mars/Olympus');
    await waitFor(() => expect(api.updateMe).toHaveBeenCalled());
    await waitFor(() => expect(api.me).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.updateMe).toHaveBeenCalledTimes(1);
    expect(api.updateMe).toHaveBeenCalledWith({ time_zone: BROWSER_ZONE });
  });

  it('is left alone when the profile already has the browser zone', async () => {
    const api = signInWithZone(BROWSER_ZONE);
    await waitFor(() => expect(api.me).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.updateMe).not.toHaveBeenCalled();
  });
});
