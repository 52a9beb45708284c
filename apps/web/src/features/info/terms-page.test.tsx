import { describe } from 'vitest';
import { itPromisesNothingUnbuilt } from '../../../test/product-claims';
import { TermsPage } from './terms-page';

describe('/terms', () => {
  itPromisesNothingUnbuilt(() => <TermsPage />);
});
