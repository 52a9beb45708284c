import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { HomeIntro } from '../features/home/home-intro';
import { AboutPage } from '../features/info/about-page';
import { HelpPage } from '../features/info/help-page';
import { PrivacyPage } from '../features/info/privacy-page';
import { TermsPage } from '../features/info/terms-page';

/*
 * The product says only what is true. Music is built as follows, and the pages may say so: the
 * ambient mixer for everyone, generated in the browser; the music player and playlists for
 * signed-in users only (the layout mounts the player only for them), with YouTube, found by
 * search or a pasted link, as the one source; playlists private to their owner. No page may
 * promise another source, sharing of playlists, or music that plays without the network.
 */
const PAGES: [string, () => ReactElement][] = [
  ['the home introduction', () => <HomeIntro />],
  ['/about', () => <AboutPage />],
  ['/help', () => <HelpPage />],
  ['/privacy', () => <PrivacyPage />],
  ['/terms', () => <TermsPage />],
];

const NOT_BUILT: [string, RegExp][] = [
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
function copyOf(page: () => ReactElement): string {
  const { container } = renderWithProviders(page());
  expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('style').forEach((style) => style.remove());
  return copy.textContent ?? '';
}

describe('copy that describes the product', () => {
  describe.each(PAGES)('%s', (_, page) => {
    it.each(NOT_BUILT)('promises no %s', (_, claim) => {
      expect(copyOf(page)).not.toMatch(claim);
    });
  });

  it.each([PAGES[0]!, PAGES[1]!, PAGES[2]!])(
    '%s names the sound and music features that are built',
    (_, page) => {
      const copy = copyOf(page);
      expect(copy).toMatch(/ambient sounds/i);
      expect(copy).toMatch(/music player/i);
      expect(copy).toMatch(/playlists/i);
    },
  );

  it('tells a visitor that music needs an account and ambient sounds do not', () => {
    renderWithProviders(<HomeIntro />);
    const card = (title: string) =>
      screen.getByRole('heading', { name: title }).closest('li')!.textContent ?? '';
    expect(card('Music and playlists')).toMatch(/with a free account/i);
    expect(card('Ambient sounds')).toMatch(/no account/i);
  });

  it('says in the privacy policy what YouTube sees and what the server keeps', () => {
    const copy = copyOf(() => <PrivacyPage />);
    expect(copy).toMatch(/YouTube's player from youtube\.com/);
    expect(copy).toMatch(/Your playlists:/);
    expect(copy).not.toMatch(/loads scripts only from its own address\./);
  });
});
