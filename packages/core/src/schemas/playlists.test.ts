import { describe, expect, it } from 'vitest';
import { MUSIC_API_MESSAGES, PLAYLIST_API_MESSAGES } from '../playlists/messages.js';
import { MusicResolveQuerySchema, MusicSearchQuerySchema } from './music.js';
import {
  CreatePlaylistBodySchema,
  PlaylistTrackInputSchema,
  UpdatePlaylistBodySchema,
} from './playlists.js';

const url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('PlaylistTrackInputSchema', () => {
  it('fills product §3’s defaults and drops the client’s id', () => {
    expect(PlaylistTrackInputSchema.parse({ id: 'dQw4w9WgXcQ', title: ' Song ', url })).toEqual({
      title: 'Song',
      artist: '',
      url,
      artwork: '',
      duration: 0,
      source: 'youtube',
    });
  });

  it('takes the artwork from image_url (add) or artwork (create), image_url first', () => {
    const a = 'https://i.ytimg.com/a.jpg';
    const b = 'https://i.ytimg.com/b.jpg';
    const parse = (extra: object) =>
      PlaylistTrackInputSchema.parse({ title: 'x', url, ...extra }).artwork;
    expect(parse({ artwork: a })).toBe(a);
    expect(parse({ image_url: b })).toBe(b);
    expect(parse({ artwork: a, image_url: b })).toBe(b);
    expect(parse({ artwork: a, image_url: '' })).toBe(a);
    expect(parse({ artwork: null, image_url: null })).toBe('');
  });

  it('rounds the duration and keeps the player’s sources only', () => {
    const parsed = PlaylistTrackInputSchema.parse({
      title: 'x',
      url,
      duration: 12.6,
      source: 'audio',
    });
    expect(parsed).toMatchObject({ duration: 13, source: 'audio' });
    const bad = PlaylistTrackInputSchema.safeParse({ title: 'x', url, source: 'vimeo' });
    expect(bad.error?.issues[0]?.message).toBe(PLAYLIST_API_MESSAGES.trackSource);
  });
});

describe('playlist bodies', () => {
  it('create: description and tracks are optional; null description is empty', () => {
    expect(CreatePlaylistBodySchema.parse({ name: 'My Playlist', description: null })).toEqual({
      name: 'My Playlist',
      description: '',
      tracks: [],
    });
  });

  it('update: only what is sent', () => {
    expect(UpdatePlaylistBodySchema.parse({ name: ' Evening ' })).toEqual({ name: 'Evening' });
    expect(UpdatePlaylistBodySchema.parse({})).toEqual({});
  });
});

describe('music queries', () => {
  it('a blank search is product §5’s message; the query is trimmed', () => {
    expect(MusicSearchQuerySchema.parse({ q: '  lofi ' })).toEqual({ q: 'lofi' });
    for (const q of [undefined, '', '   ']) {
      expect(MusicSearchQuerySchema.safeParse({ q }).error?.issues[0]?.message).toBe(
        'Please enter a search query',
      );
    }
    expect(MUSIC_API_MESSAGES.queryRequired).toBe('Please enter a search query');
  });

  it('a link to resolve is required', () => {
    expect(MusicResolveQuerySchema.safeParse({ url: ' ' }).error?.issues[0]?.message).toBe(
      MUSIC_API_MESSAGES.linkRequired,
    );
  });
});
