import type { PlayerTrack } from '@focusroom/core';

/**
 * One way of making sound from a track. The player drives every engine through this interface
 * and never asks which one it holds: the YouTube IFrame Player for `youtube` tracks, an HTML5
 * audio element for direct audio URLs.
 */
export interface PlaybackEngine {
  /** True once `start` can play at once (the YouTube player exists and answered onReady). */
  isReady(): boolean;
  /**
   * Begin whatever loading `start` needs (the YouTube script and player), with this track. A
   * script that failed to load is fetched again only when `retryFailed` is set (a person pressed
   * play), never by the player's own skips.
   */
  prepare(track: PlayerTrack, options?: { retryFailed?: boolean }): void;
  /**
   * True when the engine knows it cannot become ready now (its script failed to load), so no
   * track it plays can start until it is tried again.
   */
  unreachable(): boolean;
  /** Load the track and play it. */
  start(track: PlayerTrack): void;
  /** Resume the loaded track. */
  play(): void;
  pause(): void;
  /** Stop and forget the loaded track. */
  stop(): void;
  /** 0-100. */
  setVolume(volume: number): void;
  destroy(): void;
}

/** What an engine reports back to the player. */
export interface EngineEvents {
  onReady(): void;
  onPlaying(): void;
  onPaused(): void;
  onEnded(): void;
  onError(detail: string): void;
}

export type EngineFactory = (events: EngineEvents) => PlaybackEngine;
