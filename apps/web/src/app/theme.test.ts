import {
  THEME_SURFACE_COLOR,
  THEME_SURFACE_OPACITY,
  parseColor,
  readsOnThemeSurface,
} from '@focusroom/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_TEXT_COLORS } from '../features/themes/theme-background';
import shell from '../../index.html?raw';
import { theme } from './theme';

describe('the app theme', () => {
  it('gives the theme background the same text colours the app uses (text, dimmed, links)', () => {
    // Mantine's dark scheme draws text with dark[0], dimmed text with dark[2]; links use focus[3].
    expect(APP_TEXT_COLORS).toEqual([
      theme.colors?.dark?.[0],
      theme.colors?.dark?.[2],
      theme.colors?.focus?.[3],
    ]);
  });

  it('draws its surfaces over a theme in the colour that keeps its text readable on any picture', () => {
    // app.css --fr-surface is core's THEME_SURFACE_COLOR at THEME_SURFACE_OPACITY (decision 056).
    // Read from the file: the test runner hands a stylesheet imported ?raw over empty.
    const appCss = readFileSync(
      fileURLToPath(import.meta.url).replace(/theme\.test\.ts$/, 'app.css'),
      'utf8',
    );
    const { r, g, b } = parseColor(THEME_SURFACE_COLOR);
    expect(appCss).toContain(`--fr-surface: rgba(${r}, ${g}, ${b}, ${THEME_SURFACE_OPACITY});`);
    for (const color of APP_TEXT_COLORS) expect(readsOnThemeSurface(color)).toBe(true);
  });

  it('has index.html mark <html> with the root attributes Mantine would write (providers.tsx)', () => {
    // The provider gets no root element to write on, so the HTML must say what it would have.
    const html = /<html [^>]*>/.exec(shell)?.[0] ?? '';
    expect(html).toContain('data-mantine-color-scheme="dark"');
    expect(theme.respectReducedMotion).toBe(true);
    expect(html).toContain('data-respect-reduced-motion="true"');
  });
});
