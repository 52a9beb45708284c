import { describe, expect, it } from 'vitest';
import {
  loginPathReturningTo,
  registerPathReturningTo,
  returnPathAfterSignIn,
  safeReturnPath,
  withReturnPath,
} from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/stats', '/stats'],
    ['/stats?range=30', '/stats?range=30'],
    ['/playlist/abc-123#tracks', '/playlist/abc-123#tracks'],
    ['/', '/'],
    ['/stats/../profile', '/profile'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    ['another host, protocol-relative', '//evil.example'],
    ['an encoded double slash', '/%2F%2Fevil.example'],
    ['an absolute URL', 'https://evil.example/stats'],
  ])("refuses what core's open-redirect guard refuses: %s", (_label, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses a path that resolves to another host', () => {
    expect(safeReturnPath('/stats/..//evil.example')).toBeNull();
  });

  it.each([null, undefined, 42, ['/stats'], { path: '/stats' }])(
    'refuses a non-string %j',
    (raw) => {
      expect(safeReturnPath(raw)).toBeNull();
    },
  );
});

describe('returnPathAfterSignIn', () => {
  it.each(['/stats', '/profile', '/help', '/', '/about', '/playlist/p1'])(
    'returns to the app page %s',
    (path) => {
      expect(returnPathAfterSignIn(path)).toBe(path);
    },
  );

  it.each([
    '/login',
    '/login?next=%2Fstats',
    '/register',
    '/forgot-password',
    '/reset-password/token',
    '/oauth-callback',
    '/verify-email/token',
    '/resend-verification',
    '/no-such-page',
    '//evil.example',
  ])('does not return to %s (the default landing page is used)', (path) => {
    expect(returnPathAfterSignIn(path)).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('carries the page asked for, encoded', () => {
    expect(loginPathReturningTo('/stats')).toBe('/login?next=%2Fstats');
    expect(loginPathReturningTo('/stats?range=30')).toBe('/login?next=%2Fstats%3Frange%3D30');
  });

  it('puts the session-expired notice first', () => {
    expect(loginPathReturningTo('/stats', true)).toBe('/login?session_expired=true&next=%2Fstats');
  });

  it('leaves out the dashboard, where sign-in lands anyway, and pages not to return to', () => {
    expect(loginPathReturningTo('/dashboard', true)).toBe('/login?session_expired=true');
    expect(loginPathReturningTo('/forgot-password', true)).toBe('/login?session_expired=true');
    expect(loginPathReturningTo('//evil.example')).toBe('/login');
    expect(loginPathReturningTo(null)).toBe('/login');
  });
});

describe('registerPathReturningTo and withReturnPath', () => {
  it('carries the page asked for to the register page, as to the login page', () => {
    expect(registerPathReturningTo('/stats')).toBe('/register?next=%2Fstats');
    expect(registerPathReturningTo('https://evil.example/stats')).toBe('/register');
    expect(registerPathReturningTo('/login')).toBe('/register');
    expect(registerPathReturningTo(null)).toBe('/register');
  });

  it('adds next after a query the path already has', () => {
    expect(withReturnPath('/resend-verification?email=a%40b.test', '/themes')).toBe(
      '/resend-verification?email=a%40b.test&next=%2Fthemes',
    );
    expect(withReturnPath('/resend-verification', '/%2F%2Fevil.example')).toBe(
      '/resend-verification',
    );
  });
});
