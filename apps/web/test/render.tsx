import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../src/app/theme';
import { AuthContext, type AuthContextValue } from '../src/lib/auth-context';

/** An auth state for components that only read it; every action is a spy. */
export function stubAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const status = overrides.status ?? 'unauthenticated';
  return {
    status,
    user: null,
    token: null,
    initialized: status !== 'loading',
    isAuthenticated: status === 'authenticated',
    login: vi.fn(async () => ({ success: true })),
    register: vi.fn(async () => ({ success: true })),
    logout: vi.fn(async () => undefined),
    completeExternalSignIn: vi.fn(async () => ({ success: true })),
    refreshUser: vi.fn(async () => undefined),
    updateProfile: vi.fn(async () => ({ success: true })),
    changePassword: vi.fn(async () => ({ success: true })),
    deleteAccount: vi.fn(async () => ({ success: true })),
    ...overrides,
  };
}

export interface RenderOptions {
  route?: string;
  auth?: AuthContextValue;
}

export function TestProviders({
  children,
  route = '/',
  auth = stubAuth(),
}: RenderOptions & { children: ReactNode }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" env="test">
      <QueryClientProvider client={queryClient}>
        <AuthContext value={auth}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </AuthContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders inside the app's providers, with a memory router at `route`. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
