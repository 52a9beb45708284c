import { describe, expect, it } from 'vitest';
import { AVATAR_ICONS } from './avatar.js';
import { AVATAR_COLORS, AVATAR_GRADIENTS, isValidAvatarValue } from './avatar-values.js';

describe('isValidAvatarValue', () => {
  it('accepts every value the profile picker offers', () => {
    for (const value of [
      ...AVATAR_COLORS,
      ...AVATAR_GRADIENTS,
      ...AVATAR_ICONS.map((i) => `icon:${i}`),
    ]) {
      expect(isValidAvatarValue(value), value).toBe(true);
    }
  });

  it('accepts an https image URL', () => {
    expect(isValidAvatarValue('https://images.example.com/me.jpg?size=64')).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'http://example.com/a.png',
    'https://example.com/a.png) ; background: url(https://evil',
    '#12345g',
    'icon:unicorn',
    'linear-gradient(red, url(https://evil))',
    'linear-gradient(135deg, #000)',
    'data:image/png;base64,AAAA',
  ])('refuses %s', (value) => {
    expect(isValidAvatarValue(value)).toBe(false);
  });
});
