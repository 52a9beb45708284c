import { describe, expect, it } from 'vitest';
import { AVATAR_ICONS, parseAvatar } from './avatar.js';

describe('parseAvatar', () => {
  it('uses the first letter of the name when there is no avatar', () => {
    expect(parseAvatar(null, 'ada', 'lovelace')).toEqual({ kind: 'initial', letter: 'A' });
  });

  it('falls back to the username, then to a question mark', () => {
    expect(parseAvatar('', '', 'zed')).toEqual({ kind: 'initial', letter: 'Z' });
    expect(parseAvatar(undefined, null, null)).toEqual({ kind: 'initial', letter: '?' });
  });

  it('keeps a whole emoji or accented letter as the initial', () => {
    expect(parseAvatar(null, 'Émile').kind === 'initial' && parseAvatar(null, 'Émile')).toEqual({
      kind: 'initial',
      letter: 'É',
    });
  });

  it('reads a value starting with # as a colour', () => {
    expect(parseAvatar('#7c3aed')).toEqual({ kind: 'color', color: '#7c3aed' });
  });

  it('reads icon: values and knows all twelve icons', () => {
    expect(AVATAR_ICONS).toHaveLength(12);
    for (const icon of AVATAR_ICONS) {
      expect(parseAvatar(`icon:${icon}`)).toEqual({ kind: 'icon', icon, name: icon });
    }
    expect(parseAvatar('icon:unicorn')).toEqual({ kind: 'icon', icon: null, name: 'unicorn' });
  });

  it('reads linear-gradient values as gradients and anything else as an image', () => {
    expect(parseAvatar('linear-gradient(135deg, #000, #fff)').kind).toBe('gradient');
    expect(parseAvatar('https://example.com/a.png')).toEqual({
      kind: 'image',
      url: 'https://example.com/a.png',
    });
  });
});
