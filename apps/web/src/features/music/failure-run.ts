import type { MessageDescriptor } from '@lingui/core';
import { nextUnfailedTrack, type PlayerTrack, type PlaylistState } from '@focusroom/core';
import { MUSIC_MESSAGES } from './player-messages';

/**
 * The tracks that failed since a track last played (decision 053): a track that cannot start or
 * play is skipped, but once every track of the list has failed in a row the player stops and
 * says why once, instead of going round the list for ever.
 */
export interface FailureRun {
  /** `track` failed to play. */
  failed(track: PlayerTrack): void;
  /**
   * `track`'s engine was not ready in time; when it can never load (its script failed), every
   * track of that engine in `tracks` fails with it.
   */
  neverReady(track: PlayerTrack, tracks: readonly PlayerTrack[], unreachable: boolean): void;
  /** The next track after the current one that has not failed in this run, or null. */
  next(state: PlaylistState): PlayerTrack | null;
  /** Why every track failed: an engine never got ready, or the tracks would not play. */
  problem(): MessageDescriptor;
  /** A new run: a track played, or a person asked for sound. */
  reset(): void;
}

export function createFailureRun(): FailureRun {
  let failed = new Set<string>();
  /** Whether a track of this run never got a ready engine. */
  let hadInitFailure = false;
  return {
    failed(track) {
      failed.add(track.id);
    },
    neverReady(track, tracks, unreachable) {
      hadInitFailure = true;
      failed.add(track.id);
      if (unreachable) for (const t of tracks) if (t.source === track.source) failed.add(t.id);
    },
    next: (state) => nextUnfailedTrack(state, failed),
    problem: () => (hadInitFailure ? MUSIC_MESSAGES.unreachable : MUSIC_MESSAGES.nonePlayable),
    reset() {
      failed = new Set();
      hadInitFailure = false;
    },
  };
}
