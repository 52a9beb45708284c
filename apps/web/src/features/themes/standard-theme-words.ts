import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { STANDARD_THEMES, type ThemeFields } from '@focusroom/core';

/**
 * The standard themes' names in the reader's language (decision 076; their descriptions:
 * standard-theme-descriptions.ts). They are
 * the server's data, seeded from core's English; an admin may rename one, and then its words are
 * the admin's, shown as they are. Keyed by the standard theme's id.
 */
/** Their names here; their descriptions, shown only on the themes page, in its own module. */
const STANDARD_THEME_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  'd8a7c463-e2a0-4b15-9c1b-cb1d4e59d933': msg({
    message: 'Abstract',
    context: 'standard theme name',
  }),
  'fd8b7d61-fec0-48e6-a2da-52a1b5c9887c': msg({
    message: 'Cityscape',
    context: 'standard theme name',
  }),
  '550e8400-e29b-41d4-a716-446655440000': msg({
    message: 'Classic Light',
    context: 'standard theme name',
  }),
  'a3e0f1d8-5c22-4b23-9c5a-b1d1c1a9b7a2': msg({
    message: 'Forest',
    context: 'standard theme name',
  }),
  'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0': msg({
    message: 'Minimalist',
    context: 'standard theme name',
  }),
  'b5f87e7c-f98a-4a5e-8f8a-7e5b8be2b35d': msg({
    message: 'Sunset Orange',
    context: 'standard theme name',
  }),
  'f48a7dc2-3b8a-49e7-b8c8-6a32d1e0c1b9': msg({
    message: 'Ocean Blue',
    context: 'standard theme name',
  }),
  'c9d5a8f1-2b7c-4e9c-b1a3-9e5c8d7f6a2e': msg({
    message: 'Mountain Peaks',
    context: 'standard theme name',
  }),
  'd7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f': msg({
    message: 'Northern Lights',
    context: 'standard theme name',
  }),
  'e2d3c4b5-a6b7-c8d9-e0f1-a2b3c4d5e6f7': msg({
    message: 'Dark Elegance',
    context: 'standard theme name',
  }),
};

export const SEEDED = new Map(STANDARD_THEMES.map((theme) => [theme.id, theme]));

export type Translate = (descriptor: MessageDescriptor) => string;
export type ThemeWords = Pick<ThemeFields, 'id' | 'name' | 'description' | 'is_standard'>;

/** The theme's name as the reader should see it: a standard theme's seeded name translated. */
export function themeName(theme: ThemeWords, translate: Translate): string {
  const name = STANDARD_THEME_NAMES[theme.id];
  return theme.is_standard && name && SEEDED.get(theme.id)?.name === theme.name
    ? translate(name)
    : theme.name;
}

/** Every standard theme's name, for the test that holds them to core's English. */
export const STANDARD_THEME_WORD_IDS = Object.keys(STANDARD_THEME_NAMES);
