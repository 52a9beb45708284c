/** The five colours of a valid custom theme, for the suites that create one. */
export const THEME_COLORS = {
  background_color: '#101820',
  text_color: '#fff',
  primary_color: '#7c3aed',
  secondary_color: '#A78BFA',
  accent_color: '#f97316',
};
