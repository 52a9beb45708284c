// Written by scripts/make-theme-art.mjs: do not edit. Each standard theme's art file under
// THEME_ART_PATH, named by the hash of its bytes (apps/web/public/themes/art/README.md).
export const THEME_ART_FILES = {
  abstract: 'abstract.1c82a4ce89.svg',
  cityscape: 'cityscape.44459abfe2.svg',
  'classic-light': 'classic-light.97758bf908.svg',
  forest: 'forest.6b2eaaa3da.svg',
  minimalist: 'minimalist.cdf6e089ec.svg',
  'sunset-orange': 'sunset-orange.826ed36ac2.svg',
  'ocean-blue': 'ocean-blue.e748e87bf9.svg',
  'mountain-peaks': 'mountain-peaks.2480cb2e1a.svg',
  'northern-lights': 'northern-lights.9fb4f7b6ac.svg',
  'dark-elegance': 'dark-elegance.0bcd017a1d.svg',
} as const;

export type ThemeArtName = keyof typeof THEME_ART_FILES;
