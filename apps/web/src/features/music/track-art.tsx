import type { PlayerTrack } from '@focusroom/core';
import { TrackArtwork } from '../../components/track-artwork';

/** A square of a track's artwork in the player, or our own picture when it has none or fails. */
export function TrackArt({ track, size }: { track: PlayerTrack | null; size: number }) {
  return (
    <TrackArtwork
      key={track?.id ?? ''}
      src={track?.artwork}
      className="fr-music-art"
      style={{ width: size, height: size }}
      iconSize={size / 2}
    />
  );
}
