import { describe, expect, it } from 'vitest';
import { TRACK_URL_MAX_LENGTH } from './limits.js';
import { isHttpTrackUrl } from './track-url.js';

describe('isHttpTrackUrl', () => {
  it('accepts absolute http and https addresses', () => {
    expect(isHttpTrackUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(true);
    expect(isHttpTrackUrl('http://example.com/song.mp3')).toBe(true);
    expect(isHttpTrackUrl('HTTPS://EXAMPLE.COM/a')).toBe(true);
  });

  it('refuses other schemes, relative paths, junk and empty text', () => {
    for (const value of [
      '',
      'javascript:alert(1)',
      'data:audio/mp3;base64,AAAA',
      'ftp://example.com/a.mp3',
      '/music/a.mp3',
      'www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://',
      'https:// spaces .com',
    ]) {
      expect(isHttpTrackUrl(value), value).toBe(false);
    }
  });

  it('refuses an address over the length limit', () => {
    const base = 'https://example.com/';
    expect(isHttpTrackUrl(base + 'a'.repeat(TRACK_URL_MAX_LENGTH - base.length))).toBe(true);
    expect(isHttpTrackUrl(base + 'a'.repeat(TRACK_URL_MAX_LENGTH - base.length + 1))).toBe(false);
  });
});
