import { MUSIC_TIMINGS, provisionalTrack, type PlayerTrack } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { startTitleLookups, type WaitingTrack } from './title-lookups';

const A = 'aaaaaaaaaaa';
const B = 'bbbbbbbbbbb';

function real(videoId: string): PlayerTrack {
  return { ...provisionalTrack(videoId), title: `Real ${videoId}`, artist: 'Channel' };
}

/** A list of tracks under temporary titles; `apply` replaces one, as the player or page would. */
function world(ids: string[]) {
  let waiting: WaitingTrack[] = ids.map((id) => ({ key: id, url: provisionalTrack(id).url }));
  const applied: [string, string][] = [];
  return {
    waiting: () => waiting,
    applied,
    apply: (key: string, track: PlayerTrack) => {
      applied.push([key, track.title]);
      waiting = waiting.filter((w) => w.key !== key);
    },
  };
}

/** Lets the lookups' promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('looking up titles later (decision 053)', () => {
  it('looks every waiting track up at once and writes each real title', async () => {
    const w = world([A, B]);
    const resolve = vi.fn(async (url: string) => ({ track: real(url.slice(-11)) }));
    const stop = startTitleLookups({ waiting: w.waiting, resolve, apply: w.apply });
    await settle();
    expect(w.applied).toEqual([
      [A, `Real ${A}`],
      [B, `Real ${B}`],
    ]);
    stop();
  });

  it('stops a round at the first lookup YouTube does not answer, and tries again later', async () => {
    const w = world([A, B]);
    let answering = false;
    const resolve = vi.fn(async (url: string) => {
      if (!answering) throw new ApiError('Bad Gateway', { status: 502 });
      return { track: real(url.slice(-11)) };
    });
    const stop = startTitleLookups({ waiting: w.waiting, resolve, apply: w.apply });
    await settle();
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(w.applied).toEqual([]);

    await vi.advanceTimersByTimeAsync(MUSIC_TIMINGS.titleLookupRetryMs - 1);
    expect(resolve).toHaveBeenCalledTimes(1);
    answering = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(w.applied.map(([key]) => key)).toEqual([A, B]);
    // Nothing waits any more: later rounds ask nothing.
    await vi.advanceTimersByTimeAsync(MUSIC_TIMINGS.titleLookupRetryMs * 3);
    expect(resolve).toHaveBeenCalledTimes(3);
    stop();
  });

  it('tries again as soon as the browser is back online', async () => {
    const w = world([A]);
    let answering = false;
    const resolve = vi.fn(async (url: string) => {
      if (!answering) throw new ApiError('Network Error');
      return { track: real(url.slice(-11)) };
    });
    const stop = startTitleLookups({ waiting: w.waiting, resolve, apply: w.apply });
    await settle();
    answering = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(w.applied).toEqual([[A, `Real ${A}`]]);
    stop();
  });

  it('does not lose the browser coming back online while a lookup is still out', async () => {
    const w = world([A]);
    let answering = false;
    let release: () => void = () => {};
    const resolve = vi.fn(async (url: string) => {
      if (answering) return { track: real(url.slice(-11)) };
      // The first lookup is still on its way when the network comes back, then fails.
      await new Promise<void>((done) => {
        release = done;
      });
      throw new ApiError('Network Error');
    });
    const stop = startTitleLookups({ waiting: w.waiting, resolve, apply: w.apply });
    await settle();
    answering = true;
    window.dispatchEvent(new Event('online'));
    release();
    await settle();
    expect(w.applied).toEqual([[A, `Real ${A}`]]);
    expect(resolve).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps the temporary title of a video that does not exist, and looks up the others', async () => {
    const w = world([A, B]);
    const resolve = vi.fn(async (url: string) => {
      if (url.endsWith(A)) throw new ApiError('Not Found', { status: 404 });
      return { track: real(B) };
    });
    const stop = startTitleLookups({ waiting: w.waiting, resolve, apply: w.apply });
    await settle();
    expect(w.applied).toEqual([[B, `Real ${B}`]]);
    await vi.advanceTimersByTimeAsync(MUSIC_TIMINGS.titleLookupRetryMs);
    expect(resolve).toHaveBeenCalledTimes(2);
    stop();
  });

  it('writes a title again next round when writing it failed', async () => {
    const w = world([A]);
    let writes = 0;
    const apply = vi.fn(async (key: string, track: PlayerTrack) => {
      writes += 1;
      if (writes === 1) throw new ApiError('Network Error');
      w.apply(key, track);
    });
    const stop = startTitleLookups({
      waiting: w.waiting,
      resolve: async () => ({ track: real(A) }),
      apply,
    });
    await settle();
    expect(w.applied).toEqual([]);
    await vi.advanceTimersByTimeAsync(MUSIC_TIMINGS.titleLookupRetryMs);
    expect(w.applied).toEqual([[A, `Real ${A}`]]);
    stop();
  });

  it('asks nothing once stopped', async () => {
    const w = world([A]);
    const resolve = vi.fn(async () => {
      throw new ApiError('Bad Gateway', { status: 502 });
    });
    const stop = startTitleLookups({ waiting: w.waiting, resolve, apply: w.apply });
    await settle();
    stop();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(MUSIC_TIMINGS.titleLookupRetryMs * 2);
    expect(resolve).toHaveBeenCalledTimes(1);
  });
});
