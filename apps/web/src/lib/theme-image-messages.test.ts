import { THEME_API_MESSAGES, THEME_IMAGE_PROBLEM_MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { IMAGE_FORMAT, IMAGE_PROBLEMS, IMAGE_TOO_LARGE } from './theme-image-messages';

describe('the core theme image messages the web app says itself', () => {
  it('are core’s English, word for word', () => {
    expect(i18n._(IMAGE_FORMAT)).toBe(THEME_API_MESSAGES.imageFormat);
    expect(i18n._(IMAGE_TOO_LARGE)).toBe(THEME_API_MESSAGES.imageTooLarge);
    for (const [problem, message] of Object.entries(THEME_IMAGE_PROBLEM_MESSAGES)) {
      expect(i18n._(IMAGE_PROBLEMS[problem as keyof typeof IMAGE_PROBLEMS])).toBe(message);
    }
  });
});
