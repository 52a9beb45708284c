import { STORAGE_KEYS } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import {
  APP_BOOTING_ATTRIBUTE,
  RESTORED_KEYS,
  TODO_KEYS,
  addModulePreloads,
  bootScriptSource,
  loadAppAfterFirstPaint,
  markBootState,
} from './boot-state';

function fakeHtml(prerendered: string | null, lang = 'en') {
  return {
    className: 'start',
    getAttribute: (name: string) =>
      name === 'data-prerendered' ? prerendered : name === 'lang' ? lang : null,
  };
}

const keys = {
  token: STORAGE_KEYS.token,
  language: STORAGE_KEYS.language,
  restore: RESTORED_KEYS,
  todos: TODO_KEYS,
};
const storageOf = (items: Record<string, string>) => () => ({
  getItem: (key: string) => items[key] ?? null,
});

describe('the boot script', () => {
  it('marks nothing for a visitor with nothing stored on the page the HTML is for', () => {
    const html = fakeHtml('/');
    markBootState(html, { pathname: '/', search: '' }, storageOf({}), keys);
    expect(html.className).toBe('start');
  });

  it('hides the visitor page from a browser with a stored token', () => {
    const html = fakeHtml('/');
    markBootState(html, { pathname: '/', search: '' }, storageOf({ token: 'abc' }), keys);
    expect(html.className.split(' ')).toContain('fr-boot-session');
  });

  it('hides the content of a page the HTML was not rendered for, or opened with a query', () => {
    const other = fakeHtml('/');
    markBootState(other, { pathname: '/stats', search: '' }, storageOf({}), keys);
    expect(other.className.split(' ')).toContain('fr-boot-other');
    const query = fakeHtml('/login');
    markBootState(query, { pathname: '/login/', search: '?email=a' }, storageOf({}), keys);
    expect(query.className.split(' ')).toContain('fr-boot-other');
    const shell = fakeHtml(null);
    markBootState(shell, { pathname: '/stats', search: '' }, storageOf({}), keys);
    expect(shell.className).toBe('start');
  });

  it('hides the content of a page rendered in another language than the one chosen here', () => {
    const english = fakeHtml('/login', 'en');
    markBootState(
      english,
      { pathname: '/login', search: '' },
      storageOf({ focusroom_language: 'ar' }),
      keys,
    );
    expect(english.className.split(' ')).toContain('fr-boot-other');
    const arabic = fakeHtml('/login', 'ar');
    markBootState(
      arabic,
      { pathname: '/login', search: '' },
      storageOf({ focusroom_language: 'ar' }),
      keys,
    );
    expect(arabic.className).toBe('start');
    const unchosen = fakeHtml('/login', 'de');
    markBootState(unchosen, { pathname: '/login', search: '' }, storageOf({}), keys);
    expect(unchosen.className).toBe('start');
  });

  it('hides the timer until stored settings or a saved timer have taken over', () => {
    for (const key of [STORAGE_KEYS.settings, STORAGE_KEYS.goalDay, STORAGE_KEYS.selectedTheme]) {
      const html = fakeHtml('/');
      markBootState(html, { pathname: '/', search: '' }, storageOf({ [key]: '{}' }), keys);
      expect(html.className.split(' '), key).toEqual(['start', 'fr-boot-restore']);
    }
  });

  it('hides the to-do list until a stored list, or the saved timer copy of it, has taken over', () => {
    const own = fakeHtml('/');
    markBootState(own, { pathname: '/', search: '' }, storageOf({ focusroom_todos: '[]' }), keys);
    expect(own.className.split(' ')).toEqual(['start', 'fr-boot-todos']);
    const saved = fakeHtml('/');
    markBootState(saved, { pathname: '/', search: '' }, storageOf({ focusroom_timer: '{}' }), keys);
    expect(saved.className.split(' ')).toEqual(['start', 'fr-boot-restore', 'fr-boot-todos']);
  });

  it('keeps going when storage throws (disabled storage)', () => {
    const html = fakeHtml('/');
    const broken = () => {
      throw new Error('SecurityError');
    };
    expect(() => markBootState(html, { pathname: '/', search: '' }, broken, keys)).not.toThrow();
    expect(html.className).toBe('start');
  });

  it('is a self-contained file that marks the page when run', () => {
    const html = fakeHtml('/');
    const run = new Function('document', 'location', 'localStorage', bootScriptSource()) as (
      ...args: unknown[]
    ) => void;
    run(
      { documentElement: html },
      { pathname: '/', search: '' },
      { getItem: (key: string) => (key === STORAGE_KEYS.token ? 't' : null) },
    );
    expect(html.className).toBe('start fr-boot-session');
  });
});

