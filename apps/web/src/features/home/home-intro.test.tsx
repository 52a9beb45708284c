import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  expectBuiltMusicFeaturesNamed,
  itPromisesNothingUnbuilt,
} from '../../../test/product-claims';
import { renderWithProviders } from '../../../test/render';
import { HomeIntro } from './home-intro';

describe('the home introduction', () => {
  itPromisesNothingUnbuilt(() => <HomeIntro />);

  it('names the sound and music features that are built', () => {
    expectBuiltMusicFeaturesNamed(() => <HomeIntro />);
  });

  it('tells a visitor that music needs an account and ambient sounds do not', () => {
    renderWithProviders(<HomeIntro />);
    const card = (title: string) =>
      screen.getByRole('heading', { name: title }).closest('li')!.textContent ?? '';
    expect(card('Music and playlists')).toMatch(/with a free account/i);
    expect(card('Ambient sounds')).toMatch(/no account/i);
  });
});
