import { THEME_API_MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { IMAGE_UNREADABLE, REASON_REQUIRED } from './core-messages';

describe('the core theme messages the web app says itself', () => {
  it('are core’s English, word for word', () => {
    expect(i18n._(IMAGE_UNREADABLE)).toBe(THEME_API_MESSAGES.imageUnreadable);
    expect(i18n._(REASON_REQUIRED)).toBe(THEME_API_MESSAGES.reasonRequired);
  });
});
