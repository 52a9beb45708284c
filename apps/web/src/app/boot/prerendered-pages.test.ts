import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, canHydrate, pageFileName, pageHtml } from './prerendered-pages';
import { ROUTES, isGuardExemptPath } from '../paths';

const visitor = { search: '', hasSession: false, pageLocale: 'en', locale: 'en' };

describe('which HTML the browser hydrates', () => {
  it('hydrates a page rendered for this very path, trailing slash or not', () => {
    expect(canHydrate({ ...visitor, prerenderedPath: '/login', pathname: '/login' })).toBe(true);
    expect(canHydrate({ ...visitor, prerenderedPath: '/login', pathname: '/login/' })).toBe(true);
    expect(canHydrate({ ...visitor, prerenderedPath: '/', pathname: '/' })).toBe(true);
  });

  it('renders afresh the / page the service worker handed another path', () => {
    expect(canHydrate({ ...visitor, prerenderedPath: '/', pathname: '/dashboard' })).toBe(false);
    expect(canHydrate({ ...visitor, prerenderedPath: '/', pathname: '/login' })).toBe(false);
  });

  it('renders afresh the plain shell, which names no page', () => {
    expect(canHydrate({ ...visitor, prerenderedPath: undefined, pathname: '/' })).toBe(false);
  });

  it('renders afresh a page opened with a query, which may change what it shows', () => {
    expect(
      canHydrate({
        ...visitor,
        prerenderedPath: '/login',
        pathname: '/login',
        search: '?session_expired=true',
      }),
    ).toBe(false);
  });

  it('renders afresh for a signed-in browser, whose app differs from the visitor page', () => {
    expect(canHydrate({ ...visitor, prerenderedPath: '/', pathname: '/', hasSession: true })).toBe(
      false,
    );
  });

  it('renders afresh a page rendered in another language than the one the app starts in', () => {
    expect(canHydrate({ ...visitor, prerenderedPath: '/', pathname: '/', locale: 'ar' })).toBe(
      false,
    );
    expect(
      canHydrate({
        ...visitor,
        prerenderedPath: '/',
        pathname: '/',
        pageLocale: 'de',
        locale: 'de',
      }),
    ).toBe(true);
  });
});

describe('the pre-rendered files', () => {
  const template =
    '<!doctype html><html lang="en" data-x="1"><head><title>F</title></head><body>' +
    '<div id="root"><div class="fr-boot">boot</div></div><!--/root--><script src="/a.js"></script></body></html>';

  it('puts the page in #root in place of the boot shell and marks <html> with its path', () => {
    const html = pageHtml(template, '/about', '<main>About</main>', '<link rel="stylesheet">');
    expect(html).toContain('<html data-prerendered="/about" lang="en"');
    expect(html).toContain('<div id="root"><main>About</main></div><!--/root-->');
    expect(html).not.toContain('fr-boot');
    expect(html).toContain('<link rel="stylesheet"></head>');
    expect(html).toContain('<script src="/a.js"></script>');
  });

  it('names the entry module and the page chunks on <html> instead of fetching them with the page', () => {
    const shell = template.replace(
      '</title>',
      '</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    );
    const html = pageHtml(shell, '/login', '<form></form>', '', ['/assets/p.js', '/assets/q.js']);
    expect(html).toContain(
      '<html data-prerendered="/login" data-entry="/assets/index-1.js" data-preload="/assets/p.js /assets/q.js" lang="en"',
    );
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<title>F</title></head>');
    expect(pageHtml(shell, '/', '<p>x</p>')).not.toContain('data-preload');
  });

  it("names the first screen's deferred parts apart, for the app to preload once it runs", () => {
    const shell = template.replace(
      '</title>',
      '</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    );
    const html = pageHtml(shell, '/', '<p>x</p>', '', [], ['/assets/todo.js', '/assets/dnd.js']);
    expect(html).toContain(
      '<html data-prerendered="/" data-entry="/assets/index-1.js" data-preload-deferred="/assets/todo.js /assets/dnd.js" lang="en"',
    );
    expect(html).not.toContain('data-preload=');
    expect(pageHtml(shell, '/', '<p>x</p>')).not.toContain('data-preload-deferred');
  });

  it("moves the entry's module preloads onto <html>, before the page's own chunks", () => {
    const shell = template.replace(
      '</title>',
      '</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/index-2.js">' +
        '\n    <link rel="stylesheet" crossorigin href="/assets/index-3.css">',
    );
    const html = pageHtml(shell, '/login', '<form></form>', '', ['/assets/p.js']);
    expect(html).toContain('data-preload="/assets/index-2.js /assets/p.js"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    // Without an entry script nothing is moved.
    const plain = template.replace(
      '</title>',
      '</title><link rel="modulepreload" crossorigin href="/assets/x.js">',
    );
    expect(pageHtml(plain, '/', '<p>x</p>')).toContain('rel="modulepreload"');
  });

  it('finds the end of #root however the shell is formatted', () => {
    const formatted = template.replace('</div><!--/root-->', '</div>\n    <!--/root-->');
    expect(pageHtml(formatted, '/', '<p>x</p>')).toContain('<div id="root"><p>x</p></div>\n');
  });

  it('refuses a shell without the end marker of #root', () => {
    expect(() => pageHtml('<html ><div id="root"></div>', '/', 'x')).toThrow(/root/);
  });

  it('names / index.html and every other page after its path', () => {
    expect(pageFileName('/')).toBe('index.html');
    expect(pageFileName('/forgot-password')).toBe('forgot-password.html');
    expect(pageFileName('/', 'ar')).toBe('index.ar.html');
    expect(pageFileName('/login', 'pt-BR')).toBe('login.pt-BR.html');
  });

  it('pre-renders the routes flagged in the registry, eight public pages', () => {
    expect(PRERENDERED_PATHS).toEqual([
      ROUTES.home.path,
      ROUTES.about.path,
      ROUTES.login.path,
      ROUTES.register.path,
      ROUTES.forgotPassword.path,
      ROUTES.privacy.path,
      ROUTES.terms.path,
      ROUTES.resendVerification.path,
    ]);
    for (const path of PRERENDERED_PATHS) expect(isGuardExemptPath(path)).toBe(true);
  });
});
