import { describe, expect, it } from 'vitest';
import { extractYouTubeVideoId, youTubeWatchUrl } from './video-id.js';

const ID = 'dQw4w9WgXcQ';

describe('extractYouTubeVideoId (product §5)', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${ID}`,
    `http://m.youtube.com/watch?v=${ID}#comments`,
    `https://music.youtube.com/watch?v=${ID}&list=RD`,
    `www.youtube.com/watch?v=${ID}`,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])('reads the v parameter of a watch link: %s', (link) => {
    expect(extractYouTubeVideoId(link)).toBe(ID);
  });

  it.each([
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/live/${ID}`,
    `https://www.youtube.com/v/${ID}`,
  ])('reads the id segment of an embed or shorts link: %s', (link) => {
    expect(extractYouTubeVideoId(link)).toBe(ID);
  });

  it.each([`https://youtu.be/${ID}`, `youtu.be/${ID}?t=10`, `https://youtu.be/${ID}/`])(
    'reads the path of a youtu.be link: %s',
    (link) => {
      expect(extractYouTubeVideoId(link)).toBe(ID);
    },
  );

  it('accepts a bare 11-character id, trimmed', () => {
    expect(extractYouTubeVideoId(ID)).toBe(ID);
    expect(extractYouTubeVideoId(`  ${ID}\n`)).toBe(ID);
    expect(extractYouTubeVideoId('a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  it.each([
    '',
    '   ',
    'dQw4w9WgXc',
    'dQw4w9WgXcQQ',
    'dQw4w9WgXc!',
    'lofi hip hop',
    `https://www.youtube.com/watch?v=${ID.slice(1)}`,
    'https://www.youtube.com/watch?list=PL123',
    `https://www.youtube.com/watch?vv=${ID}`,
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://www.youtube-nocookie.com/shorts/${ID}`,
    `https://youtu.be/`,
    `https://youtu.be/a/${ID}`,
    `https://vimeo.com/${ID}`,
    `https://evil.example/youtube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//youtu.be/${ID}`,
  ])('answers null for anything else: %j', (junk) => {
    expect(extractYouTubeVideoId(junk)).toBeNull();
  });
});

describe('youTubeWatchUrl', () => {
  it('builds the watch link the id round-trips through', () => {
    expect(youTubeWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(extractYouTubeVideoId(youTubeWatchUrl(ID))).toBe(ID);
  });
});
