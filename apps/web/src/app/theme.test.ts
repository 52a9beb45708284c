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

  it('has index.html mark <html> with the root attributes Mantine would write (providers.tsx)', () => {
    // The provider gets no root element to write on, so the HTML must say what it would have.
    const html = /<html [^>]*>/.exec(shell)?.[0] ?? '';
    expect(html).toContain('data-mantine-color-scheme="dark"');
    expect(theme.respectReducedMotion).toBe(true);
    expect(html).toContain('data-respect-reduced-motion="true"');
  });
});
