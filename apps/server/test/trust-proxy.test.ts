import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

/** The address the app sees for a request from `peer` carrying `forwardedFor`. */
async function seenIp(app: App, peer: string, forwardedFor?: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/test-ip',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ ip: string }>().ip;
}

describe.each(DIALECTS)('TRUST_PROXY on %s', (dialect) => {
  const apps = useTestApps(dialect);

  async function appWith(trustProxy?: string) {
    const made = await apps.make({
      env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
    });
    made.app.get('/api/test-ip', async (request) => ({ ip: request.ip }));
    return made;
  }

  it('with 1 hop takes the entry the proxy appended, not the left-most one a client wrote', async () => {
    for (const value of ['1', 'true']) {
      const { app } = await appWith(value);
      // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy at 10.0.0.2 appended the real peer.
      expect(await seenIp(app, '10.0.0.2', '6.6.6.6, 203.0.113.50'), value).toBe('203.0.113.50');
      expect(await seenIp(app, '10.0.0.2', '203.0.113.50'), value).toBe('203.0.113.50');
      expect(await seenIp(app, '10.0.0.2'), value).toBe('10.0.0.2');
    }
  });

  it('with 2 hops skips the second proxy too, and still not further', async () => {
    const { app } = await appWith('2');
    expect(await seenIp(app, '10.0.0.2', '6.6.6.6, 203.0.113.50, 10.0.0.9')).toBe('203.0.113.50');
  });

  it('trusts nobody when unset, false or 0', async () => {
    for (const value of [undefined, 'false', '0']) {
      const { app } = await appWith(value);
      expect(await seenIp(app, '10.0.0.2', '6.6.6.6, 203.0.113.50'), String(value)).toBe(
        '10.0.0.2',
      );
    }
  });

  it('with a list trusts only those proxies: their hops are skipped, anyone else is the client', async () => {
    const { app } = await appWith('10.0.0.0/8, 192.168.1.1');
    expect(await seenIp(app, '10.0.0.2', '6.6.6.6, 203.0.113.50, 10.1.2.3')).toBe('203.0.113.50');
    expect(await seenIp(app, '192.168.1.1', '6.6.6.6, 203.0.113.50')).toBe('203.0.113.50');
    // A peer that is not a listed proxy is the client, whatever it claims.
    expect(await seenIp(app, '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
  });

  it('keeps a client behind one proxy on one per-IP login limit however it fills X-Forwarded-For', async () => {
    const { app } = await apps.make({
      env: { TRUST_PROXY: '1' },
      overrides: { rateLimits: { loginPerIp: { max: 3, windowMs: 15 * 60_000 } } },
    });
    const attempt = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `198.18.0.${i}, 203.0.113.50` },
        payload: { email: `spoof${i}@example.com`, password: 'nope-nope-1' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(3)).statusCode).toBe(429);
  });
});
