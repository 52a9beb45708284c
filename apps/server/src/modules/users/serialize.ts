import type { User } from '@focusroom/core/schemas';
import type { UserRow } from '../../db/schema.js';

/**
 * The one admin rule (product §6): a verified account whose email is in ADMIN_EMAILS. Computed on
 * each use, never stored, so editing the list (or the email) takes effect at once.
 */
export function isAdmin(
  user: Pick<UserRow, 'is_verified' | 'email'>,
  adminEmails: ReadonlySet<string>,
): boolean {
  return user.is_verified === 1 && adminEmails.has(user.email.toLowerCase());
}

/** The user JSON of product §7. */
export function toUserJson(row: UserRow, adminEmails: ReadonlySet<string>): User {
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
    created_at: row.created_at,
  };
}
