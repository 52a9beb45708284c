import { describe, expect, it } from 'vitest';
import {
  addTrack,
  currentTrack,
  nextTrack,
  nextUnfailedTrack,
  previousTrack,
  removeTrack,
  type PlaylistState,
} from './cursor.js';
import type { PlayerTrack } from './track.js';

const track = (id: string): PlayerTrack => ({
  id,
  title: `Song ${id}`,
  artist: 'Artist',
  url: `https://www.youtube.com/watch?v=${id}`,
  artwork: '',
  source: 'youtube',
});
const a = track('a');
const b = track('b');
const c = track('c');
const empty: PlaylistState = { tracks: [], currentId: null };

describe('the playlist cursor (product §4)', () => {
  it('makes the first track added current, and keeps it as more come', () => {
    const one = addTrack(empty, a);
    expect(one).toEqual({ tracks: [a], currentId: 'a' });
    const two = addTrack(one, b);
    expect(two).toEqual({ tracks: [a, b], currentId: 'a' });
  });

  it('does not add a track whose id is already listed', () => {
    const state = { tracks: [a, b], currentId: 'b' };
    expect(addTrack(state, a)).toBe(state);
  });

  it('makes the added track current when the list has tracks but no current one', () => {
    expect(addTrack({ tracks: [a], currentId: null }, b).currentId).toBe('b');
    expect(addTrack({ tracks: [], currentId: null }, b).currentId).toBe('b');
  });

  it('moves to the first remaining track when the current one is removed', () => {
    const state = { tracks: [a, b, c], currentId: 'b' };
    expect(removeTrack(state, 'b')).toEqual({ tracks: [a, c], currentId: 'a' });
    expect(removeTrack({ tracks: [a, b, c], currentId: 'a' }, 'a')).toEqual({
      tracks: [b, c],
      currentId: 'b',
    });
  });

  it('clears the current track when the last one is removed', () => {
    expect(removeTrack({ tracks: [a], currentId: 'a' }, 'a')).toEqual(empty);
  });

  it('keeps the current track when another one is removed, and ignores unknown ids', () => {
    const state = { tracks: [a, b, c], currentId: 'c' };
    expect(removeTrack(state, 'a')).toEqual({ tracks: [b, c], currentId: 'c' });
    expect(removeTrack(state, 'zzz')).toBe(state);
  });

  it('wraps next from the last track to the first', () => {
    expect(nextTrack({ tracks: [a, b, c], currentId: 'a' })).toBe(b);
    expect(nextTrack({ tracks: [a, b, c], currentId: 'c' })).toBe(a);
    expect(nextTrack({ tracks: [a], currentId: 'a' })).toBe(a);
  });

  it('wraps previous from the first track to the last', () => {
    expect(previousTrack({ tracks: [a, b, c], currentId: 'c' })).toBe(b);
    expect(previousTrack({ tracks: [a, b, c], currentId: 'a' })).toBe(c);
  });

  it('starts at an end when nothing is current, and answers null on an empty list', () => {
    expect(nextTrack({ tracks: [a, b], currentId: null })).toBe(a);
    expect(previousTrack({ tracks: [a, b], currentId: null })).toBe(b);
    expect(nextTrack(empty)).toBeNull();
    expect(previousTrack(empty)).toBeNull();
  });

  it('finds the current track object', () => {
    expect(currentTrack({ tracks: [a, b], currentId: 'b' })).toBe(b);
    expect(currentTrack({ tracks: [a, b], currentId: 'x' })).toBeNull();
  });
});

describe('skipping after a failure (product §4, decision 053)', () => {
  it('goes to the next track that has not failed since one last played, wrapping', () => {
    const list = { tracks: [a, b, c], currentId: 'a' };
    expect(nextUnfailedTrack(list, new Set(['a']))).toBe(b);
    expect(nextUnfailedTrack(list, new Set(['a', 'b']))).toBe(c);
    expect(nextUnfailedTrack({ ...list, currentId: 'c' }, new Set(['c', 'a']))).toBe(b);
  });

  it('answers null once every track of the list has failed in a row', () => {
    expect(nextUnfailedTrack({ tracks: [a, b, c], currentId: 'b' }, new Set(['a', 'b', 'c']))).toBe(
      null,
    );
    expect(nextUnfailedTrack({ tracks: [a], currentId: 'a' }, new Set(['a']))).toBeNull();
    expect(nextUnfailedTrack(empty, new Set())).toBeNull();
  });

  it('may come back to the current track itself when it alone has not failed', () => {
    expect(nextUnfailedTrack({ tracks: [a, b], currentId: 'a' }, new Set(['b']))).toBe(a);
  });
});
