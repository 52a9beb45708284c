import { describe, expect, it } from 'vitest';
import { mergeUser } from './merge-user';
import { makeUser } from '../../../test/fixtures';

const server = makeUser({ name: 'Ada' });
const noLast = { avatarUrl: null, userId: null };

describe('mergeUser', () => {
  it("keeps the server's bio and avatar whenever it has them", () => {
    const merged = mergeUser(
      { ...server, bio: 'server bio', avatarUrl: '#7c3aed' },
      { id: 'u1', bio: 'stored bio', avatarUrl: 'icon:fire' },
      noLast,
    );
    expect(merged).toMatchObject({ bio: 'server bio', avatarUrl: '#7c3aed' });
  });

  it('fills fields the server lacks from the stored copy of the same user', () => {
    const merged = mergeUser(
      server,
      { id: 'u1', bio: 'stored bio', avatarUrl: 'icon:fire' },
      noLast,
    );
    expect(merged).toMatchObject({ bio: 'stored bio', avatarUrl: 'icon:fire' });
  });

  it("never takes another user's stored copy", () => {
    const merged = mergeUser(server, { id: 'u2', bio: 'not yours', avatarUrl: '#000000' }, noLast);
    expect(merged).toMatchObject({ bio: null, avatarUrl: null });
  });

  it('falls back to the avatar kept at logout for the same user only', () => {
    expect(mergeUser(server, null, { avatarUrl: 'icon:music', userId: 'u1' }).avatarUrl).toBe(
      'icon:music',
    );
    expect(mergeUser(server, null, { avatarUrl: 'icon:music', userId: 'u2' }).avatarUrl).toBeNull();
  });
});
