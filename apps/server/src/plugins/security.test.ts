import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, helmetHeaders } from './security.js';

describe('helmetHeaders', () => {
  it('records what Helmet sets on a response, by lower-case name', () => {
    const set: Record<string, string> = {};
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      hsts: false,
    })(
      {} as never,
      {
        setHeader: (name: string, value: string) => (set[name.toLowerCase()] = value),
        removeHeader: () => undefined,
      } as never,
      () => undefined,
    );
    const headers = helmetHeaders();
    expect(headers).toEqual(set);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('refuses a policy computed per request, which cannot be set once', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { scriptSrc: ["'self'", () => "'nonce-abc'"] },
        },
      }),
    ).toThrow(/per-request/);
  });
});
