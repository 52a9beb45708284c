import { describe, expect, it } from 'vitest';
import {
  isProvisionalTrack,
  lookupMayComeLater,
  provisionalTitle,
  provisionalTrack,
} from './provisional.js';

describe('tracks added while YouTube does not answer (decision 053)', () => {
  it('gets a temporary title from its video id, its watch link and the usual thumbnail', () => {
    expect(provisionalTrack('M7lc1UVf-VE')).toEqual({
      id: 'M7lc1UVf-VE',
      title: 'YouTube video M7lc1UVf-VE',
      artist: '',
      url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
      artwork: 'https://i.ytimg.com/vi/M7lc1UVf-VE/hqdefault.jpg',
      source: 'youtube',
    });
  });

  it('knows a track still waiting for its title, and only that one', () => {
    const waiting = provisionalTrack('M7lc1UVf-VE');
    expect(isProvisionalTrack(waiting)).toBe(true);
    // As a saved playlist's song: only its title and link count.
    expect(isProvisionalTrack({ title: waiting.title, url: waiting.url })).toBe(true);
    expect(isProvisionalTrack({ ...waiting, title: 'Real title' })).toBe(false);
    // The temporary title of another video is a real title here.
    expect(isProvisionalTrack({ ...waiting, title: provisionalTitle('jNQXAC9IVRw') })).toBe(false);
    expect(
      isProvisionalTrack({ ...waiting, source: 'audio', url: 'https://x.example/a.mp3' }),
    ).toBe(false);
  });

  it('adds under a temporary title only when YouTube or our server did not answer', () => {
    for (const status of [undefined, 502, 504]) expect(lookupMayComeLater(status)).toBe(true);
    for (const status of [400, 401, 404, 429, 500]) expect(lookupMayComeLater(status)).toBe(false);
  });
});
