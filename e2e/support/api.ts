import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.js';
import { waitForMailLink } from './mail.js';

export interface TestUser {
  name: string;
  username: string;
  email: string;
  password: string;
}

/** A unique user per call, so tests never share accounts. */
export function newUser(prefix = 'user'): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Test ${prefix} ${id}`,
    username: `${prefix}_${id}`,
    email: `${prefix}.${id}@example.test`,
    password: `Quiet-harbour-${id}-lamp`,
  };
}

async function api<T>(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${E2E_BASE_URL}/api${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * The names and descriptions of the custom themes `token`'s reader can see (public ones, other
 * people's too, and their own): words people wrote, shown as written in every language.
 */
export async function customThemeWords(token: string): Promise<string[]> {
  const words: string[] = [];
  for (const path of ['/themes/custom/public', '/themes/custom/user']) {
    const res = await api<{ name: string; description?: string | null }[]>(path, { token });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    for (const theme of res.body)
      words.push(theme.name, ...(theme.description ? [theme.description] : []));
  }
  return words;
}

/** An empty playlist of `token`'s user; returns its id. */
export async function createPlaylist(token: string, name: string): Promise<string> {
  const res = await api<{ id: string }>('/playlists', {
    method: 'POST',
    token,
    body: JSON.stringify({ name, description: '', tracks: [] }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`playlist: ${res.status}`);
  return res.body.id;
}

/** Registers and verifies through the API and the outbox; returns the user and a fresh token. */
export async function createVerifiedUser(
  prefix = 'user',
): Promise<{ user: TestUser; token: string }> {
  const user = newUser(prefix);
  const reg = await api('/auth/register', { method: 'POST', body: JSON.stringify(user) });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const link = await waitForMailLink(user.email, '/verify-email/');
  const token = link.split('/verify-email/')[1]!;
  const verified = await api(`/auth/verify-email/${token}`);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  const login = await api<{ token: string }>('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ login: user.username, password: user.password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return { user, token: login.body.token };
}

/** Signs the browser in by storing what a real login stores, then opens `path`. */
export async function signInAs(page: Page, token: string, path = '/dashboard'): Promise<void> {
  const me = await api<Record<string, unknown>>('/auth/me', { token });
  await page.goto('/about');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(me.body)] as const,
  );
  await page.goto(path);
}

export async function logoutToken(token: string): Promise<number> {
  return (await api('/auth/logout', { method: 'POST', token, body: '{}' })).status;
}

export const uniqueId = () => randomUUID();

/** The one ADMIN_EMAILS account of the e2e server (support/start-server.mjs). */
export const E2E_ADMIN: TestUser = {
  name: 'E2E Admin',
  username: 'e2e_admin',
  email: 'e2e-admin@example.test',
  password: 'Quiet-harbour-admin-lamp',
};

async function adminLogin(): Promise<string | undefined> {
  const res = await api<{ token?: string }>('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ login: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  return res.status === 200 ? res.body.token : undefined;
}

/**
 * The admin's token. Whichever test needs it first registers and verifies the account; a test
 * in another worker that loses that race waits until the admin can sign in.
 */
export async function adminToken(): Promise<string> {
  const first = await adminLogin();
  if (first) return first;
  const reg = await api('/auth/register', { method: 'POST', body: JSON.stringify(E2E_ADMIN) });
  if (reg.status === 201) {
    const link = await waitForMailLink(E2E_ADMIN.email, '/verify-email/');
    const verified = await api(`/auth/verify-email/${link.split('/verify-email/')[1]!}`);
    if (verified.status !== 200) throw new Error(`admin verify: ${verified.status}`);
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const token = await adminLogin();
    if (token) return token;
    if (Date.now() > deadline)
      throw new Error(`admin register ${reg.status}; sign-in never worked`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A new verified account the shared admin made an admin: for a test that changes what belongs
 * to its admin (the account's language, say) without the other tests' admin seeing it.
 */
export async function createAdmin(prefix = 'admin'): Promise<{ user: TestUser; token: string }> {
  const { user, token } = await createVerifiedUser(prefix);
  const me = await api<{ id: string }>('/auth/me', { token });
  const granted = await api(`/admin/users/${me.body.id}/admin`, {
    method: 'POST',
    token: await adminToken(),
  });
  if (granted.status !== 200) throw new Error(`grant admin: ${granted.status}`);
  return { user, token };
}
