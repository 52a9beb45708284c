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
 * The product says only what is true: music and playlists are not built yet, so no page that
 * describes the product may offer them (the nav's Playlists item leads to a page that says so).
 */
const PAGES: [string, () => ReactElement][] = [
  ['the home introduction', () => <HomeIntro />],
  ['/about', () => <AboutPage />],
  ['/help', () => <HelpPage />],
  ['/privacy', () => <PrivacyPage />],
  ['/terms', () => <TermsPage />],
];

describe('copy that describes the product', () => {
  it.each(PAGES)('%s promises no music, playlists or player', (_, page) => {
    const { container } = renderWithProviders(page());
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
    const copy = container.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('style').forEach((style) => style.remove());
    expect(copy.textContent).not.toMatch(/music|playlist|player/i);
  });
});
