import { describe, expect, it } from 'vitest';
import { APP_TEXT_COLORS } from '../features/themes/theme-background';
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
});
