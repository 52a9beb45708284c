import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import { renderWithProviders } from './render';

/*
 * The product says only what is true. Music is built as follows, and the pages may say so: the
 * ambient mixer for everyone, generated in the browser; the music player and playlists for
 * signed-in users only (the layout mounts the player only for them), with YouTube, found by
 * search or a pasted link, as the one source; playlists private to their owner. No page may
 * promise another source, sharing of playlists, or music that plays without the network.
 */
export const NOT_BUILT: [string, RegExp][] = [
  ['music from another service', /spotify|soundcloud|apple music|deezer|tidal|bandcamp|vimeo/i],
  [
    'uploading or downloading music',
    /\b(upload|download)\w*\s+(your\s+own\s+)?(music|songs?|tracks?|audio|playlists?)/i,
  ],
  [
    'shared playlists',
    /\b(shared|public|collaborative)\s+playlists?|\bshare\s+(\w+\s+)?playlists?/i,
  ],
  ['lyrics', /\blyrics\b/i],
  ['music offline', /\b(music|playlists?|player|youtube)\b[^.]{0,80}\boffline\b/i],
];

/** The page's words as a reader gets them (no style sheets). */
export function copyOf(page: () => ReactElement): string {
  const { container } = renderWithProviders(page());
  expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('style').forEach((style) => style.remove());
  return copy.textContent ?? '';
}

/** One test per claim of NOT_BUILT: the page makes none of them. */
export function itPromisesNothingUnbuilt(page: () => ReactElement): void {
  it.each(NOT_BUILT)('promises no %s', (_, claim) => {
    expect(copyOf(page)).not.toMatch(claim);
  });
}

/** The page names the sound and music features that are built. */
export function expectBuiltMusicFeaturesNamed(page: () => ReactElement): void {
  const copy = copyOf(page);
  expect(copy).toMatch(/ambient sounds/i);
  expect(copy).toMatch(/music player/i);
  expect(copy).toMatch(/playlists/i);
}
