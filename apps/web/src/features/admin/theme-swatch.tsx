import type { Theme } from '@focusroom/core/schemas';

/** A theme's colours as a small tile (decoration only: the name beside it says which theme). */
export function ThemeSwatch({
  theme,
}: {
  theme: Pick<Theme, 'background_color' | 'primary_color' | 'accent_color'>;
}) {
  return (
    <span
      aria-hidden="true"
      className="fr-admin-swatch"
      style={{
        background: `linear-gradient(135deg, ${theme.background_color} 0 55%, ${theme.primary_color} 55% 80%, ${theme.accent_color} 80%)`,
      }}
    />
  );
}
