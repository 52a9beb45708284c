import { isLocale } from '@focusroom/core';
import type { User } from '@focusroom/core/schemas';
import type { UserRow } from '../../db/schema.js';

/** The stored role that makes an account an admin. */
export const ADMIN_ROLE = 'admin';

/**
 * The one admin rule (product §6): an account with the stored role 'admin' (granted in the admin
 * area or by `npm run admin -- grant`), or a verified account whose email is in ADMIN_EMAILS.
 * The list is read on each use, never copied into the role, so editing it (or the email) takes
 * effect at once; the role stays until it is revoked.
 */
export function isAdmin(
  user: Pick<UserRow, 'is_verified' | 'email' | 'role'>,
  adminEmails: ReadonlySet<string>,
): boolean {
  return user.role === ADMIN_ROLE || isListedAdmin(user, adminEmails);
}

/** A verified account whose email is in ADMIN_EMAILS (admin whatever its stored role). */
export function isListedAdmin(
  user: Pick<UserRow, 'is_verified' | 'email'>,
  adminEmails: ReadonlySet<string>,
): boolean {
  return user.is_verified === 1 && adminEmails.has(user.email.toLowerCase());
}

/**
 * The user JSON of product §7, plus `has_password` (docs/decisions/026): false for an account
 * made through a provider that has not set a password, so the profile offers to set one; and
 * `pending_email` (decision 050): a new address waiting for its link, until that expires at `now`.
 */
export function toUserJson(
  row: UserRow,
  adminEmails: ReadonlySet<string>,
  now: string,
): User & { has_password: boolean; pending_email: string | null } {
  const admin = isAdmin(row, adminEmails);
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    is_verified: row.is_verified === 1,
    is_admin: admin,
    role: admin ? 'admin' : 'user',
    avatarUrl: row.avatar_url,
    bio: row.bio,
    time_zone: row.time_zone,
    language: isLocale(row.language) ? row.language : null,
    created_at: row.created_at,
    has_password: row.password_hash !== null,
    pending_email: pendingEmail(row, now),
  };
}

/** The new address waiting for confirmation, while its link is live at `now`; else null. */
export function pendingEmail(
  row: Pick<UserRow, 'pending_email' | 'pending_email_expires_at'>,
  now: string,
): string | null {
  const { pending_email: email, pending_email_expires_at: expires } = row;
  return email !== null && expires !== null && expires > now ? email : null;
}
