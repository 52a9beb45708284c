import { describe, expect, it } from 'vitest';
import { SAMPLE_SEARCH_RESULTS, sampleTracks, searchItemToTrack } from './sample-results.js';
import {
  parseStoredTrack,
  parseStoredTracks,
  savableTracks,
  toAddSongBody,
  toCreatePlaylistTrack,
  toPlayerTrack,
  type PlayerTrack,
} from './track.js';
import { extractYouTubeVideoId } from './video-id.js';

const track: PlayerTrack = {
  id: 'dQw4w9WgXcQ',
  title: 'Song',
  artist: 'Band',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  artwork: '',
  source: 'youtube',
};

describe('track shapes (product §3)', () => {
  it('sends id, title, artist, url, artwork, duration 0 and source when creating', () => {
    expect(toCreatePlaylistTrack(track)).toEqual({ ...track, artwork: '', duration: 0 });
  });

  it('sends image_url from artwork and duration 0 when adding to a playlist', () => {
    expect(toAddSongBody({ ...track, artwork: 'https://i.ytimg.com/a.jpg' })).toEqual({
      title: 'Song',
      artist: 'Band',
      url: track.url,
      image_url: 'https://i.ytimg.com/a.jpg',
      duration: 0,
      source: 'youtube',
    });
  });

  it('reads tracks from untrusted JSON, dropping what is not a track', () => {
    expect(toPlayerTrack(track)).toEqual(track);
    expect(toPlayerTrack({ id: 7, url: 'https://x.example/a.mp3', source: 'audio' })).toEqual({
      id: '7',
      title: 'https://x.example/a.mp3',
      artist: '',
      url: 'https://x.example/a.mp3',
      artwork: '',
      source: 'audio',
    });
    expect(toPlayerTrack({ ...track, artwork: undefined, image_url: 'https://i/x.jpg' })).toEqual({
      ...track,
      artwork: 'https://i/x.jpg',
    });
    expect(toPlayerTrack({ ...track, url: 'javascript:alert(1)' })).toBeNull();
    expect(toPlayerTrack({ ...track, artwork: 'javascript:x' })?.artwork).toBe('');
    expect(toPlayerTrack({ url: track.url })).toBeNull();
    expect(toPlayerTrack('x')).toBeNull();
  });

  it('parses stored lists and tracks, answering empty for broken JSON', () => {
    expect(parseStoredTracks(JSON.stringify([track, { nope: 1 }]))).toEqual([track]);
    expect(parseStoredTracks('{broken')).toEqual([]);
    expect(parseStoredTracks(null)).toEqual([]);
    expect(parseStoredTracks('{"a":1}')).toEqual([]);
    expect(parseStoredTrack(JSON.stringify(track))).toEqual(track);
    expect(parseStoredTrack('null')).toBeNull();
    expect(parseStoredTrack('[')).toBeNull();
  });
});

describe('sample results are never saved (product §8, decision 053)', () => {
  it('marks the three samples, and the mark survives storage', () => {
    const samples = sampleTracks();
    expect(samples.map((t) => t.id)).toEqual(SAMPLE_SEARCH_RESULTS.map((s) => s.id.videoId));
    expect(samples.every((t) => t.sample === true)).toBe(true);
    expect(parseStoredTracks(JSON.stringify(samples))).toEqual(samples);
    // Anything but true is no mark.
    expect(toPlayerTrack({ ...track, sample: 'yes' })).toEqual(track);
  });

  it('keeps the saved playlist a track came from, if any', () => {
    expect(toPlayerTrack({ ...track, playlistId: 'p1' })).toEqual({ ...track, playlistId: 'p1' });
    expect(toPlayerTrack({ ...track, playlistId: 7 })).toEqual(track);
    expect(toPlayerTrack({ ...track, playlistId: '' })).toEqual(track);
  });

  it('leaves samples out of what a Save sends', () => {
    const [sample] = sampleTracks();
    expect(savableTracks([track, sample!])).toEqual([track]);
    expect(savableTracks([sample!])).toEqual([]);
  });
});

describe('search results (product §3, §8)', () => {
  it('has three sample results that are playable tracks', () => {
    expect(SAMPLE_SEARCH_RESULTS).toHaveLength(3);
    for (const item of SAMPLE_SEARCH_RESULTS) {
      const sample = searchItemToTrack(item);
      expect(extractYouTubeVideoId(sample.url)).toBe(item.id.videoId);
      expect(sample.source).toBe('youtube');
    }
  });

  it('maps an item to a track: video id, title, channel, the high thumbnail first', () => {
    expect(
      searchItemToTrack({
        id: { videoId: 'abcdefghijk' },
        snippet: {
          title: 'T',
          channelTitle: 'C',
          thumbnails: { default: { url: 'https://d' }, high: { url: 'https://h' } },
        },
      }),
    ).toEqual({
      id: 'abcdefghijk',
      title: 'T',
      artist: 'C',
      url: 'https://www.youtube.com/watch?v=abcdefghijk',
      artwork: 'https://h',
      source: 'youtube',
    });
    const noHigh = searchItemToTrack({
      id: { videoId: 'abcdefghijk' },
      snippet: { title: 'T', channelTitle: 'C', thumbnails: { default: { url: 'https://d' } } },
    });
    expect(noHigh.artwork).toBe('https://d');
  });
});