/** A page whose <html> has `attributes`, recording what the loader adds to <head>. */
function fakePage(attributes: Record<string, string>) {
  const added: {
    tag: string;
    rel?: string;
    src?: string;
    href?: string;
    type?: string;
    crossOrigin?: string | null;
    onerror?: (() => void) | null;
    onload?: (() => void) | null;
  }[] = [];
  const attrs = new Map(Object.entries(attributes));
  const doc = {
    documentElement: { getAttribute: (name: string) => attrs.get(name) ?? null },
    head: { appendChild: (node: never) => added.push(node) },
    createElement: (tag: 'script' | 'link') => ({ tag, crossOrigin: null }),
  };
  return { doc, added, attrs };
}

/** A window: paint timing when `paintTypes` has 'paint', timers fired by hand. */
function fakeWindow(paintTypes: readonly string[] | null = ['paint']) {
  const observers: { callback: () => void; observing: boolean }[] = [];
  class Observer {
    static supportedEntryTypes = paintTypes ?? [];
    entry: { callback: () => void; observing: boolean };
    constructor(callback: () => void) {
      this.entry = { callback, observing: false };
      observers.push(this.entry);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      this.entry.observing = true;
    }
    disconnect() {
      this.entry.observing = false;
    }
  }
  const timers: { run: () => void; ms: number }[] = [];
  const win = {
    PerformanceObserver: paintTypes === null ? undefined : Observer,
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  };
  return {
    win,
    paint: () => {
      for (const entry of observers) if (entry.observing) entry.callback();
    },
    /** Runs, once, each timer of `ms` set so far and those they set meanwhile. */
    fire: (ms: number) => {
      for (let i = 0; i < timers.length;) {
        const timer = timers[i]!;
        if (timer.ms !== ms) i++;
        else {
          timers.splice(i, 1);
          timer.run();
        }
      }
    },
  };
}

function load(page: ReturnType<typeof fakePage>, browser: ReturnType<typeof fakeWindow>) {
  const failures: string[] = [];
  loadAppAfterFirstPaint(
    page.doc,
    browser.win,
    3000,
    addModulePreloads,
    () => failures.push('failed'),
    20_000,
    APP_BOOTING_ATTRIBUTE,
  );
  return failures;
}

describe('module preloads added in turns', () => {
  const hrefsOf = (page: ReturnType<typeof fakePage>) => page.added.map((el) => el.href);

  it('adds one per task and says when the last is in, in the task that adds it', () => {
    const page = fakePage({});
    const tasks: (() => void)[] = [];
    let done = 0;
    const chunks = ['/a.js', '/b.js', '/c.js'];
    addModulePreloads(
      page.doc,
      (run) => tasks.push(run),
      chunks,
      () => done++,
    );
    expect(hrefsOf(page)).toEqual(['/a.js']);
    expect(page.added.map((el) => [el.rel, el.crossOrigin])).toEqual([['modulepreload', '']]);
    tasks.shift()?.();
    expect(hrefsOf(page)).toEqual(['/a.js', '/b.js']);
    expect(done).toBe(0);
    tasks.shift()?.();
    expect(hrefsOf(page)).toEqual(chunks);
    expect(done).toBe(1);
    expect(tasks).toEqual([]);
  });

  it('says so at once when there is nothing to add', () => {
    const page = fakePage({});
    let done = 0;
    addModulePreloads(
      page.doc,
      () => expect.fail('no task needed'),
      [],
      () => done++,
    );
    expect(page.added).toEqual([]);
    expect(done).toBe(1);
  });
});

