import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { STANDARD_THEMES } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { themeDescription } from './standard-theme-descriptions';
import { STANDARD_THEME_WORD_IDS, themeName } from './standard-theme-words';

const translate = (words: MessageDescriptor) => i18n._(words);

describe('the standard themes in the reader’s language', () => {
  it('has the words of every standard theme, in core’s English', () => {
    expect([...STANDARD_THEME_WORD_IDS].sort()).toEqual(STANDARD_THEMES.map((t) => t.id).sort());
    for (const theme of STANDARD_THEMES) {
      expect(themeName(theme, translate)).toBe(theme.name);
      expect(themeDescription(theme, translate)).toBe(theme.description);
    }
  });

  it('shows an admin’s renaming, and a custom theme’s words, as they are', () => {
    const minimalist = STANDARD_THEMES.find((t) => t.name === 'Minimalist')!;
    const renamed = { ...minimalist, name: 'Quiet room' };
    expect(themeName(renamed, () => 'Minimalistisch')).toBe('Quiet room');
    expect(themeName(minimalist, () => 'Minimalistisch')).toBe('Minimalistisch');
    const custom = { ...minimalist, id: 'mine', is_standard: false };
    expect(themeName(custom, () => 'Minimalistisch')).toBe('Minimalist');
  });
});
