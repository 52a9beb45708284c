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

/** A build as apps/web writes it since decision 039: the shell as app.html, pages beside it. */
function prerenderedWebBuild(): string {
  const dir = tempDir('focusroom-web-pages-');
  fs.mkdirSync(path.join(dir, 'assets'));
  const shell = '<!doctype html><html lang="en"><div id="root"><div class="fr-boot"></div></div>';
  fs.writeFileSync(path.join(dir, 'app.html'), shell);
  const variants = [
    ['/', 'en'],
    ['/login', 'en'],
    ['/forgot-password', 'en'],
    ['/', 'ar'],
    ['/login', 'de'],
    ['/login', 'pt-BR'],
  ] as const;
  for (const [page, locale] of variants) {
    const name = page === '/' ? 'index' : page.slice(1);
    const file = locale === 'en' ? `${name}.html` : `${name}.${locale}.html`;
    // Long enough that the build writes compressed copies (compress-dist.mjs: 1 KB and up).
    const html = `<!doctype html><html data-prerendered="${page}" lang="${locale}"><div id="root">${'<p>page</p>'.repeat(200)}</div>`;
    fs.writeFileSync(path.join(dir, file), html);
    fs.writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(html));
    fs.writeFileSync(path.join(dir, `${file}.gz`), gzipSync(html));
  }
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
      '/confirm-email/some-token',
      '/undo-email-change/some-token',
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
    expect(response.json()).toEqual({ code: expect.any(String), message: 'Not found' });
  });

  describe('with pre-rendered public pages (docs/decisions/039)', () => {
    const prerendered = prerenderedWebBuild();

    it('serves each page its own HTML, a trailing slash or a query too', async () => {
      const { app } = await apps.make({ overrides: { webDistDir: prerendered } });
      for (const [url, marker] of [
        ['/', 'data-prerendered="/"'],
        ['/login', 'data-prerendered="/login"'],
        ['/login/', 'data-prerendered="/login"'],
        ['/login?session_expired=true', 'data-prerendered="/login"'],
        ['/forgot-password', 'data-prerendered="/forgot-password"'],
      ] as const) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/text\/html/);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.body, url).toContain(marker);
      }
    });

    it("answers a page in the language chosen on the browser, else the browser's, else English", async () => {
      const { app } = await apps.make({ overrides: { webDistDir: prerendered } });
      const cases = [
        ['/login', { cookie: 'x=1; focusroom_language=de' }, 'de'],
        ['/login', { cookie: 'focusroom_language=de', 'accept-language': 'pt-BR' }, 'de'],
        ['/login', { 'accept-language': 'pt-PT,pt;q=0.9' }, 'pt-BR'],
        ['/login', { 'accept-language': 'de-AT, en;q=0.5' }, 'de'],
        // No Japanese login page in this build: English, not an error.
        ['/login', { 'accept-language': 'ja' }, 'en'],
        ['/login', { cookie: 'focusroom_language=klingon' }, 'en'],
        ['/', { 'accept-language': 'ar-EG' }, 'ar'],
        ['/', {}, 'en'],
        ['/forgot-password', { cookie: 'focusroom_language=ar' }, 'en'],
      ] as const;
      for (const [url, headers, lang] of cases) {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, `${url} ${JSON.stringify(headers)}`).toContain(`lang="${lang}"`);
        expect(response.headers.vary, url).toMatch(/Cookie, Accept-Language/);
      }
    });

    it('sends the plain shell, not a page, to every other path', async () => {
      const { app } = await apps.make({ overrides: { webDistDir: prerendered } });
      for (const url of ['/dashboard', '/playlist/7', '/reset-password/abc', '/no/such']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('class="fr-boot"');
        expect(response.body, url).not.toContain('data-prerendered');
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it("sends a page's Brotli or gzip copy when the browser takes it", async () => {
      const { app } = await apps.make({ overrides: { webDistDir: prerendered } });
      const plain = fs.readFileSync(path.join(prerendered, 'login.html'), 'utf8');
      const br = await app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
      const gz = await app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
    });
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
