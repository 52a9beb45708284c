import { i18n } from '@lingui/core';
import { MUSIC_MESSAGES } from './player-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlayer, track } from './test-fakes';

const a = track('aaaaaaaaaaa');
const b = track('bbbbbbbbbbb');
const c = track('ccccccccccc');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the player store (product §4)', () => {
  it('makes the first track added current and toasts each add with a truncated title', () => {
    const { player, state, toasts } = fakePlayer();
    expect(player.add({ ...a, title: 'A title that is much longer than thirty characters' })).toBe(
      true,
    );
    player.add(b);
    expect(state().currentId).toBe(a.id);
    expect(state().tracks.map((t) => t.id)).toEqual([a.id, b.id]);
    expect(toasts[0]).toEqual({
      message: 'Added: A title that is much longer th...',
      tone: 'success',
      autoClose: 3000,
    });
    expect(player.add(b)).toBe(false);
  });

  it('plays the current track at once when play is pressed, and pauses it', () => {
    const { player, engines, toasts } = fakePlayer({ tracks: [a, b], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    expect(engines.youtube?.calls).toEqual([`start ${a.id}`]);
    expect(toasts.at(-1)).toEqual({
      message: `Playing: ${a.title}`,
      tone: 'info',
      autoClose: 1500,
    });
    player.pause();
    expect(engines.youtube?.calls.at(-1)).toBe('pause');
    expect(toasts.at(-1)?.message).toBe(`Paused: ${a.title}`);
    player.play();
    expect(engines.youtube?.calls.at(-1)).toBe('play');
  });

  it('starts a track selected while playing 1 s later, not sooner', () => {
    const { player, engines } = fakePlayer({ tracks: [a, b], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    player.next();
    vi.advanceTimersByTime(999);
    expect(engines.youtube?.calls).toEqual([`start ${a.id}`]);
    vi.advanceTimersByTime(1);
    expect(engines.youtube?.calls).toEqual([`start ${a.id}`, `start ${b.id}`]);
  });

  it('follows a pause and a play made inside the video itself', () => {
    const { player, engines, state } = fakePlayer({ tracks: [a, b], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    engines.youtube!.events.onPaused();
    expect(state().playing).toBe(false);
    engines.youtube!.events.onPlaying();
    expect(state().playing).toBe(true);
    // Our own pause is reported later and changes nothing.
    player.pause();
    engines.youtube!.events.onPaused();
    expect(state().playing).toBe(false);
  });

  it('wraps next and previous around the list', () => {
    const { player, state, toasts } = fakePlayer({ tracks: [a, b, c], currentId: c.id });
    player.next();
    expect(state().currentId).toBe(a.id);
    expect(toasts.at(-1)?.message).toBe(`Next: ${a.title}`);
    player.previous();
    expect(state().currentId).toBe(c.id);
    expect(toasts.at(-1)?.message).toBe(`Previous: ${c.title}`);
  });

  it('retries a player that is not ready after 2 s, then skips to the next track', () => {
    const { player, engines, state, toasts } = fakePlayer(
      { tracks: [a, b], currentId: a.id },
      false,
    );
    player.play();
    vi.advanceTimersByTime(0);
    expect(engines.youtube?.calls).toEqual([`prepare ${a.id}`]);
    vi.advanceTimersByTime(1999);
    expect(toasts.some((t) => t.message === i18n._(MUSIC_MESSAGES.initSkip))).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toasts.at(-1)).toEqual({
      message: i18n._(MUSIC_MESSAGES.initSkip),
      tone: 'error',
      autoClose: 5000,
    });
    expect(state().currentId).toBe(b.id);
    // The next track gets the same chance once the engine is ready.
    engines.youtube!.ready = true;
    vi.advanceTimersByTime(1000);
    expect(engines.youtube?.calls.at(-1)).toBe(`start ${b.id}`);
  });

  it('starts as soon as a waited-for engine reports ready', () => {
    const { player, engines } = fakePlayer({ tracks: [a], currentId: a.id }, false);
    player.play();
    vi.advanceTimersByTime(500);
    engines.youtube!.ready = true;
    engines.youtube!.events.onReady();
    expect(engines.youtube?.calls).toEqual([`prepare ${a.id}`, `start ${a.id}`]);
  });

  it('on a playback error with more than one track says so and goes next after 0.5 s', () => {
    const { player, engines, state, toasts } = fakePlayer({ tracks: [a, b], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    engines.youtube!.events.onError('150');
    expect(toasts.at(-1)).toEqual({
      message: i18n._(MUSIC_MESSAGES.playbackSkip),
      tone: 'error',
      autoClose: 5000,
    });
    vi.advanceTimersByTime(499);
    expect(state().currentId).toBe(a.id);
    vi.advanceTimersByTime(1);
    expect(state().currentId).toBe(b.id);
    expect(engines.youtube?.calls.at(-1)).toBe(`start ${b.id}`);
  });

  it('on a playback error with one track says it failed and stops', () => {
    const { player, engines, state, toasts } = fakePlayer({ tracks: [a], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    engines.youtube!.events.onError('100');
    expect(toasts.at(-1)?.message).toBe(i18n._(MUSIC_MESSAGES.playError));
    expect(state().playing).toBe(false);
  });

  it('plays the next track when a video ends, wrapping to the first', () => {
    const { player, engines, state } = fakePlayer({ tracks: [a, b], currentId: b.id });
    player.play();
    vi.advanceTimersByTime(0);
    engines.youtube!.events.onEnded();
    expect(state().currentId).toBe(a.id);
    vi.advanceTimersByTime(1000);
    expect(engines.youtube?.calls.at(-1)).toBe(`start ${a.id}`);
  });

  it('removing the current track moves to the first remaining one; the last clears it', () => {
    const { player, engines, state } = fakePlayer({ tracks: [a, b, c], currentId: b.id });
    player.play();
    vi.advanceTimersByTime(0);
    player.remove(b.id);
    expect(state().currentId).toBe(a.id);
    expect(engines.youtube?.calls).toContain('stop');
    vi.advanceTimersByTime(1000);
    expect(engines.youtube?.calls.at(-1)).toBe(`start ${a.id}`);
    player.remove(a.id);
    player.remove(c.id);
    expect(state()).toMatchObject({ tracks: [], currentId: null, playing: false });
  });

  it('takes a real title, artist and artwork for a listed track, changing nothing else', () => {
    const { player, state } = fakePlayer({ tracks: [a, b], currentId: b.id });
    const change = { title: 'Real', artist: 'Channel', artwork: 'https://i.ytimg.com/x.jpg' };
    player.updateTrack(a.id, change);
    expect(state().tracks).toEqual([{ ...a, ...change }, b]);
    expect(state().currentId).toBe(b.id);
    const before = state().tracks;
    player.updateTrack('nope', change);
    expect(state().tracks).toBe(before);
  });

  it('clamps the volume and applies it to the engines', () => {
    const { player, engines, state } = fakePlayer({ tracks: [a], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    player.setVolume(140);
    expect(state().volume).toBe(100);
    expect(engines.youtube?.volume).toBe(100);
    player.setVolume(-3);
    expect(engines.youtube?.volume).toBe(0);
  });

  it('loads a playlist and starts playing 300 ms later; keepOpen opens it minimized', () => {
    const { player, engines, state } = fakePlayer();
    player.loadPlaylist([a, b], b, true);
    expect(state()).toMatchObject({ currentId: b.id, open: true, minimized: true, playing: false });
    vi.advanceTimersByTime(299);
    expect(state().playing).toBe(false);
    vi.advanceTimersByTime(1);
    expect(state().playing).toBe(true);
    vi.advanceTimersByTime(1);
    expect(engines.youtube?.calls.at(-1)).toBe(`start ${b.id}`);
  });

  it('starts a loaded list at its first track when the current one is not in it', () => {
    const { player, state } = fakePlayer();
    player.loadPlaylist([a, b], c);
    expect(state()).toMatchObject({ currentId: a.id, open: false });
  });

  it('follows another tab: new list and current track, no sound change when paused', () => {
    const { player, engines, state } = fakePlayer({ tracks: [a], currentId: a.id });
    player.syncFromOtherTab([a, b], undefined);
    player.syncFromOtherTab(null, b);
    expect(state()).toMatchObject({ tracks: [a, b], currentId: b.id });
    expect(engines.youtube).toBeUndefined();
    player.syncFromOtherTab([c], undefined);
    expect(state().currentId).toBe(c.id);
  });

  it('uses the audio engine for direct audio tracks and pauses the other engine', () => {
    const song = track('file', 'audio');
    const { player, engines } = fakePlayer({ tracks: [a, song], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    player.next();
    vi.advanceTimersByTime(1000);
    expect(engines.audio?.calls).toEqual([`start ${song.id}`]);
    expect(engines.youtube?.calls.at(-1)).toBe('pause');
  });
});

describe('when every track fails (decision 053)', () => {
  const messages = (toasts: { message: string }[]) => toasts.map((t) => t.message);

  it('skips tracks that never get a ready player, then stops once with one message', () => {
    const { player, engines, state, toasts } = fakePlayer(
      { tracks: [a, b, c], currentId: a.id },
      false,
    );
    player.play();
    // 0 s a not ready, 2 s skip; 3 s b, 5 s skip; 6 s c, 8 s every track has failed.
    vi.advanceTimersByTime(8000);
    expect(messages(toasts).filter((m) => m === i18n._(MUSIC_MESSAGES.initSkip))).toHaveLength(2);
    expect(toasts.at(-1)).toEqual({
      message: i18n._(MUSIC_MESSAGES.unreachable),
      tone: 'error',
      autoClose: 5000,
    });
    expect(state()).toMatchObject({ playing: false, problem: MUSIC_MESSAGES.unreachable });
    const calls = [...engines.youtube!.calls];
    const count = toasts.length;
    vi.advanceTimersByTime(60_000);
    expect(engines.youtube!.calls).toEqual(calls);
    expect(toasts).toHaveLength(count);
  });

  it('fails every track of an engine whose script cannot load at once', () => {
    const { player, engines, state, toasts } = fakePlayer(
      { tracks: [a, b, c], currentId: a.id },
      false,
    );
    player.play();
    vi.advanceTimersByTime(0);
    engines.youtube!.down = true;
    vi.advanceTimersByTime(2000);
    expect(messages(toasts)).toEqual([`Playing: ${a.title}`, i18n._(MUSIC_MESSAGES.unreachable)]);
    expect(state()).toMatchObject({ playing: false, currentId: a.id });
    expect(engines.youtube!.calls.filter((call) => call !== 'pause')).toEqual([`prepare ${a.id}`]);
  });

  it('still skips to a track of another engine when the YouTube script cannot load', () => {
    const song = track('file', 'audio');
    const { player, engines, state, toasts } = fakePlayer(
      { tracks: [a, b, song], currentId: a.id },
      false,
    );
    player.play();
    vi.advanceTimersByTime(0);
    engines.youtube!.down = true;
    vi.advanceTimersByTime(2000);
    expect(toasts.at(-1)?.message).toBe(i18n._(MUSIC_MESSAGES.initSkip));
    expect(state().currentId).toBe(song.id);
  });

  it('fetches a failed script again only when a person presses play, never on its own skips', () => {
    const { player, engines } = fakePlayer({ tracks: [a, b], currentId: a.id }, false);
    player.play();
    vi.advanceTimersByTime(6000);
    expect(engines.youtube!.retries).toEqual([true, false]);
    player.play();
    vi.advanceTimersByTime(0);
    expect(engines.youtube!.retries).toEqual([true, false, true]);
  });

  it('says so when playback errors hit every track, and a new play starts afresh', () => {
    const { player, engines, state, toasts } = fakePlayer({ tracks: [a, b], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    engines.youtube!.events.onError('150');
    vi.advanceTimersByTime(500);
    engines.youtube!.events.onError('150');
    expect(toasts.at(-1)?.message).toBe(i18n._(MUSIC_MESSAGES.nonePlayable));
    expect(state()).toMatchObject({ playing: false, problem: MUSIC_MESSAGES.nonePlayable });
    const calls = [...engines.youtube!.calls];
    vi.advanceTimersByTime(5000);
    expect(engines.youtube!.calls).toEqual(calls);

    player.play();
    expect(state()).toMatchObject({ playing: true, problem: null });
  });

  it('keeps going round while some track plays: a track that plays starts a new run', () => {
    const { player, engines, state, toasts } = fakePlayer({ tracks: [a, b], currentId: a.id });
    player.play();
    vi.advanceTimersByTime(0);
    engines.youtube!.events.onError('150');
    vi.advanceTimersByTime(500);
    engines.youtube!.events.onPlaying();
    engines.youtube!.events.onError('150');
    vi.advanceTimersByTime(500);
    expect(state()).toMatchObject({ currentId: a.id, playing: true, problem: null });
    expect(messages(toasts)).not.toContain(i18n._(MUSIC_MESSAGES.nonePlayable));
  });

  it('with one track that will not start, says YouTube cannot be reached instead of skipping', () => {
    const { player, state, toasts } = fakePlayer({ tracks: [a], currentId: a.id }, false);
    player.play();
    vi.advanceTimersByTime(2000);
    expect(messages(toasts)).toEqual([`Playing: ${a.title}`, i18n._(MUSIC_MESSAGES.unreachable)]);
    expect(state().playing).toBe(false);
  });
});

describe('pausing for breaks (sound follows the timer)', () => {
  function playing() {
    const fake = fakePlayer({ tracks: [a, b], currentId: a.id, volume: 80 });
    fake.player.play();
    vi.advanceTimersByTime(0);
    return fake;
  }

  it('fades the volume out over about 400 ms, then pauses', () => {
    const { player, engines, state } = playing();
    player.pauseForBreak();
    vi.advanceTimersByTime(200);
    expect(engines.youtube!.volume).toBeGreaterThan(0);
    expect(engines.youtube!.volume).toBeLessThan(80);
    expect(state().playing).toBe(true);
    vi.advanceTimersByTime(200);
    expect(engines.youtube!.volume).toBe(0);
    expect(engines.youtube!.calls.at(-1)).toBe('pause');
    expect(state().playing).toBe(false);
  });

  it('resumes what the break paused, fading back to the chosen volume', () => {
    const { player, engines, state } = playing();
    player.pauseForBreak();
    vi.advanceTimersByTime(400);
    player.resumeAfterBreak();
    expect(state().playing).toBe(true);
    expect(engines.youtube!.calls.at(-1)).toBe('play');
    vi.advanceTimersByTime(400);
    expect(engines.youtube!.volume).toBe(80);
  });

  it('lets the last call win under rapid toggling: a resume mid-fade never pauses', () => {
    const { player, engines, state } = playing();
    player.pauseForBreak();
    vi.advanceTimersByTime(150);
    player.resumeAfterBreak();
    player.pauseForBreak();
    vi.advanceTimersByTime(100);
    player.resumeAfterBreak();
    vi.advanceTimersByTime(1000);
    expect(engines.youtube!.calls).not.toContain('pause');
    expect(engines.youtube!.volume).toBe(80);
    expect(state().playing).toBe(true);
  });

  it('never resumes music the user paused', () => {
    const { player, engines, state } = playing();
    player.pause();
    player.pauseForBreak();
    player.resumeAfterBreak();
    vi.advanceTimersByTime(1000);
    expect(state().playing).toBe(false);
    expect(engines.youtube!.calls.at(-1)).toBe('pause');
  });

  it('forgets the break when the user presses play during it', () => {
    const { player, engines, state } = playing();
    player.pauseForBreak();
    vi.advanceTimersByTime(400);
    player.play();
    expect(engines.youtube!.volume).toBe(80);
    player.pause();
    player.resumeAfterBreak();
    expect(state().playing).toBe(false);
  });
});
