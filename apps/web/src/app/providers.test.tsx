import type { User } from '@focusroom/core/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAuth } from '../../test/render';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';
import { ForgetServerStateOnUserChange } from './providers';
import { makeUser } from '../../test/fixtures';

const ADA = makeUser({ id: 'u-ada', name: 'Ada', created_at: '' });
const GRACE: User = { ...ADA, id: 'u-grace', name: 'Grace', username: 'grace' };

function signedIn(user: User | null): AuthContextValue {
  return user ? stubAuth({ status: 'authenticated', user, token: `t-${user.id}` }) : stubAuth();
}

function setup(first: User | null) {
  const queryClient = new QueryClient();
  const view = (auth: AuthContextValue) => (
    <QueryClientProvider client={queryClient}>
      <AuthContext value={auth}>
        <ForgetServerStateOnUserChange />
      </AuthContext>
    </QueryClientProvider>
  );
  const { rerender } = render(view(signedIn(first)));
  return {
    queryClient,
    become: (user: User | null) => rerender(view(signedIn(user))),
  };
}

describe('the server-state cache across users', () => {
  it('is dropped when another user signs in without a sign-out in between', () => {
    const { queryClient, become } = setup(ADA);
    queryClient.setQueryData(['stats'], { owner: 'ada' });

    become(GRACE);

    expect(queryClient.getQueryData(['stats'])).toBeUndefined();
  });

  it('is dropped on sign-out', () => {
    const { queryClient, become } = setup(ADA);
    queryClient.setQueryData(['stats'], { owner: 'ada' });
    become(null);
    expect(queryClient.getQueryData(['stats'])).toBeUndefined();
  });

  it('is kept while the same user stays signed in, and when someone signs in from signed out', () => {
    const { queryClient, become } = setup(ADA);
    queryClient.setQueryData(['stats'], { owner: 'ada' });
    become({ ...ADA, bio: 'Updated profile' });
    expect(queryClient.getQueryData(['stats'])).toEqual({ owner: 'ada' });

    const signedOut = setup(null);
    signedOut.queryClient.setQueryData(['themes'], ['public']);
    signedOut.become(ADA);
    expect(signedOut.queryClient.getQueryData(['themes'])).toEqual(['public']);
  });
});
