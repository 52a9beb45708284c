import {
  THEME_FALLBACK_GRADIENT,
  THEME_GRADIENT_LIGHTER_STOP,
  isThemeColor,
  themeBackgroundUrl,
  themeOverlayOpacity,
} from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { APP_TEXT_COLORS } from './theme-background';

export interface PreviewTheme {
  name: string;
  background_color: string;
  image_url: string | null;
}

/**
 * The editor's live preview: the timer as the page will show it over this background, with the
 * same overlay the page lays over it (40% over a dark colour, none over a light one: decision
 * 056), the gradient when there is no image or it fails, and the app's own text, on a scrim as
 * on the page, and Start button, which keep their colours on every theme.
 */
export function ThemePreview({ theme }: { theme: PreviewTheme }) {
  const url = themeBackgroundUrl({ image_url: theme.image_url });
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && failedUrl !== url;
  const [text, dimmed] = APP_TEXT_COLORS;
  const base = showImage
    ? isThemeColor(theme.background_color)
      ? theme.background_color
      : '#000000'
    : THEME_GRADIENT_LIGHTER_STOP;
  const overlay = themeOverlayOpacity(base);
  const { t } = useLingui();
  const name = theme.name;
  return (
    <figure
      className="fr-theme-preview"
      aria-label={name ? t`Preview of ${name}` : t`Preview of the theme`}
      data-state={showImage ? 'image' : 'gradient'}
      data-testid="theme-preview"
      style={{
        backgroundColor: theme.background_color,
        backgroundImage: showImage ? undefined : THEME_FALLBACK_GRADIENT,
        margin: 0,
      }}
    >
      {showImage ? <img src={url} alt="" onError={() => setFailedUrl(url)} /> : null}
      <div
        className="fr-theme-preview-overlay"
        data-testid="theme-preview-overlay"
        style={{ opacity: overlay }}
      />
      <div className="fr-theme-preview-body">
        <div className="fr-scrim fr-theme-preview-scrim">
          <p style={{ margin: 0, fontWeight: 700, color: text }}>{name || t`Your theme`}</p>
          <p
            style={{ margin: 0, fontSize: '0.875rem', color: dimmed }}
          >{t`Text on the background`}</p>
        </div>
        <div className="fr-theme-preview-card">
          <p className="fr-theme-preview-time">25:00</p>
          <span
            style={{
              padding: '4px 14px',
              borderRadius: 8,
              background: 'var(--mantine-primary-color-filled)',
              color: 'var(--mantine-color-white)',
              fontWeight: 600,
              fontSize: '0.875rem',
            }}
          >
            {t`Start`}
          </span>
        </div>
      </div>
    </figure>
  );
}
