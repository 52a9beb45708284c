import { describe, expect, it } from 'vitest';
import { movedIds, reorderedTracks } from './track-order';

const track = (id: string, position: number) => ({ id, position, title: id.toUpperCase() });

describe('movedIds', () => {
  it('moves a track down to where it was dropped', () => {
    expect(movedIds(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
  });

  it('moves a track up to where it was dropped', () => {
    expect(movedIds(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
  });

  it('is null when nothing moves', () => {
    expect(movedIds(['a', 'b'], 'a', 'a')).toBeNull();
    expect(movedIds(['a', 'b'], 'a', null)).toBeNull();
    expect(movedIds(['a', 'b'], 'x', 'a')).toBeNull();
    expect(movedIds(['a', 'b'], 'a', 'x')).toBeNull();
  });
});

describe('reorderedTracks', () => {
  it('orders the tracks as the ids say and renumbers the positions from 0', () => {
    const tracks = [track('a', 0), track('b', 1), track('c', 2)];
    expect(reorderedTracks(tracks, ['c', 'a', 'b'])).toEqual([
      { id: 'c', position: 0, title: 'C' },
      { id: 'a', position: 1, title: 'A' },
      { id: 'b', position: 2, title: 'B' },
    ]);
  });

  it('keeps a track the order does not name, after the named ones, and ignores unknown ids', () => {
    const tracks = [track('a', 0), track('b', 1), track('c', 2)];
    const ids = reorderedTracks(tracks, ['c', 'zz', 'c', 'a']).map((t) => t.id);
    expect(ids).toEqual(['c', 'a', 'b']);
  });

  it('leaves the given list untouched', () => {
    const tracks = [track('a', 0), track('b', 1)];
    reorderedTracks(tracks, ['b', 'a']);
    expect(tracks.map((t) => t.id)).toEqual(['a', 'b']);
  });
});
