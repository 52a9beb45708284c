import { THEME_OVERLAY_OPACITY } from '@focusroom/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render';
import { APP_TEXT_COLORS } from './theme-background';
import { ThemePreview } from './theme-preview';

function overlayOf(background: string, image: string | null = '/uploads/a.webp') {
  render(
    <TestProviders>
      <ThemePreview theme={{ name: 'Mine', background_color: background, image_url: image }} />
    </TestProviders>,
  );
  return Number(screen.getByTestId('theme-preview-overlay').style.opacity);
}

describe('the editor preview shows what the page will show', () => {
  it('lays the 40% overlay over a dark background', () => {
    expect(overlayOf('#0d0a14')).toBe(THEME_OVERLAY_OPACITY);
  });

  it('leaves a light background light, as the page does; its text is on a scrim', () => {
    expect(overlayOf('#f4f4f5')).toBe(0);
    expect(screen.getByText('Text on the background').closest('.fr-scrim')).not.toBeNull();
  });

  it('writes in the app’s own text colours, whatever the theme’s colours', () => {
    overlayOf('#ffffff');
    expect(screen.getByText('Mine')).toHaveStyle({ color: APP_TEXT_COLORS[0] });
  });
});
