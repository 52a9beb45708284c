import { THEME_FALLBACK_GRADIENT, themeBackgroundUrl } from '@focusroom/core';
import { useState } from 'react';

export interface ThumbTheme {
  background_color?: string | null;
  image_url?: string | null;
  background_url?: string | null;
}

/**
 * A theme's picture in small: its image (background_url over image_url), or the purple-to-blue
 * gradient when it has none or the image fails (product §4). Decorative: the name is beside it.
 */
export function ThemeThumb({ theme, className }: { theme: ThumbTheme; className?: string }) {
  const url = themeBackgroundUrl(theme);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && failedUrl !== url;
  return (
    <span
      className={['fr-theme-thumb', className].filter(Boolean).join(' ')}
      data-state={showImage ? 'image' : 'gradient'}
      style={{
        backgroundColor: theme.background_color ?? undefined,
        backgroundImage: showImage ? undefined : THEME_FALLBACK_GRADIENT,
      }}
    >
      {showImage ? (
        <img src={url} alt="" loading="lazy" decoding="async" onError={() => setFailedUrl(url)} />
      ) : null}
    </span>
  );
}
