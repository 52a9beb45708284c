import { describe, expect, it } from 'vitest';
import { createFailureRun } from './failure-run';
import { MUSIC_MESSAGES } from './player-messages';
import { track } from './test-fakes';

const a = track('aaaaaaaaaaa');
const b = track('bbbbbbbbbbb', 'audio');
const c = track('ccccccccccc');

describe('a run of failed tracks (decision 053)', () => {
  it('skips the tracks that failed, and has none left once every one has', () => {
    const run = createFailureRun();
    const state = { tracks: [a, b, c], currentId: a.id };
    run.failed(a);
    expect(run.next(state)).toBe(b);
    run.failed(b);
    expect(run.next(state)).toBe(c);
    run.failed(c);
    expect(run.next(state)).toBeNull();
    expect(run.problem()).toBe(MUSIC_MESSAGES.nonePlayable);
  });

  it('fails every track of an engine that can never load with the one that was not ready', () => {
    const run = createFailureRun();
    const state = { tracks: [a, b, c], currentId: a.id };
    run.neverReady(a, state.tracks, true);
    expect(run.next(state)).toBe(b);
    run.failed(b);
    expect(run.next(state)).toBeNull();
    expect(run.problem()).toBe(MUSIC_MESSAGES.unreachable);
  });

  it('starts afresh', () => {
    const run = createFailureRun();
    const state = { tracks: [a, c], currentId: a.id };
    run.neverReady(a, state.tracks, false);
    run.failed(c);
    run.reset();
    expect(run.next(state)).toBe(c);
    expect(run.problem()).toBe(MUSIC_MESSAGES.nonePlayable);
  });
});
