import { describe, expect, it } from 'vitest';
import { LoginBodySchema, RegisterBodySchema, UpdateMeBodySchema } from './auth.js';
import { IdSchema, isKnownTimeZone } from './common.js';

describe('RegisterBodySchema', () => {
  const valid = {
    name: 'Ada',
    username: 'Ada_L',
    email: '  ADA@Example.COM ',
    password: 'x'.repeat(8),
  };

  it('trims and lower-cases the email and keeps the username as typed', () => {
    const parsed = RegisterBodySchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.username).toBe('Ada_L');
  });

  it('refuses short and long passwords with a clear message', () => {
    const short = RegisterBodySchema.safeParse({ ...valid, password: 'short' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toMatch(/at least 8/);
    expect(RegisterBodySchema.safeParse({ ...valid, password: 'x'.repeat(129) }).success).toBe(
      false,
    );
    expect(RegisterBodySchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(
      true,
    );
  });

  it.each(['ab', 'a'.repeat(31), 'has space', 'emoji😀', 'semi;colon'])(
    'refuses the username %s',
    (username) => {
      expect(RegisterBodySchema.safeParse({ ...valid, username }).success).toBe(false);
    },
  );
});

describe('LoginBodySchema', () => {
  it('defaults rememberMe to true', () => {
    expect(LoginBodySchema.parse({ login: 'ada', password: 'p' }).rememberMe).toBe(true);
  });
});

describe('UpdateMeBodySchema', () => {
  it('strips privileged fields', () => {
    const parsed = UpdateMeBodySchema.parse({ name: 'A', role: 'admin', is_admin: true });
    expect(parsed).toEqual({ name: 'A' });
  });

  it('refuses an avatar that could inject CSS and an unknown time zone', () => {
    expect(UpdateMeBodySchema.safeParse({ avatarUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(UpdateMeBodySchema.safeParse({ time_zone: 'Mars/Olympus' }).success).toBe(false);
    expect(UpdateMeBodySchema.safeParse({ time_zone: 'Europe/Paris' }).success).toBe(true);
  });
});

describe('ids and zones', () => {
  it('accepts the fixed theme ids that are not RFC UUIDs', () => {
    expect(IdSchema.safeParse('d7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f').success).toBe(true);
    expect(IdSchema.safeParse('e2d3c4b5-a6b7-c8d9-e0f1-a2b3c4d5e6f7').success).toBe(true);
    expect(IdSchema.safeParse('1').success).toBe(false);
  });

  it('knows IANA zones and refuses POSIX strings', () => {
    expect(isKnownTimeZone('America/Los_Angeles')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('UTC+5')).toBe(false);
    expect(isKnownTimeZone('EST5EDT,M3.2.0,M11.1.0')).toBe(false);
  });
});
