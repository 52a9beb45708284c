import type { User } from '@focusroom/core/schemas';
import type { UserRow } from '../../db/schema.js';

/**
 * The user JSON of DESIGN §4. Admin is computed here, not stored: only a verified account whose
 * email is in ADMIN_EMAILS is an admin, so editing the list (or the email) takes effect at once.
 */
export function toUserJson(row: UserRow, adminEmails: ReadonlySet<string>): User {
  const isVerified = row.is_verified === 1;
  const isAdmin = isVerified && adminEmails.has(row.email.toLowerCase());
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    is_verified: isVerified,
    is_admin: isAdmin,
    role: isAdmin ? 'admin' : 'user',
    avatarUrl: row.avatar_url,
    bio: row.bio,
    time_zone: row.time_zone,
    created_at: row.created_at,
  };
}
