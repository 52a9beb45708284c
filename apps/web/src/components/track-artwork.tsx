import './track-artwork.css';
import { IconMusic } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';

/**
 * A track's artwork (the music player's rows, bar and cover; the playlist pages' rows and
 * results), or our own picture when it has none or its address fails to load (offline, a removed
 * video, a blocked image host): a music note drawn in the page, so the browser's broken-image
 * icon never shows and the fallback asks nothing of any server. Decorative: the title is beside
 * it.
 */
export function TrackArtwork({
  src,
  className,
  style,
  iconSize,
}: {
  src: string | null | undefined;
  className: string;
  style?: CSSProperties;
  iconSize: number;
}) {
  // The address that failed, so a new address (another track) gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className={`${className} fr-art-fallback`} style={style} data-art-fallback aria-hidden>
        <IconMusic size={iconSize} aria-hidden />
      </span>
    );
  }
  return (
    <img
      className={className}
      style={style}
      src={src}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
    />
  );
}
