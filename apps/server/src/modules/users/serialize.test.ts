import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { isAdmin, toUserJson } from './serialize.js';

const ADMINS: ReadonlySet<string> = new Set(['boss@example.com']);
const NOW = '2026-02-01T12:00:00.000Z';

function row(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    name: 'Boss',
    username: 'boss',
    username_lower: 'boss',
    email: 'boss@example.com',
    password_hash: null,
    is_verified: 1,
    role: 'user',
    avatar_url: null,
    bio: null,
    time_zone: null,
    language: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    disabled_at: null,
    pending_email: null,
    pending_email_expires_at: null,
    ...overrides,
  };
}

describe('isAdmin', () => {
  it('is true for a verified account whose email is in ADMIN_EMAILS', () => {
    expect(isAdmin(row(), ADMINS)).toBe(true);
  });

  it('is false for an unverified account even when its email is listed', () => {
    expect(isAdmin(row({ is_verified: 0 }), ADMINS)).toBe(false);
  });

  it('is false for a verified account whose email is not listed', () => {
    expect(isAdmin(row({ email: 'someone@example.com' }), ADMINS)).toBe(false);
  });

  it('compares the email without regard to case', () => {
    expect(isAdmin(row({ email: 'Boss@Example.com' }), ADMINS)).toBe(true);
  });

  it("is true for an account with the stored role 'admin', whatever its email", () => {
    expect(isAdmin(row({ role: 'admin', email: 'someone@example.com' }), ADMINS)).toBe(true);
    expect(isAdmin(row({ role: 'admin', is_verified: 0, email: 'x@example.com' }), ADMINS)).toBe(
      true,
    );
  });

  it('is false for any other stored role outside ADMIN_EMAILS', () => {
    expect(isAdmin(row({ role: 'user', email: 'someone@example.com' }), ADMINS)).toBe(false);
  });
});

describe('toUserJson', () => {
  it('reports the admin rule in is_admin and role', () => {
    expect(toUserJson(row(), ADMINS, NOW)).toMatchObject({ is_admin: true, role: 'admin' });
    expect(toUserJson(row({ is_verified: 0 }), ADMINS, NOW)).toMatchObject({
      is_verified: false,
      is_admin: false,
      role: 'user',
    });
  });

  it('says whether the account has a password, and never what it is', () => {
    const withPassword = toUserJson(row({ password_hash: '$argon2id$v=19$secret' }), ADMINS, NOW);
    expect(withPassword.has_password).toBe(true);
    expect(JSON.stringify(withPassword)).not.toContain('argon2');
    expect(toUserJson(row({ password_hash: null }), ADMINS, NOW).has_password).toBe(false);
  });

  it('shows a pending address only while its link is live, and never lets it grant admin', () => {
    const pending = row({
      email: 'someone@example.com',
      pending_email: 'boss@example.com',
      pending_email_expires_at: '2026-02-01T12:00:00.001Z',
    });
    expect(toUserJson(pending, ADMINS, NOW)).toMatchObject({
      email: 'someone@example.com',
      pending_email: 'boss@example.com',
      is_admin: false,
    });
    const expired = { ...pending, pending_email_expires_at: NOW };
    expect(toUserJson(expired, ADMINS, NOW).pending_email).toBeNull();
    expect(toUserJson(row(), ADMINS, NOW).pending_email).toBeNull();
  });
});

describe('toUserJson language', () => {
  it('answers the stored language, and null for none or one the app no longer has', () => {
    expect(toUserJson(row({ language: 'pt-BR' }), ADMINS, NOW).language).toBe('pt-BR');
    expect(toUserJson(row(), ADMINS, NOW).language).toBeNull();
    expect(toUserJson(row({ language: 'xx' }), ADMINS, NOW).language).toBeNull();
  });
});
