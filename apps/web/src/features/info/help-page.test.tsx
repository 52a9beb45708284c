import { describe, it } from 'vitest';
import {
  expectBuiltMusicFeaturesNamed,
  itPromisesNothingUnbuilt,
} from '../../../test/product-claims';
import { HelpPage } from './help-page';

describe('/help', () => {
  itPromisesNothingUnbuilt(() => <HelpPage />);

  it('names the sound and music features that are built', () => {
    expectBuiltMusicFeaturesNamed(() => <HelpPage />);
  });
});
