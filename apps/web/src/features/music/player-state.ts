import type { MessageDescriptor } from '@lingui/core';
import type { PlayerTrack } from '@focusroom/core';

/** The panel's three tabs. */
export type PlayerTab = 'nowPlaying' | 'playlist' | 'search';

/** What the player holds (product §4): the panel, the list, the current track and the sound. */
export interface PlayerState {
  open: boolean;
  minimized: boolean;
  tab: PlayerTab;
  /** The listener wants sound: set by play, cleared by pause (product §4 "playing or paused"). */
  playing: boolean;
  tracks: PlayerTrack[];
  currentId: string | null;
  /** 0-100, default 50. */
  volume: number;
  /** Music pauses for breaks and resumes with the next focus. */
  followsTimer: boolean;
  /**
   * Why the player stopped by itself after every track failed; cleared by the next play. A
   * message, not its words, so it is shown in the language of the moment.
   */
  problem: MessageDescriptor | null;
}

/** A player nothing was stored for: closed, empty, paused, at half volume. */
export const DEFAULT_PLAYER_STATE: PlayerState = {
  open: false,
  minimized: false,
  tab: 'nowPlaying',
  playing: false,
  tracks: [],
  currentId: null,
  volume: 50,
  followsTimer: false,
  problem: null,
};
