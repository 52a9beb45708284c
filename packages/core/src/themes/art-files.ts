// Written by scripts/make-theme-art.mjs: do not edit. Each standard theme's art file under
// THEME_ART_PATH, named by the hash of its bytes (apps/web/public/themes/art/README.md).
export const THEME_ART_FILES = {
  abstract: 'abstract.a0353bc11e.svg',
  cityscape: 'cityscape.2a7619e013.svg',
  'classic-light': 'classic-light.97758bf908.svg',
  forest: 'forest.6b2eaaa3da.svg',
  minimalist: 'minimalist.cdf6e089ec.svg',
  'sunset-orange': 'sunset-orange.826ed36ac2.svg',
  'ocean-blue': 'ocean-blue.f7bd97f452.svg',
  'mountain-peaks': 'mountain-peaks.2480cb2e1a.svg',
  'northern-lights': 'northern-lights.8a23d18ec2.svg',
  'dark-elegance': 'dark-elegance.61f1ac2b63.svg',
} as const;

export type ThemeArtName = keyof typeof THEME_ART_FILES;
