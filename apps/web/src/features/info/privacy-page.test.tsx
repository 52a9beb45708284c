import { describe, expect, it } from 'vitest';
import { copyOf, itPromisesNothingUnbuilt } from '../../../test/product-claims';
import { PrivacyPage } from './privacy-page';

describe('/privacy', () => {
  itPromisesNothingUnbuilt(() => <PrivacyPage />);

  it('says what YouTube sees and what the server keeps', () => {
    const copy = copyOf(() => <PrivacyPage />);
    expect(copy).toMatch(/YouTube's player from youtube\.com/);
    expect(copy).toMatch(/Your playlists:/);
    expect(copy).not.toMatch(/loads scripts only from its own address\./);
  });
});
