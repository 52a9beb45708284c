import { THEME_ART_FILES, type ThemeArtName } from './art-files.js';

/**
 * The ten standard themes (product §3): fixed ids and names that existing clients rely on, with
 * art that ships with the app under /themes/art/ so backgrounds work offline. The server seeds
 * its `themes` table from this list; the web app uses Minimalist as the fallback theme.
 */

/** Where the standard themes' art is served from (our origin; see apps/web/public/themes/art). */
export const THEME_ART_PATH = '/themes/art/';

/** The purple-to-blue gradient shown when a theme has no image or its image fails (product §4). */
export const THEME_FALLBACK_GRADIENT = 'linear-gradient(135deg, #6d28d9 0%, #2563eb 100%)';

/** The theme JSON fields every theme has (product §3); `username` only on public themes. */
export interface ThemeFields {
  id: string;
  name: string;
  description: string;
  background_color: string;
  text_color: string;
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  is_dark: boolean;
  is_default: boolean;
  is_standard: boolean;
  image_url: string | null;
  background_url: string | null;
  user_id: string | null;
  created_at: string;
  is_public: boolean;
}

/** When the standard themes were first seeded; fixed so every database answers the same. */
export const STANDARD_THEMES_CREATED_AT = '2024-01-01T00:00:00.000Z';

interface StandardThemeSpec {
  id: string;
  name: string;
  /** Which art (scripts/make-theme-art.mjs); its file under THEME_ART_PATH is named by its hash. */
  art: ThemeArtName;
  description: string;
  colors: [background: string, text: string, primary: string, secondary: string, accent: string];
  is_dark: boolean;
  is_default?: boolean;
}

const SPECS: readonly StandardThemeSpec[] = [
  {
    id: 'd8a7c463-e2a0-4b15-9c1b-cb1d4e59d933',
    name: 'Abstract',
    art: 'abstract',
    description: 'Soft shapes in violet and coral that drift slowly behind the timer.',
    colors: ['#1f1535', '#f5f3ff', '#8b5cf6', '#f472b6', '#fbbf24'],
    is_dark: false,
  },
  {
    id: 'fd8b7d61-fec0-48e6-a2da-52a1b5c9887c',
    name: 'Cityscape',
    art: 'cityscape',
    description: 'A skyline at dusk with lit windows and a quiet rain.',
    colors: ['#111827', '#f9fafb', '#6366f1', '#0ea5e9', '#f59e0b'],
    is_dark: false,
  },
  {
    id: '550e8400-e29b-41d4-a716-446655440000',
    name: 'Classic Light',
    art: 'classic-light',
    description: 'Warm paper tones and a clean, bright desk.',
    colors: ['#faf7f2', '#1f2937', '#7c3aed', '#a78bfa', '#f97316'],
    is_dark: false,
  },
  {
    id: 'a3e0f1d8-5c22-4b23-9c5a-b1d1c1a9b7a2',
    name: 'Forest',
    art: 'forest',
    description: 'Layered pines in morning mist.',
    colors: ['#0f1f17', '#ecfdf5', '#22c55e', '#15803d', '#facc15'],
    is_dark: false,
  },
  {
    id: 'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0',
    name: 'Minimalist',
    art: 'minimalist',
    description: 'A calm, light room with nothing to distract you.',
    colors: ['#f4f4f5', '#18181b', '#7c3aed', '#a1a1aa', '#8b5cf6'],
    is_dark: false,
    is_default: true,
  },
  {
    id: 'b5f87e7c-f98a-4a5e-8f8a-7e5b8be2b35d',
    name: 'Sunset Orange',
    art: 'sunset-orange',
    description: 'A low sun over the hills in orange and rose.',
    colors: ['#2a1410', '#fff7ed', '#f97316', '#e11d48', '#fcd34d'],
    is_dark: false,
  },
  {
    id: 'f48a7dc2-3b8a-49e7-b8c8-6a32d1e0c1b9',
    name: 'Ocean Blue',
    art: 'ocean-blue',
    description: 'Slow waves under an open sky.',
    colors: ['#0c1e33', '#f0f9ff', '#0ea5e9', '#2563eb', '#5eead4'],
    is_dark: false,
  },
  {
    id: 'c9d5a8f1-2b7c-4e9c-b1a3-9e5c8d7f6a2e',
    name: 'Mountain Peaks',
    art: 'mountain-peaks',
    description: 'Snowy ridges fading into a pale blue distance.',
    colors: ['#1e293b', '#f8fafc', '#6366f1', '#64748b', '#38bdf8'],
    is_dark: false,
  },
  {
    id: 'd7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f',
    name: 'Northern Lights',
    art: 'northern-lights',
    description: 'An aurora rippling in green and violet over a dark sky.',
    colors: ['#050b1a', '#e0f2fe', '#34d399', '#8b5cf6', '#22d3ee'],
    is_dark: true,
  },
  {
    id: 'e2d3c4b5-a6b7-c8d9-e0f1-a2b3c4d5e6f7',
    name: 'Dark Elegance',
    art: 'dark-elegance',
    description: 'Deep plum and gold light drifting through the dark.',
    colors: ['#0d0a14', '#f5f3ff', '#a855f7', '#6b21a8', '#eab308'],
    is_dark: true,
  },
];

function toTheme(spec: StandardThemeSpec): ThemeFields {
  const [background, text, primary, secondary, accent] = spec.colors;
  const art = `${THEME_ART_PATH}${THEME_ART_FILES[spec.art]}`;
  return {
    id: spec.id,
    name: spec.name,
    description: spec.description,
    background_color: background,
    text_color: text,
    primary_color: primary,
    secondary_color: secondary,
    accent_color: accent,
    is_dark: spec.is_dark,
    is_default: spec.is_default === true,
    is_standard: true,
    image_url: art,
    background_url: art,
    user_id: null,
    created_at: STANDARD_THEMES_CREATED_AT,
    is_public: false,
  };
}

/** The ten standard themes, in the order of product §3. */
export const STANDARD_THEMES: readonly ThemeFields[] = SPECS.map(toTheme);

/** The allow-list of product §5: the ten standard ids. */
export const STANDARD_THEME_IDS: readonly string[] = SPECS.map((spec) => spec.id);

/** Minimalist: the theme flagged `is_default`. */
export const DEFAULT_THEME_ID = 'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0';

/** The built-in fallback theme of product §3 (Minimalist, light), used when loading fails. */
export const FALLBACK_THEME: ThemeFields = STANDARD_THEMES.find((t) => t.id === DEFAULT_THEME_ID)!;
