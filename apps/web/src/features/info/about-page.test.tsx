import { describe, it } from 'vitest';
import {
  expectBuiltMusicFeaturesNamed,
  itPromisesNothingUnbuilt,
} from '../../../test/product-claims';
import { AboutPage } from './about-page';

describe('/about', () => {
  itPromisesNothingUnbuilt(() => <AboutPage />);

  it('names the sound and music features that are built', () => {
    expectBuiltMusicFeaturesNamed(() => <AboutPage />);
  });
});
