/** The /themes page, loaded on demand: a chunk of its own (docs/decisions/066). */
export const loadThemesPage = () => import('./themes-page');
