import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempDir, useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

function fakeWebBuild(): string {
  const dir = tempDir('focusroom-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Focusroom</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What apps/web/scripts/compress-dist.mjs writes beside a large file.
  const big = `export const words = ${JSON.stringify('focus '.repeat(2000))};`;
  fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js'), big);
  fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
  fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(big));
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.each(DIALECTS)('the single-page app on %s', (dialect) => {
  const apps = useTestApps(dialect);
  const webDistDir = fakeWebBuild();

  it('serves index.html at / without caching it', async () => {
    const { app } = await apps.make({ overrides: { webDistDir } });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('sends the Brotli or gzip copy the build made when the browser accepts it', async () => {
    const { app } = await apps.make({ overrides: { webDistDir } });
    const url = '/assets/big-abc123.js';
    const plain = fs.readFileSync(path.join(webDistDir, 'assets', 'big-abc123.js'), 'utf8');
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const identity = await app.inject({ method: 'GET', url });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('falls back to index.html for any other non-API path', async () => {
    const { app } = await apps.make({ overrides: { webDistDir } });
    for (const url of [
      '/dashboard',
      '/playlist/123',
      '/login?session_expired=true',
      '/no/such/page',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends no referrer from the token pages and the OAuth callback', async () => {
    const { app } = await apps.make({ overrides: { webDistDir } });
    for (const url of [
      '/reset-password/some-token',
      '/verify-email/some-token',
      '/oauth-callback?token=a.b.c',
      '/oauth-callback?code=abc&state=xyz',
      '/oauth-callback/',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('caches hashed assets forever and revalidates sw.js and other files', async () => {
    const { app } = await apps.make({ overrides: { webDistDir } });
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404, not the page', async () => {
    const { app } = await apps.make({ overrides: { webDistDir } });
    const response = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s next to the SPA', async () => {
    const { app } = await apps.make({ overrides: { webDistDir } });
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers a clear plain-text 503 when the web app is not built', async () => {
    const { app } = await apps.make({
      overrides: { webDistDir: path.join(webDistDir, 'missing') },
    });
    const response = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('npm run build');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
