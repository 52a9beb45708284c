import type { User } from '@focusroom/core/schemas';

/**
 * A signed-in user as the server sends it (GET /auth/me): a verified, non-admin "Ada" with no
 * avatar, bio or time zone. Tests name only the fields they care about; `is_admin: true` makes
 * the role 'admin' too unless the test says otherwise, as the server would.
 */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Ada Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    is_verified: true,
    is_admin: false,
    role: overrides.is_admin ? 'admin' : 'user',
    avatarUrl: null,
    bio: null,
    time_zone: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
