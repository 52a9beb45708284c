import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../lib/jwt.js';
import { FlowCookie, readCookie, type FlowState } from './flow-cookie.js';

const SECRET = new TextEncoder().encode('flow-cookie-test-secret-0123456789abcdef');
const NOW = new Date('2031-03-03T09:00:00.000Z');
const FLOW: FlowState = {
  provider: 'oidc',
  intent: 'signin',
  state: 'state-value',
  nonce: 'nonce-value',
  codeVerifier: 'verifier-value',
  next: '/stats',
};

function valueOf(setCookie: string): string {
  return setCookie.split(';')[0] ?? '';
}

describe('FlowCookie', () => {
  it('reads back what it wrote until ten minutes have passed', async () => {
    const cookie = new FlowCookie(SECRET, false);
    const header = valueOf(await cookie.serialize(FLOW, NOW));
    expect(await cookie.read(`other=1; ${header}`, NOW)).toEqual(FLOW);
    expect(await cookie.read(header, new Date(NOW.getTime() + 9 * 60_000))).toEqual(FLOW);
    expect(await cookie.read(header, new Date(NOW.getTime() + 11 * 60_000))).toBeNull();
  });

  it('is Secure on an https site and clears with Max-Age=0', async () => {
    expect(await new FlowCookie(SECRET, true).serialize(FLOW, NOW)).toMatch(/; Secure$/);
    expect(await new FlowCookie(SECRET, false).serialize(FLOW, NOW)).not.toContain('Secure');
    expect(new FlowCookie(SECRET, false).clear()).toMatch(/^focusroom_oauth=; .*Max-Age=0/);
  });

  it('refuses another secret, an access token signed with the app secret, and junk', async () => {
    const cookie = new FlowCookie(SECRET, false);
    const foreign = valueOf(
      await new FlowCookie(new TextEncoder().encode('x'.repeat(40)), false).serialize(FLOW, NOW),
    );
    expect(await cookie.read(foreign, NOW)).toBeNull();
    const access = await signAccessToken(
      SECRET,
      { id: 'u', username: 'u', name: 'u', email: 'u@example.com' },
      'sid',
      NOW,
      new Date(NOW.getTime() + 60_000),
    );
    expect(await cookie.read(`focusroom_oauth=${access}`, NOW)).toBeNull();
    expect(await cookie.read('focusroom_oauth=not.a.jwt', NOW)).toBeNull();
    expect(await cookie.read(undefined, NOW)).toBeNull();
  });
});

describe('readCookie', () => {
  it('finds one cookie by exact name', () => {
    expect(readCookie('a=1; focusroom_oauth_x=2; focusroom_oauth=3', 'focusroom_oauth')).toBe('3');
    expect(readCookie('a=1', 'focusroom_oauth')).toBeNull();
    expect(readCookie('focusroom_oauth=', 'focusroom_oauth')).toBeNull();
  });
});
