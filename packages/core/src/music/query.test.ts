import { describe, expect, it } from 'vitest';
import { readMusicQuery } from './query.js';

describe('readMusicQuery (product §4)', () => {
  it('opens the panel on musicPlayer=open and strips the parameter', () => {
    expect(readMusicQuery('?musicPlayer=open')).toEqual({
      open: true,
      keepOpen: false,
      search: '',
    });
  });

  it('with keepOpen=true also keeps it open (minimized, flag set)', () => {
    expect(readMusicQuery('?musicPlayer=open&keepOpen=true')).toEqual({
      open: true,
      keepOpen: true,
      search: '',
    });
  });

  it('keeps the other parameters in order', () => {
    expect(readMusicQuery('?a=1&musicPlayer=open&b=two%20words&keepOpen=true')).toEqual({
      open: true,
      keepOpen: true,
      search: '?a=1&b=two%20words',
    });
  });

  it('strips the parameters even when they ask for nothing', () => {
    expect(readMusicQuery('?musicPlayer=closed&x=1')).toEqual({
      open: false,
      keepOpen: false,
      search: '?x=1',
    });
    expect(readMusicQuery('?keepOpen=true')).toEqual({ open: false, keepOpen: false, search: '' });
  });

  it('answers null when neither parameter is there', () => {
    expect(readMusicQuery('')).toBeNull();
    expect(readMusicQuery('?session_expired=true')).toBeNull();
  });

  it('survives broken escapes', () => {
    expect(readMusicQuery('?%E0%A4%A=1&musicPlayer=open')?.search).toBe('?%E0%A4%A=1');
  });
});
