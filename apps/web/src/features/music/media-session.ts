import type { PlayerTrack } from '@focusroom/core';

/**
 * The operating system's media controls (lock screen, media keys, headset buttons): title,
 * artist and artwork of the current track, and play/pause/next/previous wired to the player.
 * Browsers without the Media Session API get nothing, silently.
 */

export interface MediaSessionActions {
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
}

function session(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? navigator.mediaSession
    : null;
}

export function updateMediaSession(track: PlayerTrack | null, playing: boolean): void {
  const media = session();
  if (!media) return;
  if (!track) {
    media.metadata = null;
    media.playbackState = 'none';
    return;
  }
  if (typeof MediaMetadata !== 'undefined') {
    media.metadata = new MediaMetadata({
      title: track.title,
      artist: track.artist,
      artwork: track.artwork ? [{ src: track.artwork }] : [],
    });
  }
  media.playbackState = playing ? 'playing' : 'paused';
}

/** Wires the actions; the returned function removes them again. */
export function bindMediaSession(actions: MediaSessionActions): () => void {
  const media = session();
  if (!media) return () => undefined;
  const handlers: [MediaSessionAction, () => void][] = [
    ['play', actions.play],
    ['pause', actions.pause],
    ['nexttrack', actions.next],
    ['previoustrack', actions.previous],
  ];
  for (const [action, handler] of handlers) {
    try {
      media.setActionHandler(action, handler);
    } catch {
      // This browser does not support the action.
    }
  }
  return () => {
    for (const [action] of handlers) {
      try {
        media.setActionHandler(action, null);
      } catch {
        // As above.
      }
    }
  };
}
