import { IconMusic } from '@tabler/icons-react';
import type { PlayerTrack } from '@focusroom/core';

/** A track's artwork, or a music note when it has none. Decorative: the title is beside it. */
export function TrackArt({ track, size }: { track: PlayerTrack | null; size: number }) {
  if (track?.artwork) {
    return (
      <img
        className="fr-music-art"
        src={track.artwork}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className="fr-music-art fr-music-art-empty" style={{ width: size, height: size }}>
      <IconMusic size={size / 2} aria-hidden />
    </span>
  );
}
