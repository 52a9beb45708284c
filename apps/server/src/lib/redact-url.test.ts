import { describe, expect, it } from 'vitest';
import { QUERY_PLACEHOLDER, TOKEN_PLACEHOLDER, redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('replaces the token of token URLs and keeps the query', () => {
    expect(redactUrl('/api/auth/verify-email/abc_DEF-123')).toBe(
      `/api/auth/verify-email/${TOKEN_PLACEHOLDER}`,
    );
    expect(redactUrl('/api/auth/verify-reset-token/xyz?x=1')).toBe(
      `/api/auth/verify-reset-token/${TOKEN_PLACEHOLDER}?x=1`,
    );
    expect(redactUrl('/reset-password/xyz')).toBe(`/reset-password/${TOKEN_PLACEHOLDER}`);
    expect(redactUrl('/verify-email/xyz')).toBe(`/verify-email/${TOKEN_PLACEHOLDER}`);
    expect(redactUrl('/confirm-email/xyz')).toBe(`/confirm-email/${TOKEN_PLACEHOLDER}`);
    expect(redactUrl('/undo-email-change/xyz?a=1')).toBe(
      `/undo-email-change/${TOKEN_PLACEHOLDER}?a=1`,
    );
  });

  it('replaces the whole query of /oauth-callback, however the path is spelled', () => {
    for (const path of ['/oauth-callback', '/oauth-callback/', '//OAuth-Callback']) {
      expect(redactUrl(`${path}?token=eyJhbGciOi.x.y&code=abc&state=s1`)).toBe(
        `${path}?${QUERY_PLACEHOLDER}`,
      );
    }
    expect(redactUrl('/oauth-callback?')).toBe(`/oauth-callback?${QUERY_PLACEHOLDER}`);
    for (const path of ['/api/auth/oauth/github/callback', '//API/auth/oauth/oidc/callback/']) {
      expect(redactUrl(`${path}?code=abc&state=def`)).toBe(`${path}?${QUERY_PLACEHOLDER}`);
    }
    expect(redactUrl('/oauth-callback')).toBe('/oauth-callback');
    expect(redactUrl('/oauth-callbacks?x=1')).toBe('/oauth-callbacks?x=1');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/auth/me')).toBe('/api/auth/me');
    expect(redactUrl('/api/auth/verify-email/')).toBe('/api/auth/verify-email/');
  });
});
