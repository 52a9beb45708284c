import { describe, expect, it } from 'vitest';
import { LocalBroadcast } from '../../lib/broadcast.js';
import { TestClock } from '../../../test/support/clock.js';
import { ThemeListCache } from './list-cache.js';
import type { ThemeWithCreator } from './repository.js';

function themeRow(name: string): ThemeWithCreator {
  return {
    id: `id-${name}`,
    user_id: null,
    name,
    description: '',
    background_color: '#000000',
    text_color: '#ffffff',
    primary_color: '#111111',
    secondary_color: '#222222',
    accent_color: '#333333',
    is_dark: 1,
    is_default: 0,
    is_standard: 1,
    is_public: 0,
    image_url: null,
    background_url: null,
    is_hidden: 0,
    hidden_at: null,
    hidden_reason: null,
    created_at: '2031-03-03T09:00:00.000Z',
    updated_at: '2031-03-03T09:00:00.000Z',
    username: null,
  };
}

/** A cache over a list whose rows the test changes, counting the reads. */
function setUp() {
  const clock = new TestClock();
  const broadcast = new LocalBroadcast();
  const cache = new ThemeListCache({ clock, broadcast });
  const source = { rows: [themeRow('Dawn')], reads: 0 };
  const load = async () => {
    source.reads += 1;
    return source.rows;
  };
  return { clock, broadcast, cache, source, load };
}

describe('ThemeListCache', () => {
  it('answers the theme JSON from one read for 5 s, with the hash of that JSON', async () => {
    const { clock, cache, source, load } = setUp();
    const first = await cache.get('standard', load);
    expect(JSON.parse(first.json)).toMatchObject([{ id: 'id-Dawn', name: 'Dawn', is_dark: true }]);
    expect(first.hash).toMatch(/^[\w-]{43}$/);

    clock.advance(4999);
    source.rows = [themeRow('Dusk')];
    expect(await cache.get('standard', load)).toBe(first);
    expect(source.reads).toBe(1);

    clock.advance(1);
    const later = await cache.get('standard', load);
    expect(source.reads).toBe(2);
    expect(JSON.parse(later.json)).toMatchObject([{ name: 'Dusk' }]);
    expect(later.hash).not.toBe(first.hash);
  });

  it('keeps the standard list and the gallery apart', async () => {
    const { cache, source, load } = setUp();
    await cache.get('standard', load);
    await cache.get('gallery', load);
    expect(source.reads).toBe(2);
  });

  it('reads again at once after a write, here or through another instance', async () => {
    const { broadcast, cache, source, load } = setUp();
    await cache.get('gallery', load);
    await cache.changed();
    await cache.get('gallery', load);
    expect(source.reads).toBe(2);

    // Another instance's write arrives as the topic's message; a lost link as null.
    broadcast.deliver('theme-lists', '');
    await cache.get('gallery', load);
    broadcast.deliver(null, null);
    await cache.get('gallery', load);
    expect(source.reads).toBe(4);
  });
});