describe('the app loader of a pre-rendered page', () => {
  const requests = (page: ReturnType<typeof fakePage>) =>
    page.added.map((el) => (el.tag === 'script' ? `${el.type} ${el.src}` : `${el.rel} ${el.href}`));

  it('starts the entry and the page chunks once the page has painted, not before', () => {
    const page = fakePage({ 'data-entry': '/assets/index.js', 'data-preload': '/a.js /b.js' });
    const browser = fakeWindow();
    load(page, browser);
    expect(page.added).toEqual([]);
    browser.paint();
    browser.fire(0);
    expect(requests(page)).toEqual([
      'module /assets/index.js',
      'modulepreload /a.js',
      'modulepreload /b.js',
    ]);
    expect(page.added.map((el) => el.crossOrigin)).toEqual(['', '', '']);
    // Neither a second paint nor the fallback loads it twice.
    browser.paint();
    browser.fire(3000);
    browser.fire(0);
    expect(page.added).toHaveLength(3);
  });

  it('adds module preloads one per task, not all in the task that starts the app', () => {
    const chunks = Array.from({ length: 10 }, (_, i) => `/c${i}.js`);
    const page = fakePage({ 'data-entry': '/assets/index.js', 'data-preload': chunks.join(' ') });
    const browser = fakeWindow();
    load(page, browser);
    browser.paint();
    expect(requests(page)).toEqual(['module /assets/index.js', `modulepreload ${chunks[0]}`]);
    browser.fire(0);
    expect(requests(page).slice(1)).toEqual(chunks.map((href) => `modulepreload ${href}`));
  });

  it('starts after the fallback in a tab that never paints, and at once without paint timing', () => {
    const hidden = fakePage({ 'data-entry': '/assets/index.js' });
    const background = fakeWindow();
    load(hidden, background);
    expect(hidden.added).toEqual([]);
    background.fire(3000);
    expect(requests(hidden)).toEqual(['module /assets/index.js']);

    for (const paintTypes of [null, ['navigation']]) {
      const old = fakePage({ 'data-entry': '/assets/index.js' });
      load(old, fakeWindow(paintTypes));
      expect(requests(old)).toEqual(['module /assets/index.js']);
    }
  });

  it('says the app failed when its entry does not load', () => {
    const page = fakePage({ 'data-entry': '/assets/index.js' });
    const browser = fakeWindow(null);
    const failures = load(page, browser);
    expect(failures).toEqual([]);
    page.added[0]!.onerror?.();
    expect(failures).toEqual(['failed']);
  });

  it('says the app failed when the page still does not answer long after the entry ran', () => {
    const page = fakePage({ 'data-entry': '/assets/index.js', [APP_BOOTING_ATTRIBUTE]: '' });
    const browser = fakeWindow(null);
    const failures = load(page, browser);
    page.added[0]!.onload?.();
    browser.fire(20_000);
    expect(failures).toEqual(['failed']);

    const answered = fakePage({ 'data-entry': '/assets/index.js', [APP_BOOTING_ATTRIBUTE]: '' });
    const fine = fakeWindow(null);
    const none = load(answered, fine);
    answered.added[0]!.onload?.();
    answered.attrs.delete(APP_BOOTING_ATTRIBUTE);
    fine.fire(20_000);
    expect(none).toEqual([]);
  });

  it('leaves the plain shell, which loads its own module, alone', () => {
    const page = fakePage({});
    const browser = fakeWindow();
    load(page, browser);
    browser.paint();
    browser.fire(3000);
    expect(page.added).toEqual([]);
  });
});
