import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { STANDARD_THEMES, type ThemeFields } from '@focusroom/core';

/**
 * The standard themes' names and descriptions in the reader's language (decision 076). They are
 * the server's data, seeded from core's English; an admin may rename one, and then its words are
 * the admin's, shown as they are. Keyed by the standard theme's id.
 */
const STANDARD_THEME_WORDS: Readonly<
  Record<string, { name: MessageDescriptor; description: MessageDescriptor }>
> = {
  'd8a7c463-e2a0-4b15-9c1b-cb1d4e59d933': {
    name: msg({ message: 'Abstract', context: 'standard theme name' }),
    description: msg`Soft shapes in violet and coral that drift slowly behind the timer.`,
  },
  'fd8b7d61-fec0-48e6-a2da-52a1b5c9887c': {
    name: msg({ message: 'Cityscape', context: 'standard theme name' }),
    description: msg`A skyline at dusk with lit windows and a quiet rain.`,
  },
  '550e8400-e29b-41d4-a716-446655440000': {
    name: msg({ message: 'Classic Light', context: 'standard theme name' }),
    description: msg`Warm paper tones and a clean, bright desk.`,
  },
  'a3e0f1d8-5c22-4b23-9c5a-b1d1c1a9b7a2': {
    name: msg({ message: 'Forest', context: 'standard theme name' }),
    description: msg`Layered pines in morning mist.`,
  },
  'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0': {
    name: msg({ message: 'Minimalist', context: 'standard theme name' }),
    description: msg`A calm, light room with nothing to distract you.`,
  },
  'b5f87e7c-f98a-4a5e-8f8a-7e5b8be2b35d': {
    name: msg({ message: 'Sunset Orange', context: 'standard theme name' }),
    description: msg`A low sun over the hills in orange and rose.`,
  },
  'f48a7dc2-3b8a-49e7-b8c8-6a32d1e0c1b9': {
    name: msg({ message: 'Ocean Blue', context: 'standard theme name' }),
    description: msg`Slow waves under an open sky.`,
  },
  'c9d5a8f1-2b7c-4e9c-b1a3-9e5c8d7f6a2e': {
    name: msg({ message: 'Mountain Peaks', context: 'standard theme name' }),
    description: msg`Snowy ridges fading into a pale blue distance.`,
  },
  'd7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f': {
    name: msg({ message: 'Northern Lights', context: 'standard theme name' }),
    description: msg`An aurora rippling in green and violet over a dark sky.`,
  },
  'e2d3c4b5-a6b7-c8d9-e0f1-a2b3c4d5e6f7': {
    name: msg({ message: 'Dark Elegance', context: 'standard theme name' }),
    description: msg`Deep plum and gold light drifting through the dark.`,
  },
};

const SEEDED = new Map(STANDARD_THEMES.map((theme) => [theme.id, theme]));

type Translate = (descriptor: MessageDescriptor) => string;
type ThemeWords = Pick<ThemeFields, 'id' | 'name' | 'description' | 'is_standard'>;

/** The theme's name as the reader should see it: a standard theme's seeded name translated. */
export function themeName(theme: ThemeWords, translate: Translate): string {
  const words = STANDARD_THEME_WORDS[theme.id];
  const seeded = SEEDED.get(theme.id);
  return theme.is_standard && words && seeded?.name === theme.name
    ? translate(words.name)
    : theme.name;
}

/** The theme's description as the reader should see it (see `themeName`). */
export function themeDescription(theme: ThemeWords, translate: Translate): string {
  const words = STANDARD_THEME_WORDS[theme.id];
  const seeded = SEEDED.get(theme.id);
  return theme.is_standard && words && seeded?.description === theme.description
    ? translate(words.description)
    : theme.description;
}

/** Every standard theme's words, for the test that holds them to core's English. */
export const STANDARD_THEME_WORD_IDS = Object.keys(STANDARD_THEME_WORDS);
