import {
  THEME_DARK_TEXT,
  THEME_FALLBACK_GRADIENT,
  THEME_LIGHT_TEXT,
  contrastRatio,
  isThemeColor,
  THEME_OVERLAY_OPACITY,
  readableThemeText,
  themeBackgroundUrl,
} from '@focusroom/core';
import { useState } from 'react';

export interface PreviewTheme {
  name: string;
  background_color: string;
  text_color: string;
  primary_color: string;
  accent_color: string;
  image_url: string | null;
}

/**
 * The editor's live preview: the timer as it will sit over the background, with the 40% dark
 * overlay, the gradient when there is no image or it fails, and the heading in the colour the
 * page will use for text straight on the background (AA, readableThemeText).
 */
export function ThemePreview({ theme }: { theme: PreviewTheme }) {
  const url = themeBackgroundUrl({ image_url: theme.image_url });
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && failedUrl !== url;
  const colors = readableThemeText(theme);
  const primary = isThemeColor(theme.primary_color) ? theme.primary_color : '#7c3aed';
  const onPrimary =
    contrastRatio(THEME_LIGHT_TEXT, primary) >= contrastRatio(THEME_DARK_TEXT, primary)
      ? THEME_LIGHT_TEXT
      : THEME_DARK_TEXT;
  return (
    <figure
      className="fr-theme-preview"
      aria-label={`Preview of ${theme.name || 'the theme'}`}
      data-state={showImage ? 'image' : 'gradient'}
      data-testid="theme-preview"
      style={{
        backgroundColor: theme.background_color,
        backgroundImage: showImage ? undefined : THEME_FALLBACK_GRADIENT,
        margin: 0,
      }}
    >
      {showImage ? <img src={url} alt="" onError={() => setFailedUrl(url)} /> : null}
      <div className="fr-theme-preview-overlay" style={{ opacity: THEME_OVERLAY_OPACITY }} />
      <div className="fr-theme-preview-body">
        <p style={{ margin: 0, fontWeight: 700, color: colors.text }}>
          {theme.name || 'Your theme'}
        </p>
        <p style={{ margin: 0, fontSize: '0.875rem', color: colors.dimmed }}>
          Text on the background
        </p>
        <div className="fr-theme-preview-card">
          <p className="fr-theme-preview-time">25:00</p>
          <span
            style={{
              padding: '4px 14px',
              borderRadius: 8,
              background: primary,
              color: onPrimary,
              fontWeight: 600,
              fontSize: '0.875rem',
            }}
          >
            Start
          </span>
          <span style={{ width: 60, height: 4, borderRadius: 2, background: theme.accent_color }} />
        </div>
      </div>
    </figure>
  );
}
