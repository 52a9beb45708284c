import { STORAGE_KEYS } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { RESTORED_KEYS, TODO_KEYS, bootScriptSource, markBootState } from './boot-state';

function fakeHtml(prerendered: string | null) {
  return {
    className: 'start',
    getAttribute: (name: string) => (name === 'data-prerendered' ? prerendered : null),
  };
}

const keys = { token: STORAGE_KEYS.token, restore: RESTORED_KEYS, todos: TODO_KEYS };
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
