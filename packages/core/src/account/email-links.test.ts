import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_PAGES, EMAIL_LINK_PAGE_LIST, emailLink } from './email-links.js';

describe('the pages mailed links open', () => {
  it('are plain paths of lower-case words, so the server can match them as they are', () => {
    for (const page of EMAIL_LINK_PAGE_LIST) expect(page).toMatch(/^\/[a-z]+(-[a-z]+)*$/);
    expect(new Set(EMAIL_LINK_PAGE_LIST).size).toBe(EMAIL_LINK_PAGE_LIST.length);
  });

  it('build a link from the origin, the page and the token as one path segment', () => {
    expect(emailLink('https://focus.example', EMAIL_LINK_PAGES.confirmEmailChange, 'a/b')).toBe(
      'https://focus.example/confirm-email/a%2Fb',
    );
  });
});
