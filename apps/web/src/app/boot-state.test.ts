import { STORAGE_KEYS } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { RESTORED_KEYS, bootScriptSource, markBootState, revealBootState } from './boot-state';

function fakeHtml(prerendered: string | null) {
  return {
    className: 'start',
    getAttribute: (name: string) => (name === 'data-prerendered' ? prerendered : null),
  };
}

const keys = { token: STORAGE_KEYS.token, restore: RESTORED_KEYS };
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

  it('hides the timer until stored settings or a saved timer have taken over', () => {
    for (const key of [STORAGE_KEYS.settings, STORAGE_KEYS.timer, STORAGE_KEYS.todos]) {
      const html = fakeHtml('/');
      markBootState(html, { pathname: '/', search: '' }, storageOf({ [key]: '{}' }), keys);
      expect(html.className.split(' '), key).toEqual(['start', 'fr-boot-restore']);
    }
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

  it('has its classes removed once the app shows its own render', () => {
    const removed: string[] = [];
    revealBootState({ classList: { remove: (...names: string[]) => removed.push(...names) } });
    expect(removed).toEqual(['fr-boot-session', 'fr-boot-other', 'fr-boot-restore']);
  });
});
