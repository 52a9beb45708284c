import type { User } from '@focusroom/core/schemas';
import { decodeTokenPayload } from '../../lib/token-payload';

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export interface LastSeen {
  avatarUrl: string | null;
  userId: string | null;
}

/**
 * Product §3: bio and avatar are kept across sessions by merging in the stored
 * copy, but the server's value wins whenever it has one. The stored copy counts only when it
 * belongs to the same user; lastAvatarUrl (kept at logout) fills the avatar last of all.
 */
export function mergeUser(server: User, stored: Partial<User> | null, last: LastSeen): User {
  const sameUser = stored && (!stored.id || stored.id === server.id) ? stored : null;
  const bio = present(server.bio) ? server.bio : present(sameUser?.bio) ? sameUser.bio : server.bio;
  let avatarUrl = server.avatarUrl;
  if (!present(avatarUrl)) {
    if (present(sameUser?.avatarUrl)) avatarUrl = sameUser.avatarUrl;
    else if (last.userId === server.id && present(last.avatarUrl)) avatarUrl = last.avatarUrl;
  }
  return { ...server, bio: bio ?? null, avatarUrl: avatarUrl ?? null };
}

/** Product §4: registration without a user in the answer uses a default, unverified user. */
export function defaultRegisteredUser(input: {
  name: string;
  username: string;
  email: string;
}): User {
  return {
    id: '',
    name: input.name,
    username: input.username,
    email: input.email,
    is_verified: false,
    is_admin: false,
    role: 'user',
    avatarUrl: null,
    bio: null,
    time_zone: null,
    created_at: new Date().toISOString(),
  };
}

/**
 * A stand-in user read from the token when the profile could not be loaded; login succeeds
 * only for verified accounts (product §7), so it does not nag with the verify banner.
 */
export function provisionalUserFromToken(token: string): User | null {
  const payload = decodeTokenPayload(token);
  const id = payload?.id ?? payload?.sub;
  if (!payload || typeof id !== 'string' || !id) return null;
  return {
    id,
    name: payload.name ?? '',
    username: payload.username ?? '',
    email: payload.email ?? '',
    is_verified: true,
    is_admin: false,
    role: 'user',
    avatarUrl: null,
    bio: null,
    time_zone: null,
    created_at: '',
  };
}
