import { ADMIN_MESSAGES, THEME_API_MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ADMIN_CORE_MESSAGES, BACKGROUND_UPLOAD } from './core-messages';

describe('the core messages the admin pages say themselves', () => {
  it('are core’s English, word for word', () => {
    for (const [key, message] of Object.entries(ADMIN_CORE_MESSAGES)) {
      expect(i18n._(message)).toBe(ADMIN_MESSAGES[key as keyof typeof ADMIN_MESSAGES]);
    }
    expect(i18n._(BACKGROUND_UPLOAD)).toBe(THEME_API_MESSAGES.backgroundUpload);
  });
});
