import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SEEDED, type ThemeWords, type Translate } from './standard-theme-words';

/**
 * The standard themes' descriptions in the reader's language (decision 076), apart from their
 * names: only the themes page shows them, so the first load of `/` does not carry them.
 */
const STANDARD_THEME_DESCRIPTIONS: Readonly<Record<string, MessageDescriptor>> = {
  'd8a7c463-e2a0-4b15-9c1b-cb1d4e59d933': msg`Soft shapes in violet and coral that drift slowly behind the timer.`,
  'fd8b7d61-fec0-48e6-a2da-52a1b5c9887c': msg`A skyline at dusk with lit windows and a quiet rain.`,
  '550e8400-e29b-41d4-a716-446655440000': msg`Warm paper tones and a clean, bright desk.`,
  'a3e0f1d8-5c22-4b23-9c5a-b1d1c1a9b7a2': msg`Layered pines in morning mist.`,
  'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0': msg`A calm, light room with nothing to distract you.`,
  'b5f87e7c-f98a-4a5e-8f8a-7e5b8be2b35d': msg`A low sun over the hills in orange and rose.`,
  'f48a7dc2-3b8a-49e7-b8c8-6a32d1e0c1b9': msg`Slow waves under an open sky.`,
  'c9d5a8f1-2b7c-4e9c-b1a3-9e5c8d7f6a2e': msg`Snowy ridges fading into a pale blue distance.`,
  'd7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f': msg`An aurora rippling in green and violet over a dark sky.`,
  'e2d3c4b5-a6b7-c8d9-e0f1-a2b3c4d5e6f7': msg`Deep plum and gold light drifting through the dark.`,
};

/** The theme's description as the reader should see it (see `themeName`). */
export function themeDescription(theme: ThemeWords, translate: Translate): string {
  const description = STANDARD_THEME_DESCRIPTIONS[theme.id];
  return theme.is_standard && description && SEEDED.get(theme.id)?.description === theme.description
    ? translate(description)
    : theme.description;
}
