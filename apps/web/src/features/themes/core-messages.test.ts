import { THEME_API_MESSAGES, THEME_IMAGE_PROBLEM_MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_FORMAT,
  IMAGE_PROBLEMS,
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  REASON_REQUIRED,
} from './core-messages';

describe('the core theme messages the web app says itself', () => {
  it('are core’s English, word for word', () => {
    expect(i18n._(IMAGE_FORMAT)).toBe(THEME_API_MESSAGES.imageFormat);
    expect(i18n._(IMAGE_TOO_LARGE)).toBe(THEME_API_MESSAGES.imageTooLarge);
    expect(i18n._(IMAGE_UNREADABLE)).toBe(THEME_API_MESSAGES.imageUnreadable);
    expect(i18n._(REASON_REQUIRED)).toBe(THEME_API_MESSAGES.reasonRequired);
    for (const [problem, message] of Object.entries(THEME_IMAGE_PROBLEM_MESSAGES)) {
      expect(i18n._(IMAGE_PROBLEMS[problem as keyof typeof IMAGE_PROBLEMS])).toBe(message);
    }
  });
});
